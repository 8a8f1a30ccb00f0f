/// Paths in between, as Core Animation animates `path` and `shadowPath`: two paths of the same
/// elements (the same count, each the same kind) blend point by point; others cannot blend
/// (Apple leaves the result undefined; Snowglobe refuses such an animation when it is added).
extension Path {
    /// Whether `other` has the same elements as this path, kind for kind, so that the two blend.
    public func blends(with other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// The path `f` of the way from this one to `other`, each point blended (fractions outside
    /// 0…1 extrapolate, as a spring's overshoot does); nil when the two do not blend.
    public func interpolated(to other: Path, _ f: Double) -> Path? {
        guard blends(with: other) else { return nil }
        func mix(_ p: Point, _ q: Point) -> Point { Point(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) }
        var result = Path()
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move(let p), .move(let q)): result.move(to: mix(p, q))
            case (.line(let p), .line(let q)): result.addLine(to: mix(p, q))
            case (.quadCurve(let p, let c), .quadCurve(let q, let d)): result.addQuadCurve(to: mix(p, q), control: mix(c, d))
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                result.addCurve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
            default: result.closeSubpath()
            }
        }
        return result
    }
}
