/// A timing function in a form that copies without reference counting, for per-frame
/// evaluation; a custom (closure) function is evaluated through the `TimingFunction` kept beside it.
enum TimingCurve {
    case none
    case bezier(CubicBezier)
    case easing(EasingFamily, EasingMode)
    case steps(Int, StepPosition)
    case custom

    init(_ function: TimingFunction?) {
        guard let function else { self = .none; return }
        switch function.kind {
        case .linear: self = .none
        case .cubicBezier(let curve): self = .bezier(curve)
        case .easing(let family, let mode): self = .easing(family, mode)
        case .steps(let count, let position): self = .steps(count, position)
        case .custom: self = .custom
        }
    }

    /// Whether evaluating needs the `TimingFunction` (a closure) kept beside the curve.
    var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }

    /// The eased progress at `t` (0…1).
    @inline(__always)
    func evaluate(_ t: Double, custom: TimingFunction?) -> Double {
        switch self {
        case .none: return t
        case .bezier(let curve): return curve.solve(min(max(t, 0), 1))
        case .easing(let family, let mode): return family.value(at: min(max(t, 0), 1), mode: mode)
        case .steps(let count, let position): return position.value(at: min(max(t, 0), 1), count: count)
        case .custom: return custom?.evaluate(t) ?? t
        }
    }
}
