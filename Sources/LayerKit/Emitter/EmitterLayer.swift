import Spelling

/// A layer that emits, animates and draws particles (CAEmitterLayer). The emitter's geometry and
/// multipliers are registry properties (`emitterPosition`, `birthRate` …); the cells and the
/// particles are here. The scene steps the particles when it evaluates the frame, on the layer's
/// own time (see `EmitterClock`); they live in the layer's coordinates, so moving or
/// transforming the layer moves them all.
public final class EmitterLayer: Layer {
    /// The cells the layer emits: copies of the cells it was given, as Core Animation copies
    /// them. The copies are live: changing one (or its sub-cells) changes what the layer emits.
    public var emitterCells: [EmitterCell] {
        get { cells }
        set { try? setEmitterCells(newValue) }
    }

    private var cells: [EmitterCell] = []
    /// Bumped whenever the cells, their names or their sub-cells change.
    private(set) var cellGeneration = 0
    let system: ParticleSystem
    private var clock = EmitterClock()
    /// The media time the layer first joined the tree at (nil before).
    private var joinedAt: Double?
    /// The emitter's centre at the end of the last step (nil before the first).
    private var lastCentre: Point3?
    /// Bursts asked for and not yet made: (entry, count); made at the end of the next step.
    private var pendingBursts: [(entry: Int, count: Int)] = []
    private var pendingCount = 0

    /// The longest stretch of time one frame simulates: a pre-run (or a frame after a long
    /// pause) longer than this, or than the particles' longest life, starts from an empty
    /// emitter that much before now.
    public static let maxCatchUp = 60.0
    /// Steps longer than this are cut into steps this long (a pre-run of ten seconds is 200 of
    /// them, none drawn).
    public static let maxStep = 1.0 / 20

    public init(scene: Scene) {
        system = ParticleSystem(seed: 0)
        super.init(kind: .emitter, scene: scene)
    }

    deinit {
        scene?.particleCount -= system.count + pendingCount
    }

    /// Replaces the cells with copies of `newCells`. Throws when they nest more than
    /// `EmitterCell.maxNesting` deep.
    public func setEmitterCells(_ newCells: [EmitterCell]) throws(EmitterError) {
        let depth = newCells.map(\.nestingDepth).max() ?? 0
        guard depth <= EmitterCell.maxNesting else { throw .nestedTooDeep(limit: EmitterCell.maxNesting) }
        for cell in cells { cell.attach(to: nil) }
        cells = newCells.map { $0.copy() }
        for cell in cells { cell.attach(to: self) }
        cellsChanged()
    }

    /// Live particles now (bursts asked for since the last frame included).
    public var particleCount: Int {
        syncCells()
        return system.count + pendingCount
    }

    /// Bytes allocated for this layer's particles.
    public var particleBytes: Int { system.allocatedBytes }

    /// Asks for `count` particles of the cell named `name` (nil: of every cell the layer emits
    /// directly; a disabled cell makes none), born on the emitter's shape: they are made when the
    /// scene next evaluates a frame, as if born at its time (a burst asked for in a timer or
    /// display link is born in that very frame). The count is clamped to what the scene's
    /// particle limit leaves.
    public func emit(_ count: Int, cellNamed name: String? = nil) throws(EmitterError) {
        syncCells()
        let targets: [Int]
        if let name {
            guard let entry = system.entry(named: name) else {
                let names = system.entries.compactMap(\.cell.name)
                throw .unknownCell(name: name, suggestion: NameSuggestion.closest(to: name, among: names))
            }
            targets = [entry]
        } else {
            targets = system.entries.indices.filter { system.entries[$0].parent < 0 }
        }
        for entry in targets where system.entries[entry].cell.isEnabled {
            // The scene's count includes the bursts already asked for.
            let room = max(0, (scene?.particleLimit ?? 0) - (scene?.particleCount ?? 0))
            let n = min(max(count, 0), room)
            guard n > 0 else { return }
            pendingBursts.append((entry, n))
            pendingCount += n
            scene?.particleCount += n
        }
    }

    /// The cell at `path` (names from the layer down, as in `emitterCells.a.emitterCells.b`).
    public func cell(atPath path: [String]) -> EmitterCell? {
        var level = cells
        var found: EmitterCell?
        for name in path {
            guard let next = level.first(where: { $0.name == name }) else { return nil }
            found = next
            level = next.emitterCells
        }
        return found
    }

    /// Every cell name at `path`'s level (for "did you mean").
    func cellNames(along path: [String]) -> [String] {
        var level = cells
        for name in path {
            guard let next = level.first(where: { $0.name == name }) else { break }
            level = next.emitterCells
        }
        return level.compactMap(\.name)
    }

    /// Notes that the cells changed (the particle system rebuilds its stores before next using
    /// them; key paths find their cells again).
    func cellsChanged() {
        cellGeneration &+= 1
    }

    /// Copies every cell's model state into its presentation state (before the frame's cell
    /// animations are applied, and when the last one is removed).
    func resetCellPresentation() {
        for cell in cells { cell.resetPresentation() }
    }

    /// Calls `body` with each cell and its particles, in drawing order (depth first, a cell
    /// before its sub-cells). The views are valid until the next frame is evaluated.
    public func forEachParticleGroup(_ body: (EmitterCell, ParticleView) -> Void) {
        for entry in system.entries where entry.store.count > 0 {
            body(entry.cell, ParticleView(entry.store))
        }
    }

    // MARK: Stepping

    /// Steps the particles to this frame: `local` is the layer's local time and `parentTime` its
    /// superlayer's. Called by the scene while it evaluates the frame, after the layer's
    /// animations are applied.
    func advance(parentTime: Double, local: Double) {
        syncCells()
        let before = system.count + pendingCount
        let joinTime = clock.isStarted ? parentTime : joinedAt.map { superlayer?.localTime(mediaTime: $0) ?? $0 } ?? parentTime
        let dt = clock.advance(local: local, joinTime: joinTime, beginTime: number(.beginTime),
                               speed: number(.speed), joinSerial: treeJoinSerial)
        let multipliers = self.multipliers
        let geometry = self.geometry
        let centre = self.centre
        var from = lastCentre ?? centre
        lastCentre = centre
        var budget = max(0, (scene?.particleLimit ?? 0) - (scene?.particleCount ?? 0))
        if dt > 0 && !system.entries.isEmpty {
            system.prepare(multipliers)
            var remaining = dt
            let catchUp = min(system.longestLife(multipliers) + EmitterLayer.maxStep, EmitterLayer.maxCatchUp)
            if remaining > catchUp {
                system.removeAll()
                remaining = catchUp
                from = centre
                budget = max(0, (scene?.particleLimit ?? 0) - (scene?.particleCount ?? 0) + before - pendingCount)
            }
            let steps = max(1, (remaining / EmitterLayer.maxStep).rounded(.up))
            let n = Int(min(steps, 1e6))
            let h = remaining / Double(n)
            let start = clock.elapsed - remaining
            for k in 0..<n {
                let a = ParticleSystem.mix(from, centre, Double(k) / Double(n))
                let b = ParticleSystem.mix(from, centre, Double(k + 1) / Double(n))
                system.step(h, start: start + Double(k) * h, from: a, to: b, geometry: geometry, budget: &budget)
            }
        }
        if !pendingBursts.isEmpty {
            if dt <= 0 { system.prepare(multipliers) }
            // The bursts were counted against the limit when they were asked for.
            for burst in pendingBursts {
                var allowance = burst.count
                system.burst(burst.entry, count: burst.count, centre: centre, geometry: geometry, budget: &allowance)
            }
            pendingBursts.removeAll(keepingCapacity: true)
            pendingCount = 0
        }
        scene?.particleCount += system.count + pendingCount - before
    }

    /// Notes when the layer joined the tree (the emitter starts then).
    func joinedTree(at mediaTime: Double) {
        if joinedAt == nil { joinedAt = mediaTime }
    }

    /// Rebuilds the particle system's stores if the cells changed, and follows the seed.
    private func syncCells() {
        if system.generation != cellGeneration {
            let before = system.count
            system.rebuild(for: cells, generation: cellGeneration)
            scene?.particleCount += system.count - before
            if !pendingBursts.isEmpty {
                // Entries were renumbered: bursts asked for before the change are dropped.
                scene?.particleCount -= pendingCount
                pendingBursts.removeAll()
                pendingCount = 0
            }
        }
        let seed = number(.seed, .presentation)
        let clamped = seed.isFinite ? min(max(seed, -9.0e18), 9.0e18) : 0
        system.reseed(UInt64(bitPattern: Int64(clamped)))
    }

    private var multipliers: EmitterMultipliers {
        EmitterMultipliers(birthRate: finite(.birthRate), lifetime: finite(.lifetime), velocity: finite(.velocity),
                           scale: finite(.scale), spin: finite(.spin))
    }

    private var geometry: EmitterGeometry {
        let size = self.size(.emitterSize, .presentation)
        return EmitterGeometry(shape: choice(.emitterShape, EmitterShape.allCases, .point),
                               mode: choice(.emitterMode, EmitterMode.allCases, .volume),
                               width: size.width.isFinite ? size.width : 0,
                               height: size.height.isFinite ? size.height : 0,
                               depth: finite(.emitterDepth))
    }

    private var centre: Point3 {
        let p = point(.emitterPosition, .presentation)
        return (p.x.isFinite ? p.x : 0, p.y.isFinite ? p.y : 0, finite(.emitterZPosition))
    }

    /// A number property's presentation value (0 when not finite).
    private func finite(_ property: PropertyID) -> Double {
        let v = number(property, .presentation)
        return v.isFinite ? v : 0
    }

    /// A choice property's presentation value, read by its stored index (no string work).
    func choice<C>(_ property: PropertyID, _ cases: [C], _ fallback: C) -> C {
        let index = number(property, .presentation)
        guard index >= 0, index < Double(cases.count) else { return fallback }
        return cases[Int(index)]
    }
}
