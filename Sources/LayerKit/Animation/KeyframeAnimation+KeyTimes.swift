/// Apple's rules for `keyTimes`, and what breaking them does: the key times are ignored and the
/// values spaced evenly, as Core Animation ignores them.
///
/// CAKeyframeAnimation.keyTimes: each is a number from 0 to 1, none less than the one before; in
/// "linear" and "cubic" mode one per value (or path keyframe), the first 0 and the last 1; in
/// "discrete" mode one more than the values, the first 0 and the last 1; "paced" and
/// "cubicPaced" ignore them.
extension KeyframeAnimation {
    /// Why this animation's `keyTimes` break the rules, for a key path of `kind` (which decides
    /// whether `path` or `values` gives the keyframes); nil when they keep them, are not set, or
    /// the calculation mode does not use them.
    public func keyTimesProblem(forValueKind kind: ValueKind) -> String? {
        if kind == .point, let path, let keyframes = PathKeyframes(path) {
            return KeyframeAnimation.keyTimesProblem(keyTimes, keyframes: keyframes.points.count,
                                                     noun: "path keyframes", mode: calculationMode)
        }
        return KeyframeAnimation.keyTimesProblem(keyTimes, keyframes: values.count, noun: "values", mode: calculationMode)
    }

    /// The rules, for `count` keyframes (called `noun` in the message).
    static func keyTimesProblem(_ keyTimes: [Double]?, keyframes count: Int, noun: String,
                                mode: CalculationMode) -> String? {
        guard let keyTimes, !keyTimes.isEmpty, count > 1 else { return nil }
        let needed: Int
        switch mode {
        case .paced, .cubicPaced: return nil
        case .discrete: needed = count + 1
        case .linear, .cubic: needed = count
        }
        if keyTimes.count != needed {
            let rule = mode == .discrete ? "one more than the \(noun)" : "one per value"
            return "\(keyTimes.count) key times for \(count) \(noun) (\"\(mode.rawValue)\" takes \(rule))"
        }
        for (i, t) in keyTimes.enumerated() {
            if !t.isFinite { return "key time \(i + 1) is \(t)" }
            if t < 0 || t > 1 { return "key time \(i + 1) (\(t)) is outside 0...1" }
            if i > 0 && t < keyTimes[i - 1] { return "key time \(i + 1) (\(t)) is less than the one before it (\(keyTimes[i - 1]))" }
        }
        if let first = keyTimes.first, first != 0 { return "the first key time is \(first), not 0" }
        if let last = keyTimes.last, last != 1 { return "the last key time is \(last), not 1" }
        return nil
    }
}
