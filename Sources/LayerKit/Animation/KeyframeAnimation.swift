/// How a keyframe animation moves between its values (CAAnimationCalculationMode).
public enum CalculationMode: String, ChoiceValue {
    /// Straight interpolation between neighbouring values at the key times.
    case linear
    /// Each value holds until the next key time.
    case discrete
    /// Key times and timing functions are ignored; values are spaced for a constant speed.
    case paced
    /// A Kochanek–Bartels spline through the values, shaped by tension, continuity and bias.
    case cubic
    /// The cubic spline, paced for a constant speed.
    case cubicPaced
    public static var fallback: CalculationMode { .linear }
}

/// Whether a layer moving along a path turns to follow it (CAAnimationRotationMode).
public enum RotationMode: String, ChoiceValue {
    case auto, autoReverse
    public static var fallback: RotationMode { .auto }
}

/// An animation through a sequence of values, or along a path (CAKeyframeAnimation).
///
/// `keyTimes` gives each value's moment as a fraction of the duration, from 0 to 1, rising, the
/// first 0 and the last 1; in discrete mode n + 1 key times bound the n values. Key times that
/// break those rules (`keyTimesProblem(forValueKind:)` says how) are ignored and the values
/// spaced evenly, as Core Animation ignores them.
public final class KeyframeAnimation: PropertyAnimation {
    public var values: [AnimationValue] = []
    /// A path for `position` to follow instead of `values`.
    public var path: Path?
    public var keyTimes: [Double]?
    /// One timing function per segment between values (a shorter list is repeated from its last).
    public var timingFunctions: [TimingFunction]?
    public var calculationMode = CalculationMode.linear
    /// Turns the layer to follow the path's direction.
    public var rotationMode: RotationMode?
    /// Spline shape per value for the cubic modes, each −1…1 (0 by default).
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?

    public override init(keyPath: String) {
        super.init(keyPath: keyPath)
    }

    public override func copy() -> Animation {
        let copy = KeyframeAnimation(keyPath: keyPath)
        copyProperties(to: copy)
        copy.values = values
        copy.path = path
        copy.keyTimes = keyTimes
        copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode
        copy.rotationMode = rotationMode
        copy.tensionValues = tensionValues
        copy.continuityValues = continuityValues
        copy.biasValues = biasValues
        return copy
    }
}
