import Foundation
import LayerKit

/// An emitter layer's particles: per cell, one run of textured quads (its contents image, tinted
/// by each particle's colour) in the layer's space under the layer's whole transform, drawn above
/// the layer's background and border, as Core Animation draws them. A particle's colour, scale
/// and rotation follow from its age: colour = birth colour + colour speeds × age (clamped to
/// 0…1), scale = birth scale + scaleSpeed × age, angle = spin × age; its size is the image's
/// size (of `contentsRect`'s part) times its scale.
///
/// `renderMode` orders each cell's particles (cells draw in order, a cell before its sub-cells):
/// `oldestFirst` draws the oldest first (at the back), `oldestLast` the oldest last (in front),
/// `backToFront` by z (the most negative first); `additive` adds them onto what is below.
extension Compositor {
    func drawParticles(of layer: EmitterLayer, map: ProjectiveMap, opacity: Double, tint: Tint, clip: ClipPolygon?,
                       slot: StateSlot) {
        let modes = EmitterRenderMode.allCases
        let index = layer.number(.renderMode, slot)
        let mode = index >= 0 && index < Double(modes.count) ? modes[Int(index)] : .unordered
        layer.forEachParticleGroup { cell, particles in
            guard cell.isEnabled, let image = cell.contents else { return }
            drawParticles(particles, cell: cell, image: image, mode: mode, map: map, opacity: opacity, tint: tint, clip: clip,
                          slot: slot)
        }
    }

    private func drawParticles(_ p: ParticleView, cell: EmitterCell, image: Image, mode: EmitterRenderMode,
                               map: ProjectiveMap, opacity: Double, tint: Tint, clip: ClipPolygon?, slot: StateSlot) {
        let blend: BlendMode = mode == .additive ? .additive : .normal
        let texture = cache.texture(for: image)
        let filters = ContentsFilters(cell)
        let cr = cell.value(.contentsRect, slot).rect.standardized
        func unit(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }
        let uv = UVRect(u0: unit(cr.minX), v0: unit(cr.minY), u1: unit(cr.maxX), v1: unit(cr.maxY))
        let w = Double(image.width) * (uv.u1 - uv.u0), h = Double(image.height) * (uv.v1 - uv.v0)
        guard w > 0, h > 0 else { return }
        func rate(_ id: CellPropertyID) -> Float {
            let v = cell.number(id, slot)
            return v.isFinite ? Float(v) : 0
        }
        let scaleSpeed = rate(.scaleSpeed)
        let speeds = (rate(.redSpeed), rate(.greenSpeed), rate(.blueSpeed), rate(.alphaSpeed))
        let tints = (Float(tint.r), Float(tint.g), Float(tint.b), Float(opacity))

        switch mode {
        case .oldestFirst: particleOrder.sort(count: p.count, key: p.age, descending: true)
        case .oldestLast: particleOrder.sort(count: p.count, key: p.age, descending: false)
        case .backToFront: particleOrder.sort(count: p.count, key: p.z, descending: false)
        case .unordered, .additive: break
        }
        let ordered = mode != .unordered && mode != .additive

        let fast = map.isAffine && clip == nil
        let atlas = texture.mipmapAtlas()
        let mapScale = abs(map.m11 * map.m22 - map.m12 * map.m21).squareRoot()
        if fast {
            particleLevels.removeAll(keepingCapacity: true)
            for level in 0..<atlas.levels.count { particleLevels.append(atlas.uv(uv, level: level)) }
            drawList.begin(atlas.texture, blend: blend)
        }
        let box = clipBox
        for k in 0..<p.count {
            let i = ordered ? particleOrder[k] : k
            let age = p.age[i]
            let s = p.scale[i] + scaleSpeed * age
            let alpha = clamp(p.alpha[i] + speeds.3 * age) * tints.3
            guard s != 0, s.isFinite, alpha >= 0.5 / 255 else { continue }
            let color = VertexColor(red: Double(clamp(p.red[i] + speeds.0 * age) * tints.0),
                                    green: Double(clamp(p.green[i] + speeds.1 * age) * tints.1),
                                    blue: Double(clamp(p.blue[i] + speeds.2 * age) * tints.2), alpha: Double(alpha))
            let angle = p.spin[i] * age
            let c = angle == 0 ? 1 : Double(cos(angle)), sn = angle == 0 ? 0 : Double(sin(angle))
            let px = Double(p.x[i]), py = Double(p.y[i]), scale = Double(s)
            guard px.isFinite, py.isFinite, c.isFinite, sn.isFinite else { continue }
            if !fast {
                statistics.particles += 1
                let own = ProjectiveMap(m11: c * scale, m12: sn * scale, m13: 0, m21: -sn * scale, m22: c * scale, m23: 0,
                                        m31: px, m32: py, m33: 1)
                emitQuad(Rect(x: -w / 2, y: -h / 2, width: w, height: h), uv: uv, texture: texture, color: color,
                         blend: blend, map: own.then(map), clip: clip, filters: filters)
                continue
            }
            // Half the sprite's x and y axes, turned, in the layer's space, then on screen.
            let hx = w * scale / 2, hy = h * scale / 2
            let ax = c * hx, ay = sn * hx, bx = -sn * hy, by = c * hy
            let sx = map.m11 * px + map.m21 * py + map.m31, sy = map.m12 * px + map.m22 * py + map.m32
            let ux = map.m11 * ax + map.m21 * ay, uy = map.m12 * ax + map.m22 * ay
            let vx = map.m11 * bx + map.m21 * by, vy = map.m12 * bx + map.m22 * by
            let extentX = abs(ux) + abs(vx), extentY = abs(uy) + abs(vy)
            guard sx + extentX > box.minX, sx - extentX < box.maxX, sy + extentY > box.minY, sy - extentY < box.maxY,
                  extentX > 1e-6 || extentY > 1e-6 else { continue }
            statistics.particles += 1
            let pixels = abs(scale) * mapScale
            let t: UVRect
            if filters.hasNearest {
                // A cell with a `nearest` filter: each particle in the run its size on screen asks for.
                let sampling = filters.sampling(atScale: pixels)
                drawList.begin(atlas.texture, blend: blend, sampling: sampling)
                t = particleLevels[sampling == .nearest ? 0 : min(texture.levelNumber(forScale: pixels),
                                                                  particleLevels.count - 1)]
            } else {
                t = particleLevels[min(texture.levelNumber(forScale: pixels), particleLevels.count - 1)]
            }
            drawList.quad(
                DrawVertex(x: Float(sx - ux - vx), y: Float(sy - uy - vy), u: Float(t.u0), v: Float(t.v0), color: color),
                DrawVertex(x: Float(sx + ux - vx), y: Float(sy + uy - vy), u: Float(t.u1), v: Float(t.v0), color: color),
                DrawVertex(x: Float(sx + ux + vx), y: Float(sy + uy + vy), u: Float(t.u1), v: Float(t.v1), color: color),
                DrawVertex(x: Float(sx - ux + vx), y: Float(sy - uy + vy), u: Float(t.u0), v: Float(t.v1), color: color))
        }
    }

    @inline(__always) private func clamp(_ x: Float) -> Float {
        x > 0 ? (x < 1 ? x : 1) : 0
    }
}
