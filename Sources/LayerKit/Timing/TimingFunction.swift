/// A curve that maps an animation's linear progress (0...1) to eased progress, as CAMediaTimingFunction.
public struct TimingFunction: Sendable {
    /// What shapes the curve.
    public enum Kind: Sendable {
        /// Eased progress equals linear progress.
        case linear
        /// A cubic Bézier through (0, 0) and (1, 1), as `CAMediaTimingFunction(controlPoints:)`.
        case cubicBezier(CubicBezier)
        /// One of Penner's easing equations.
        case easing(EasingFamily, EasingMode)
        /// A staircase of equal steps, as CSS `steps(count, position)`; count is at least 1
        /// (at least 2 for `.none`).
        case steps(Int, StepPosition)
        /// A caller-supplied function of progress.
        case custom(@Sendable (Double) -> Double)
    }

    /// What shapes the curve.
    public let kind: Kind

    private init(kind: Kind) {
        self.kind = kind
    }

    /// Creates a cubic Bézier timing function; any values are accepted, x outside 0...1 included.
    ///
    /// See ``CubicBezier`` for how a curve whose x folds back, or a NaN control point, is treated.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.init(kind: .cubicBezier(CubicBezier(c1x, c1y, c2x, c2y)))
    }

    /// Creates the timing function of one of Penner's easing equations.
    public init(easing family: EasingFamily, _ mode: EasingMode) {
        self.init(kind: .easing(family, mode))
    }

    /// Returns a staircase of `count` equal steps (a count below 1 is treated as 1, and below 2
    /// as 2 for `.none`), jumping where `position` says, as CSS `steps()`.
    public static func steps(_ count: Int, position: StepPosition = .end) -> TimingFunction {
        TimingFunction(kind: .steps(max(count, position == .none ? 2 : 1), position))
    }

    /// Creates a timing function from a Swift function of progress; a NaN or infinite result is
    /// replaced by the progress itself.
    public init(custom: @escaping @Sendable (Double) -> Double) {
        self.init(kind: .custom(custom))
    }

    /// Constant speed: control points (0, 0, 1, 1).
    public static let linear = TimingFunction(kind: .linear)
    /// Starts slowly: Core Animation's control points (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Ends slowly: Core Animation's control points (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Slow at both ends: Core Animation's control points (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// Core Animation's default curve for implicit animations: control points (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// Returns the eased progress at `t`, which is first clamped to 0...1 (NaN is treated as 0).
    ///
    /// Cubic Béziers are solved to within 1e-7; nothing here allocates.
    public func evaluate(_ t: Double) -> Double {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        switch kind {
        case .linear:
            return t
        case .cubicBezier(let curve):
            return curve.solve(t)
        case .easing(let family, let mode):
            return family.value(at: t, mode: mode)
        case .steps(let count, let position):
            return position.value(at: t, count: count)
        case .custom(let function):
            let value = function(t)
            return value.isFinite ? value : t
        }
    }

    /// The Bézier control points (c1x, c1y, c2x, c2y): (0, 0, 1, 1) for linear, nil for curves
    /// that are not Béziers.
    public var controlPoints: (c1x: Double, c1y: Double, c2x: Double, c2y: Double)? {
        switch kind {
        case .linear:
            return (0, 0, 1, 1)
        case .cubicBezier(let curve):
            return (curve.c1x, curve.c1y, curve.c2x, curve.c2y)
        case .easing, .steps, .custom:
            return nil
        }
    }
}

/// Where a step function jumps, as the CSS `steps()` positions.
public enum StepPosition: String, CaseIterable, Sendable {
    /// `jump-start`: the first jump happens at t = 0, so the output starts at 1/count.
    case start
    /// `jump-end`: the last jump happens at t = 1, so the output ends on (count − 1)/count before it.
    case end
    /// `jump-both`: jumps at both ends, count + 1 levels from 1/(count + 1) to 1.
    case both
    /// `jump-none`: no jump at either end; count levels from 0 to 1, each held 1/count of the time.
    case none
}

extension StepPosition {
    /// The CSS step function's value at t in 0...1 with `count` steps (count ≥ 1, ≥ 2 for `.none`).
    func value(at t: Double, count: Int) -> Double {
        let steps = Double(count)  // Double throughout, so huge counts cannot overflow.
        var step = (t * steps).rounded(.down)
        let jumps: Double
        switch self {
        case .start:
            step += 1
            jumps = steps
        case .end:
            jumps = steps
        case .both:
            step += 1
            jumps = steps + 1
        case .none:
            jumps = steps - 1
        }
        return min(step, jumps) / jumps
    }
}
