extension AnimationValue {
    /// The value as named numbers, one per component a graph draws as a line: `value` for a
    /// number; `x`, `y` for a point; `width`, `height` for a size; `x`, `y`, `width`, `height`
    /// for a rect; `r`, `g`, `b`, `a` for a colour; a transform's translation, scale and
    /// rotation (radians) about each axis; 0 or 1 for a boolean; one per entry for arrays
    /// (`1`, `2` …, colours as `1.r` …). A choice and a path have none.
    public var components: [(name: String, value: Double)] {
        switch self {
        case .number(let n): return [("value", n)]
        case .point(let p): return [("x", p.x), ("y", p.y)]
        case .size(let s): return [("width", s.width), ("height", s.height)]
        case .rect(let r): return [("x", r.origin.x), ("y", r.origin.y), ("width", r.size.width), ("height", r.size.height)]
        case .color(let c): return [("r", c.r), ("g", c.g), ("b", c.b), ("a", c.a)]
        case .transform(let t):
            let p = t.parts
            return [("translation.x", p.translationX), ("translation.y", p.translationY), ("translation.z", p.translationZ),
                    ("scale.x", p.scaleX), ("scale.y", p.scaleY), ("scale.z", p.scaleZ),
                    ("rotation.x", p.rotationX), ("rotation.y", p.rotationY), ("rotation.z", p.rotationZ)]
        case .bool(let b): return [("value", b ? 1 : 0)]
        case .numbers(let values): return values.enumerated().map { ("\($0.offset + 1)", $0.element) }
        case .colors(let colors):
            return colors.enumerated().flatMap { index, c in
                [("\(index + 1).r", c.r), ("\(index + 1).g", c.g), ("\(index + 1).b", c.b), ("\(index + 1).a", c.a)]
            }
        case .choice, .path: return []
        }
    }
}
