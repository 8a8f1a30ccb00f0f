/// A timing curve from (0, 0) to (1, 1) shaped by two control points, as in `CAMediaTimingFunction`.
///
/// The curve is the parametric cubic Bézier `(x(s), y(s))`, `s` in 0...1. ``solve(_:epsilon:)``
/// takes an `x` (the animation's linear progress), finds `s` with `x(s) = x` and returns `y(s)`.
///
/// Any control points are accepted. When an x control point lies outside 0...1, `x(s)` may fold
/// back on itself and several `s` can give the same `x`; the solver then uses the smallest such
/// `s` (the first time the curve reaches `x`), except that `x = 1` always gives exactly 1.
/// A NaN control point is replaced by the linear curve's value (0 for the first point, 1 for the
/// second), and magnitudes beyond 1e300 are limited to 1e300, so results are always finite.
public struct CubicBezier: Sendable, Hashable {
    /// The first control point (after the replacements described on the type).
    let c1x: Double, c1y: Double
    /// The second control point (after the replacements described on the type).
    let c2x: Double, c2y: Double

    // x(s) = ((ax·s + bx)·s + cx)·s, and the same for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// The stationary points of x(s) inside (0, 1), in order; 1 where there is none. They cut
    /// 0...1 into at most three pieces on each of which x(s) is monotonic.
    private let split1: Double, split2: Double
    /// A bound on |y′(s)| over 0...1 (at least 1), turning an error in the result into one in s.
    private let slopeBoundY: Double

    /// The control points (c1x, c1y, c2x, c2y), as used: what an exporter writes as handles.
    public var controlPoints: (c1x: Double, c1y: Double, c2x: Double, c2y: Double) { (c1x, c1y, c2x, c2y) }

    /// Creates the curve with control points (c1x, c1y) and (c2x, c2y); any values are accepted.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        let x1 = Self.sanitized(c1x, nanValue: 0), y1 = Self.sanitized(c1y, nanValue: 0)
        let x2 = Self.sanitized(c2x, nanValue: 1), y2 = Self.sanitized(c2y, nanValue: 1)
        self.c1x = x1
        self.c1y = y1
        self.c2x = x2
        self.c2y = y2

        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by

        // y′(s) = 3·[(1−s)²·y1 + 2(1−s)s·(y2−y1) + s²·(1−y2)], a weighted mean of three slopes.
        slopeBoundY = max(1, 3 * max(abs(y1), abs(y2 - y1), abs(1 - y2)))

        // x′(s) = 3ax·s² + 2bx·s + cx; keep its roots strictly inside (0, 1).
        let roots = Self.quadraticRoots(3 * ax, 2 * bx, cx)
        let inside1 = roots.0 > 0 && roots.0 < 1
        let inside2 = roots.1 > 0 && roots.1 < 1
        switch (inside1, inside2) {
        case (true, true):
            split1 = min(roots.0, roots.1)
            split2 = max(roots.0, roots.1)
        case (true, false):
            split1 = roots.0
            split2 = 1
        case (false, true):
            split1 = roots.1
            split2 = 1
        case (false, false):
            split1 = 1
            split2 = 1
        }
    }

    /// Returns y for the given x, clamping x to 0...1; the result is within `epsilon` of exact.
    ///
    /// - Parameters:
    ///   - x: The input progress; values outside 0...1 are clamped and NaN is treated as 0.
    ///   - epsilon: The largest acceptable error in the result.
    public func solve(_ x: Double, epsilon: Double = 1e-7) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        return sampleY(parameter(forX: x, tolerance: epsilon / slopeBoundY))
    }

    /// Two curves are equal when their (sanitised) control points are.
    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.c1x == rhs.c1x && lhs.c1y == rhs.c1y && lhs.c2x == rhs.c2x && lhs.c2y == rhs.c2y
    }

    /// Hashes the (sanitised) control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }

    // MARK: - The curve

    /// x(s) by Horner's rule.
    func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    /// y(s) by Horner's rule.
    func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }

    /// dx/ds at s.
    func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The smallest s in 0...1 with x(s) = x, to within `tolerance` in s (x outside 0...1 clamps).
    public func parameter(forX x: Double, tolerance: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        let tolerance = tolerance > 0 ? tolerance : 0
        // x(0) = 0 < x < 1 = x(1), so one of the monotonic pieces brackets x.
        if let s = root(x, from: 0, to: split1, tolerance: tolerance) { return s }
        if let s = root(x, from: split1, to: split2, tolerance: tolerance) { return s }
        return root(x, from: split2, to: 1, tolerance: tolerance) ?? x
    }

    /// x at the end of a piece: exact at s = 0 and s = 1, where rounding could otherwise lose the
    /// bracket.
    private func endpointX(_ s: Double) -> Double {
        s == 0 ? 0 : s == 1 ? 1 : sampleX(s)
    }

    /// The root of x(s) = target in a piece [a, b] on which x is monotonic, or nil when the
    /// piece does not reach target. Newton–Raphson kept inside a shrinking bracket, bisecting
    /// whenever a Newton step would leave the bracket or is not converging fast enough.
    private func root(_ target: Double, from a: Double, to b: Double, tolerance: Double) -> Double? {
        guard b > a else { return nil }
        let fa = endpointX(a) - target
        let fb = endpointX(b) - target
        if fa == 0 { return a }
        if fb == 0 { return b }
        guard (fa < 0) != (fb < 0) else { return nil }
        let increasing = fa < 0

        var lo = a, hi = b  // x(lo) is on the same side of target as x(a), x(hi) as x(b).
        let guess = a + (b - a) * (-fa / (fb - fa))
        var s = guess > lo && guess < hi ? guess : lo + (hi - lo) / 2
        var step = hi - lo, stepBefore = hi - lo
        for _ in 0..<100 {
            let f = sampleX(s) - target
            if f == 0 { return s }
            if (f < 0) == increasing { lo = s } else { hi = s }
            let slope = sampleDerivativeX(s)
            let newton = s - f / slope
            stepBefore = step
            let next: Double
            if newton > lo && newton < hi && abs(2 * f) <= abs(stepBefore * slope) {
                next = newton
            } else {
                next = lo + (hi - lo) / 2
            }
            step = next - s
            if abs(step) <= tolerance || hi - lo <= tolerance || next == lo || next == hi {
                return next
            }
            s = next
        }
        return lo + (hi - lo) / 2
    }

    // MARK: - Set-up helpers

    /// Replaces NaN by `nanValue` and limits the magnitude to 1e300 so the coefficients stay finite.
    private static func sanitized(_ value: Double, nanValue: Double) -> Double {
        value.isNaN ? nanValue : min(max(value, -1e300), 1e300)
    }

    /// The real roots of a·s² + b·s + c = 0, NaN where there is none; numerically stable form.
    private static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> (Double, Double) {
        if a == 0 {
            return (b == 0 ? .nan : -c / b, .nan)
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return (.nan, .nan) }
        let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
        guard q != 0 else { return (0, 0) }  // b = 0 and a·c = 0 here: a double root at 0.
        return (q / a, c / q)
    }
}
