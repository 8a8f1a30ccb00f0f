import Foundation

/// Where an emitter layer's particles are born: its shape and mode (CAEmitterLayer's
/// `emitterShape`, `emitterMode`), sized by `emitterSize` and `emitterDepth`, centred on
/// `emitterPosition` and `emitterZPosition`, in the layer's coordinates.
///
/// Core Animation documents each shape and says little of each mode; what Snowglobe does:
/// - point: the centre, whatever the mode.
/// - line, along x through the centre, `emitterSize.width` long: points mode picks one of its two
///   ends; the other modes anywhere along it.
/// - rectangle, `emitterSize`, in the x-y plane: points mode picks a corner, outline a point on
///   its edges, surface and volume a point inside.
/// - circle of radius `emitterSize.width` (as Apple's reference says), in the x-y plane: points
///   mode the centre, outline a point on the circle, surface and volume a point inside.
/// - cuboid, `emitterSize` × `emitterDepth`: points mode a corner, outline a point on an edge,
///   surface a point on a face, volume a point inside.
/// - sphere of radius `emitterSize.width`: points mode the centre, outline and surface a point on
///   the sphere, volume a point inside.
/// Random points are spread evenly (by length, area or volume).
struct EmitterGeometry {
    var shape = EmitterShape.point
    var mode = EmitterMode.volume
    var width = 0.0
    var height = 0.0
    var depth = 0.0

    /// A birth place, as an offset from the emitter's centre.
    func sample(_ random: inout SeededRandom) -> (x: Double, y: Double, z: Double) {
        let w = width, h = height, d = depth
        switch shape {
        case .point:
            return (0, 0, 0)
        case .line:
            if mode == .points { return (random.nextUnit() < 0.5 ? -w / 2 : w / 2, 0, 0) }
            return ((random.nextUnit() - 0.5) * w, 0, 0)
        case .rectangle:
            switch mode {
            case .points: return (corner(&random, w), corner(&random, h), 0)
            case .outline:
                let p = onPerimeter(&random, w, h)
                return (p.x, p.y, 0)
            case .surface, .volume: return ((random.nextUnit() - 0.5) * w, (random.nextUnit() - 0.5) * h, 0)
            }
        case .circle:
            let angle = random.nextUnit() * 2 * Double.pi
            let r: Double
            switch mode {
            case .points: return (0, 0, 0)
            case .outline: r = w
            case .surface, .volume: r = w * random.nextUnit().squareRoot()
            }
            return (r * cos(angle), r * sin(angle), 0)
        case .cuboid:
            switch mode {
            case .points: return (corner(&random, w), corner(&random, h), corner(&random, d))
            case .outline: return onEdges(&random, w, h, d)
            case .surface: return onFaces(&random, w, h, d)
            case .volume:
                return ((random.nextUnit() - 0.5) * w, (random.nextUnit() - 0.5) * h, (random.nextUnit() - 0.5) * d)
            }
        case .sphere:
            if mode == .points { return (0, 0, 0) }
            let u = unitVector(&random)
            let r = mode == .volume ? w * cbrt(random.nextUnit()) : w
            return (u.x * r, u.y * r, u.z * r)
        }
    }

    /// −size/2 or +size/2, evenly.
    private func corner(_ random: inout SeededRandom, _ size: Double) -> Double {
        random.nextUnit() < 0.5 ? -size / 2 : size / 2
    }

    /// A point on the edges of a w × h rectangle centred on the origin, even by length.
    private func onPerimeter(_ random: inout SeededRandom, _ w: Double, _ h: Double) -> (x: Double, y: Double) {
        var t = random.nextUnit() * 2 * (w + h)
        if t < w { return (t - w / 2, -h / 2) }
        t -= w
        if t < h { return (w / 2, t - h / 2) }
        t -= h
        if t < w { return (w / 2 - t, h / 2) }
        t -= w
        return (-w / 2, h / 2 - min(t, h))
    }

    /// A point on the twelve edges of a cuboid centred on the origin, even by length.
    private func onEdges(_ random: inout SeededRandom, _ w: Double, _ h: Double, _ d: Double)
        -> (x: Double, y: Double, z: Double) {
        let total = w + h + d
        guard total > 0 else { return (0, 0, 0) }
        let t = random.nextUnit() * total
        let along = random.nextUnit() - 0.5
        let a = corner(&random, 1), b = corner(&random, 1)
        if t < w { return (along * w, a * h, b * d) }
        if t < w + h { return (a * w, along * h, b * d) }
        return (a * w, b * h, along * d)
    }

    /// A point on the six faces of a cuboid centred on the origin, even by area.
    private func onFaces(_ random: inout SeededRandom, _ w: Double, _ h: Double, _ d: Double)
        -> (x: Double, y: Double, z: Double) {
        let xy = w * h, xz = w * d, yz = h * d
        let total = xy + xz + yz
        guard total > 0 else { return (0, 0, 0) }
        let t = random.nextUnit() * total
        let u = random.nextUnit() - 0.5, v = random.nextUnit() - 0.5
        let side = corner(&random, 1)
        if t < xy { return (u * w, v * h, side * d) }
        if t < xy + xz { return (u * w, side * h, v * d) }
        return (side * w, u * h, v * d)
    }

    /// A direction spread evenly over the unit sphere.
    private func unitVector(_ random: inout SeededRandom) -> (x: Double, y: Double, z: Double) {
        let z = 2 * random.nextUnit() - 1
        let angle = random.nextUnit() * 2 * Double.pi
        let r = (1 - z * z).squareRoot()
        return (r * cos(angle), r * sin(angle), z)
    }
}
