/// A number-valued keyframe track in one flat block — key times, values and per-segment timing
/// curves — so that a frame reads it without touching reference-counted storage. Owned by the
/// attached animation it was compiled from, which frees it; a compiled program keeps a copy.
struct NumberKeyframes {
    /// The key times, then the values (`count` of each).
    private let numbers: UnsafeMutablePointer<Double>
    private let curves: UnsafeMutablePointer<TimingCurve>
    let count: Int
    private let curveCount: Int
    private let discrete: Bool

    /// `times` rise within 0…1 (as `KeyframeTrack` makes them) and have at least as many entries
    /// as `values` (the discrete form may have one more, which is not needed to find a value);
    /// `curves` holds no custom curve.
    init(times: [Double], values: [Double], curves: [TimingCurve], discrete: Bool) {
        count = values.count
        numbers = .allocate(capacity: max(1, 2 * count))
        for i in 0..<count {
            numbers[i] = i < times.count ? times[i] : 1
            numbers[count + i] = values[i]
        }
        curveCount = curves.count
        self.curves = .allocate(capacity: max(1, curveCount))
        self.curves.initialize(from: curves, count: curveCount)
        self.discrete = discrete
    }

    /// A copy with key times, values and curves of its own, which its owner frees: a compiled
    /// program's, made as the program is, so that the numbers lie beside the program in memory.
    func copy() -> NumberKeyframes {
        let numbers = UnsafeMutablePointer<Double>.allocate(capacity: max(1, 2 * count))
        numbers.initialize(from: self.numbers, count: 2 * count)
        let curves = UnsafeMutablePointer<TimingCurve>.allocate(capacity: max(1, curveCount))
        curves.initialize(from: self.curves, count: curveCount)
        return NumberKeyframes(numbers: numbers, curves: curves, count: count, curveCount: curveCount, discrete: discrete)
    }

    private init(numbers: UnsafeMutablePointer<Double>, curves: UnsafeMutablePointer<TimingCurve>, count: Int,
                 curveCount: Int, discrete: Bool) {
        (self.numbers, self.curves, self.count, self.curveCount, self.discrete) = (numbers, curves, count, curveCount, discrete)
    }

    /// Frees the block (by the owner, once).
    func deallocate() {
        numbers.deallocate()
        curves.deallocate()
    }

    /// The first value.
    var first: Double { numbers[count] }
    /// The last value.
    var last: Double { numbers[2 * count - 1] }

    /// The value at overall progress `f` (after the animation's timing function): the same rules
    /// as `KeyframeTrack`, for numbers.
    @inline(__always)
    func value(at f: Double) -> Double {
        let n = count
        let times = numbers, values = numbers + n
        if discrete {
            var i = 0
            while i + 1 < n && f >= times[i + 1] { i += 1 }
            return values[i]
        }
        if n == 1 || f <= times[0] { return values[0] }
        let last = n &- 1  // n ≥ 2 here
        if f >= times[last] { return values[last] }
        // The segment: how many inner key times f has reached. The times rise (`KeyframeTrack`
        // keeps only such), so this is the first segment whose end f has not reached, found
        // without a branch that a frame's fractions would mispredict.
        // (Counted from the sign of f − time: f is above the first key time, so the difference is
        // never −0, and a NaN f gives NaN whatever the segment.)
        var i = 0
        for k in 1..<last { i &+= 1 &- Int(truncatingIfNeeded: (f - times[k]).bitPattern >> 63) }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (f - times[i]) / span : 1
        if curveCount > 0 { local = segmentValue(i, at: local) }
        return values[i] + (values[i + 1] - values[i]) * local
    }

    /// Segment `i`'s own timing curve at `local`: out of line, so that `value(at:)` stays small
    /// enough for the per-frame loop to have it inline.
    @inline(never)
    private func segmentValue(_ i: Int, at local: Double) -> Double {
        curves[min(i, curveCount - 1)].evaluate(local, custom: nil)
    }
}
