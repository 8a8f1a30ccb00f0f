/// A point in an emitter layer's space, z included.
typealias Point3 = (x: Double, y: Double, z: Double)

/// Moving particles on, and making them: births along the emitter's path, sub-cell births along
/// their parents' paths, and bursts.
extension ParticleSystem {
    /// Reads every cell's values (presentation, under the layer's multipliers) for the steps that
    /// follow.
    func prepare(_ m: EmitterMultipliers) {
        for i in entries.indices { parameters[i] = CellParameters(entries[i].cell, m) }
    }

    /// Moves every particle on by `dt` seconds and makes the births of that time, which starts
    /// at `start` in the emitter's running time. The emitter's centre moves from `from` to `to`
    /// meanwhile, and each birth happens where it was at that moment, so a fast emitter leaves an
    /// even trail. At most `budget` particles are born.
    func step(_ dt: Double, start: Double, from: Point3, to: Point3, geometry: EmitterGeometry, budget: inout Int) {
        guard dt > 0 else { return }
        // Sub-cells before their parents: their particles move on first, so that those the
        // parents then emit are not moved twice.
        var s = entries.count
        while s > 0 {
            s -= 1
            update(s, dt, budget: &budget)
        }
        for s in entries.indices where entries[s].parent < 0 {
            emitFromLayer(s, dt, start: start, from: from, to: to, geometry: geometry, budget: &budget)
        }
    }

    /// Makes `count` particles of entry `s` now, on the emitter's shape around `centre` (none
    /// when the cell is disabled).
    func burst(_ s: Int, count: Int, centre: Point3, geometry: EmitterGeometry, budget: inout Int) {
        guard entries.indices.contains(s), parameters[s].isEnabled else { return }
        let p = parameters[s]
        entries[s].store.reserve(min(count, budget))
        for _ in 0..<max(0, count) {
            guard budget > 0 else { return }
            let offset = geometry.sample(&random)
            spawn(s, p, at: (centre.x + offset.x, centre.y + offset.y, centre.z + offset.z), age: 0, budget: &budget)
        }
    }

    /// Ages and moves entry `s`'s particles by `dt`; those whose life ends are removed (their
    /// place taken by the last); those with sub-cells emit along the way.
    private func update(_ s: Int, _ dt: Double, budget: inout Int) {
        let store = entries[s].store
        var n = store.count
        guard n > 0 else { return }
        let emits = entries[s].children.contains { parameters[$0].isEnabled && parameters[$0].birthRate > 0 }
        let a = parameters[s].acceleration
        let x = store.column(.x), y = store.column(.y), z = store.column(.z)
        let vx = store.column(.vx), vy = store.column(.vy), vz = store.column(.vz)
        let age = store.column(.age), life = store.column(.life)
        let h = Float(dt), half = 0.5 * h * h
        var i = 0
        var died = 0
        while i < n {
            let a0 = age[i], a1 = a0 + h
            let x1 = x[i] + vx[i] * h + a.x * half
            let y1 = y[i] + vy[i] * h + a.y * half
            let z1 = z[i] + vz[i] * h + a.z * half
            if emits {
                emitFromParticle(s, age: Double(a0), span: dt, life: Double(life[i]),
                                 from: (Double(x[i]), Double(y[i]), Double(z[i])),
                                 to: (Double(x1), Double(y1), Double(z1)), budget: &budget)
            }
            if a1 >= life[i] {
                store.remove(at: i)
                n -= 1
                died += 1
                continue
            }
            age[i] = a1
            x[i] = x1
            y[i] = y1
            z[i] = z1
            vx[i] += a.x * h
            vy[i] += a.y * h
            vz[i] += a.z * h
            i += 1
        }
        counted(-died)
    }

    /// The births of a cell the layer emits, over `dt` from `start`: birthRate × the part of
    /// that time the cell emits in (the fraction carried over), spaced evenly in time along the
    /// centre's path.
    private func emitFromLayer(_ s: Int, _ dt: Double, start: Double, from: Point3, to: Point3,
                               geometry: EmitterGeometry, budget: inout Int) {
        let p = parameters[s]
        guard p.isEnabled, p.birthRate > 0 else { return }
        // The part of the step inside the cell's window, as fractions of the step.
        let end = start + dt
        let lo = max(start, p.window.start), hi = min(end, p.window.end)
        guard hi > lo else { return }
        let whole = lo == start && hi == end
        let first = whole ? 0 : (lo - start) / dt
        let span = whole ? 1 : (hi - lo) / dt
        let owed = entries[s].owed
        let expected = p.birthRate * dt * span
        let total = owed + expected
        // A hair over, so that rounding in the sum of many steps does not lose a birth.
        let births = min((total + 1e-9).rounded(.down), Double(max(budget, 0)))
        guard births >= 1 else {
            entries[s].owed = total
            return
        }
        let count = Int(births)
        entries[s].store.reserve(count)
        for k in 0..<count {
            // The k-th birth is when owed + rate × t reaches k + 1.
            let g = min(1, max(0, (Double(k + 1) - owed) / expected))
            let f = whole ? g : first + g * span
            let offset = geometry.sample(&random)
            let centre = ParticleSystem.mix(from, to, f)
            spawn(s, p, at: (centre.x + offset.x, centre.y + offset.y, centre.z + offset.z), age: (1 - f) * dt,
                  budget: &budget)
        }
        entries[s].owed = min(max(total - births, 0), 1)
    }

    /// The births of entry `s`'s sub-cells from one of its particles, while the particle ages from
    /// `age` by `span` seconds (up to its `life`), moving from `from` to `to`. A sub-cell born at
    /// rate r is born when the parent's age passes a multiple of 1/r.
    private func emitFromParticle(_ s: Int, age: Double, span: Double, life: Double, from: Point3, to: Point3,
                                  budget: inout Int) {
        let end = min(age + span, life)
        guard end > age, span > 0 else { return }
        for c in entries[s].children {
            let p = parameters[c]
            guard p.isEnabled, p.birthRate > 0, budget > 0 else { continue }
            // The sub-cell's timing runs on the parent particle's age.
            let lo = max(age, p.window.start), hi = min(end, p.window.end)
            guard hi > lo else { continue }
            let r = p.birthRate
            let k0 = (lo * r).rounded(.down)
            let births = min((hi * r).rounded(.down) - k0, span * r + 1, Double(budget))
            guard births >= 1 else { continue }
            for j in 0..<Int(births) {
                let born = (k0 + Double(j) + 1) / r
                let f = min(1, max(0, (born - age) / span))
                spawn(c, p, at: ParticleSystem.mix(from, to, f), age: max(0, age + span - born), budget: &budget)
            }
        }
    }

    /// One particle of entry `s`, born at `position` `age` seconds ago, drawn from the cell's
    /// values `p`; then the births of its sub-cells over that age. Every random number is drawn
    /// whether or not the particle lives, so one particle never changes the next one's.
    private func spawn(_ s: Int, _ p: CellParameters, at position: Point3, age: Double, budget: inout Int) {
        let lifetime = p.lifetime + p.lifetimeRange * CellParameters.spread(&random)
        let v = p.sampleVelocity(&random)
        let scale = p.scale + p.scaleRange * CellParameters.spread(&random)
        let spin = p.spin + p.spinRange * CellParameters.spread(&random)
        let c = p.color, range = p.colorRange
        let red = c.r + range.r * CellParameters.spread(&random)
        let green = c.g + range.g * CellParameters.spread(&random)
        let blue = c.b + range.b * CellParameters.spread(&random)
        let alpha = c.a + range.a * CellParameters.spread(&random)
        let life = min(lifetime, ParticleSystem.maxLifetime)
        guard budget > 0, life > age, v.x.isFinite, v.y.isFinite, v.z.isFinite else { return }
        budget -= 1
        let store = entries[s].store
        store.reserve(1)
        let i = store.append()
        counted(1)
        let t = age, a = p.acceleration
        let ax = Double(a.x), ay = Double(a.y), az = Double(a.z)
        let x = position.x + v.x * t + 0.5 * ax * t * t
        let y = position.y + v.y * t + 0.5 * ay * t * t
        let z = position.z + v.z * t + 0.5 * az * t * t
        store.column(.x)[i] = Float(x)
        store.column(.y)[i] = Float(y)
        store.column(.z)[i] = Float(z)
        store.column(.vx)[i] = Float(v.x + ax * t)
        store.column(.vy)[i] = Float(v.y + ay * t)
        store.column(.vz)[i] = Float(v.z + az * t)
        store.column(.age)[i] = Float(t)
        store.column(.life)[i] = Float(life)
        store.column(.scale)[i] = Float(scale)
        store.column(.spin)[i] = Float(spin)
        store.column(.red)[i] = Float(red)
        store.column(.green)[i] = Float(green)
        store.column(.blue)[i] = Float(blue)
        store.column(.alpha)[i] = Float(alpha)
        if !entries[s].children.isEmpty {
            emitFromParticle(s, age: 0, span: t, life: life, from: position, to: (x, y, z), budget: &budget)
        }
    }

    /// The point `f` of the way from `a` to `b`.
    @inline(__always) static func mix(_ a: Point3, _ b: Point3, _ f: Double) -> Point3 {
        (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f)
    }
}
