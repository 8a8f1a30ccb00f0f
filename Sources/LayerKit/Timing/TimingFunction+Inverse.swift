extension TimingFunction {
    /// The first linear progress (0…1) at which the eased progress reaches `value`: where an
    /// animation paced by this curve passes a keyframe's key time, or the moment its spring
    /// settles. 1 when the curve never reaches `value`.
    ///
    /// The curve is scanned at 1/512 steps for the first sample at or above `value`, then the
    /// step is halved to within 1e-12; a curve that rises past `value` and falls back inside one
    /// step (an elastic curve's narrowest wiggle) is found at its next crossing.
    public func firstProgress(reaching value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        if case .linear = kind { return min(max(value, 0), 1) }
        if evaluate(0) >= value { return 0 }
        let steps = 512
        var low = 0.0
        for i in 1...steps {
            let high = Double(i) / Double(steps)
            guard evaluate(high) >= value else {
                low = high
                continue
            }
            var (a, b) = (low, high)
            while b - a > 1e-12 {
                let mid = (a + b) / 2
                if evaluate(mid) >= value { b = mid } else { a = mid }
            }
            return b
        }
        return 1
    }
}
