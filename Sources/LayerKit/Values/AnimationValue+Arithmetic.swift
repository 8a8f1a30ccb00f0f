import Foundation

/// Interpolation and the arithmetic that additive, cumulative and `byValue` animations need,
/// defined per kind as Core Animation does: numbers, points, sizes, rects and colours
/// componentwise; transforms through their decomposition; booleans and choices discretely.
extension AnimationValue {
    /// The value `fraction` of the way from `from` to `to` (fractions outside 0…1 extrapolate).
    @inline(__always)
    public static func interpolate(_ from: AnimationValue, _ to: AnimationValue, _ f: Double) -> AnimationValue {
        switch (from, to) {
        case (.number(let a), .number(let b)):
            return .number(a + (b - a) * f)
        case (.point(let a), .point(let b)):
            return .point(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        case (.size(let a), .size(let b)):
            return .size(Size(width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(
                x: a.origin.x + (b.origin.x - a.origin.x) * f,
                y: a.origin.y + (b.origin.y - a.origin.y) * f,
                width: a.size.width + (b.size.width - a.size.width) * f,
                height: a.size.height + (b.size.height - a.size.height) * f))
        case (.color(let a), .color(let b)):
            return .color(lerpColor(a, b, f))
        case (.transform(let a), .transform(let b)):
            return .transform(Transform3D.interpolate(a, b, f))
        case (.numbers(let a), .numbers(let b)):
            return .numbers(lerpArray(a, b, f) { x, y, f in x + (y - x) * f })
        case (.colors(let a), .colors(let b)):
            return .colors(lerpArray(a, b, f, lerpColor))
        case (.path(let a), .path(let b)):
            return a.interpolated(to: b, f).map(AnimationValue.path) ?? (f < 0.5 ? from : to)
        default:
            // Discrete kinds (bool, choice) and mismatched kinds switch at the midpoint.
            return f < 0.5 ? from : to
        }
    }

    /// `lhs + rhs`: the sum additive and cumulative animations use. Transforms concatenate
    /// (`rhs` is applied after `lhs`).
    public static func + (lhs: AnimationValue, rhs: AnimationValue) -> AnimationValue {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(Point(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): return .size(Size(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                              width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case (.color(let a), .color(let b)): return .color(addColors(a, b))
        case (.transform(let a), .transform(let b)): return .transform(b.concatenating(a))
        case (.numbers(let a), .numbers(let b)): return .numbers(zipLongest(a, b, +))
        case (.colors(let a), .colors(let b)): return .colors(zipLongest(a, b, addColors))
        default: return rhs
        }
    }

    /// `lhs - rhs`, the inverse of `+` (used for `fromValue = toValue - byValue`).
    public static func - (lhs: AnimationValue, rhs: AnimationValue) -> AnimationValue {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): return .number(a - b)
        case (.point(let a), .point(let b)): return .point(Point(x: a.x - b.x, y: a.y - b.y))
        case (.size(let a), .size(let b)): return .size(Size(width: a.width - b.width, height: a.height - b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                              width: a.size.width - b.size.width, height: a.size.height - b.size.height))
        case (.color(let a), .color(let b)): return .color(subtractColors(a, b))
        case (.transform(let a), .transform(let b)):
            return .transform((b.inverted ?? .identity).concatenating(a))
        case (.numbers(let a), .numbers(let b)): return .numbers(zipLongest(a, b, -))
        case (.colors(let a), .colors(let b)):
            return .colors(zipLongest(a, b, subtractColors))
        default: return lhs
        }
    }

    /// The value added to itself `count` times (`count` may be fractional for numeric kinds),
    /// as a cumulative animation accumulates its change per repeat.
    public func repeated(_ count: Double) -> AnimationValue {
        switch self {
        case .number(let a): return .number(a * count)
        case .point(let p): return .point(Point(x: p.x * count, y: p.y * count))
        case .size(let s): return .size(Size(width: s.width * count, height: s.height * count))
        case .rect(let r):
            return .rect(Rect(x: r.origin.x * count, y: r.origin.y * count,
                              width: r.size.width * count, height: r.size.height * count))
        case .color(let c): return .color(scaleColor(c, count))
        case .transform(let t):
            var parts = t.parts
            parts.translationX *= count; parts.translationY *= count; parts.translationZ *= count
            parts.rotationX *= count; parts.rotationY *= count; parts.rotationZ *= count
            parts.scaleX = signedPow(parts.scaleX, count)
            parts.scaleY = signedPow(parts.scaleY, count)
            parts.scaleZ = signedPow(parts.scaleZ, count)
            return .transform(Transform3D(parts: parts))
        case .numbers(let a): return .numbers(a.map { $0 * count })
        case .colors(let a): return .colors(a.map { scaleColor($0, count) })
        default: return self
        }
    }

    /// A distance between two values of the same kind, for paced keyframe timing.
    public static func distance(_ a: AnimationValue, _ b: AnimationValue) -> Double {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(y - x)
        case (.point(let p), .point(let q)): return hypot(q.x - p.x, q.y - p.y)
        case (.size(let p), .size(let q)): return hypot(q.width - p.width, q.height - p.height)
        case (.rect(let p), .rect(let q)):
            let dx = q.origin.x - p.origin.x, dy = q.origin.y - p.origin.y
            let dw = q.size.width - p.size.width, dh = q.size.height - p.size.height
            return (dx * dx + dy * dy + dw * dw + dh * dh).squareRoot()
        case (.color(let p), .color(let q)):
            let dr = q.r - p.r, dg = q.g - p.g, db = q.b - p.b, da = q.a - p.a
            return (dr * dr + dg * dg + db * db + da * da).squareRoot()
        case (.transform(let s), .transform(let t)):
            let p = s.parts, q = t.parts
            let d = [q.translationX - p.translationX, q.translationY - p.translationY, q.translationZ - p.translationZ,
                     q.scaleX - p.scaleX, q.scaleY - p.scaleY, q.scaleZ - p.scaleZ,
                     q.rotationX - p.rotationX, q.rotationY - p.rotationY, q.rotationZ - p.rotationZ]
            return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
        case (.numbers(let x), .numbers(let y)):
            return zipLongest(x, y, -).reduce(0) { $0 + $1 * $1 }.squareRoot()
        default:
            return a == b ? 0 : 1
        }
    }
}

@inline(__always)
func lerpColor(_ a: Color, _ b: Color, _ f: Double) -> Color {
    Color(r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
}

/// Interpolates arrays element by element; the longer array's extra elements switch at the midpoint.
private func lerpArray<T>(_ a: [T], _ b: [T], _ f: Double, _ lerp: (T, T, Double) -> T) -> [T] {
    let n = max(a.count, b.count)
    var out: [T] = []
    out.reserveCapacity(n)
    for i in 0..<n {
        if i < a.count, i < b.count {
            out.append(lerp(a[i], b[i], f))
        } else if i < a.count {
            if f < 0.5 { out.append(a[i]) }
        } else if f >= 0.5 {
            out.append(b[i])
        }
    }
    return out
}

/// `op` on the elements of `a` and `b` pairwise; the shorter array counts as zeros (or
/// transparent black) past its end.
private func zipLongest<T: ZeroPadded>(_ a: [T], _ b: [T], _ op: (T, T) -> T) -> [T] {
    (0..<max(a.count, b.count)).map { i in op(i < a.count ? a[i] : .padding, i < b.count ? b[i] : .padding) }
}

/// What an array's missing elements count as in arithmetic.
private protocol ZeroPadded {
    static var padding: Self { get }
}

extension Double: ZeroPadded {
    fileprivate static var padding: Double { 0 }
}

extension Color: ZeroPadded {
    fileprivate static var padding: Color { Color(r: 0, g: 0, b: 0, a: 0) }
}

/// Colours add and subtract componentwise, alpha too (each result clamped to 0…1, as every
/// colour is).
private func addColors(_ a: Color, _ b: Color) -> Color {
    Color(r: a.r + b.r, g: a.g + b.g, b: a.b + b.b, a: a.a + b.a)
}

private func subtractColors(_ a: Color, _ b: Color) -> Color {
    Color(r: a.r - b.r, g: a.g - b.g, b: a.b - b.b, a: a.a - b.a)
}

private func scaleColor(_ c: Color, _ k: Double) -> Color {
    Color(r: c.r * k, g: c.g * k, b: c.b * k, a: c.a * k)
}

private func signedPow(_ x: Double, _ n: Double) -> Double {
    x < 0 ? -pow(-x, n) : pow(x, n)
}
