import LayerKit

/// Fits keyframes to values sampled once a frame. Segments an animation spells out exactly
/// (`hints`: a timing function between two frames) are tried first and kept when every sample
/// agrees with them; elsewhere segments are greedy, each as long as one cubic easing (handles
/// at x = 1/3 and 2/3, so the curve is a cubic in time) keeps every sample within its
/// dimension's tolerance. Runs that do not change become one keyframe; a curve that needs a
/// keyframe every frame gets one.
struct LottieFitter {
    /// One keyframe: at `frame` (a fraction where an animation's segment starts between two
    /// frames), `value`, and the easing to the next.
    struct Key {
        var frame: Double
        var value: [Double]
        var out: [LottieKeyframe.Handle]
        var into: [LottieKeyframe.Handle]
        var hold = false
    }

    /// An exact segment, in frames of the export (fractions allowed).
    struct Hint {
        var start: Double
        var end: Double
        var hint: LottieHint
    }

    /// The largest error allowed, per dimension (or one for all).
    var tolerances: [Double]
    /// Exact segments to try first.
    var hints: [Hint] = []
    /// The longest segment tried, in frames.
    var longest = 600

    private func tolerance(_ d: Int) -> Double { tolerances.isEmpty ? 0.5 : tolerances[min(d, tolerances.count - 1)] }

    /// Keyframes through `values[k]` at `frames[k]` (consecutive frames), the largest error made
    /// (in tolerances), and the animations whose hints were used.
    func fit(frames: [Int], values: [[Double]]) -> (keys: [Key], error: Double, exact: Set<ObjectIdentifier>) {
        let n = values.count
        guard n > 0 else { return ([], 0, []) }
        func key(_ k: Int) -> Key { Key(frame: Double(frames[k]), value: values[k], out: [], into: []) }
        if isConstant(values, 0, n - 1) { return ([key(0)], 0, []) }
        let first = Double(frames[0])
        // A greedy segment stops at the last frame before an exact segment starts.
        let breaks = Set(hints.map { Int(($0.start - first).rounded(.down)) }.filter { $0 > 0 && $0 < n })
        var keys: [Key] = []
        var used: Set<ObjectIdentifier> = []
        var worst = 0.0
        var s = 0
        // Where an exact segment ended between two frames, when the next one starts there.
        var resume: Double?
        while s < n - 1 {
            // The value holds from here on: the last keyframe's value holds after it.
            if resume == nil && s > 0 && isConstant(values, s, n - 1) {
                keys.append(key(s))
                return (keys, worst, used)
            }
            if let exact = exactSegment(frames: frames, values: values, from: s, at: resume) {
                let linear = LottieKeyframe.linear(1)
                let same = { (a: [Double], b: [Double]) in a.indices.allSatisfy { abs(a[$0] - b[$0]) <= tolerance($0) } }
                // A hold keyframe before it already holds this sample's value up to its start.
                let heldBefore = keys.last.map { $0.hold && same($0.value, values[s]) } ?? false
                if exact.start > Double(frames[s]) + 1e-6 && !heldBefore && resume == nil {
                    // Up to where the animation starts: held when it starts from this value.
                    var lead = key(s)
                    lead.hold = same(lead.value, exact.from)
                    (lead.out, lead.into) = lead.hold ? ([], []) : linear
                    keys.append(lead)
                }
                let h = exact.hint
                if h.hold {
                    // The value jumps at its end: the next segment's keyframe, when one starts
                    // there, else the first sample after it.
                    keys.append(Key(frame: exact.start, value: exact.from, out: [], into: [], hold: true))
                    used.formUnion(sharing(h))
                    resume = nil
                    if exactSegment(frames: frames, values: values, from: exact.last, at: exact.end) != nil {
                        s = exact.last
                        resume = exact.end
                    } else {
                        s = exact.last + 1
                    }
                    continue
                }
                keys.append(Key(frame: exact.start, value: exact.from, out: [.init(x: h.handles[0], y: h.handles[1])],
                                into: [.init(x: h.handles[2], y: h.handles[3])]))
                used.formUnion(sharing(h))
                resume = nil
                if exact.endsOnFrame {
                    s = exact.last
                } else if let next = exactSegment(frames: frames, values: values, from: exact.last, at: exact.end) {
                    // The next segment starts where this one ends: its keyframe is this one's end,
                    // after a keyframe of this one's end value when the value jumps there (two
                    // keyframes at one time).
                    if !same(next.from, exact.to) {
                        keys.append(Key(frame: exact.end, value: exact.to, out: linear.out, into: linear.into))
                    }
                    s = exact.last
                    resume = exact.end
                } else {
                    keys.append(Key(frame: exact.end, value: exact.to, out: linear.out, into: linear.into))
                    s = exact.last + 1
                    if s >= n { return (keys, worst, used) }
                }
                continue
            }
            let nextBreak = breaks.filter { $0 > s }.min() ?? n - 1
            // A value held across several breaks (another animation's segments on the same
            // layer) needs no keyframe at them: it goes on from the last break it reaches.
            var held = s
            func holds(_ k: Int) -> Bool { values[k].indices.allSatisfy { abs(values[k][$0] - values[s][$0]) <= tolerance($0) * 0.2 } }
            while held + 1 < n && holds(held + 1) { held += 1 }
            if let lastBreak = breaks.filter({ $0 > s && $0 <= held }).max(), lastBreak > nextBreak {
                let linear = LottieKeyframe.linear(1)
                keys.append(Key(frame: Double(frames[s]), value: values[s], out: linear.out, into: linear.into))
                s = lastBreak
                continue
            }
            // The longest segment one easing keeps within tolerance: ends at twice the distance
            // each time until one fails, then halving the gap between the last that held and
            // the first that failed (a segment longer than one that fails seldom holds).
            var best = s + 1
            var handles = LottieKeyframe.linear(1)
            var bestError = 0.0
            let limit = min(n - 1, nextBreak, s + longest)
            var failed = limit + 1
            func tryEnd(_ e: Int) -> Bool {
                guard let fitted = segment(frames: frames, values: values, from: s, to: e) else { return false }
                best = e
                handles = (fitted.out, fitted.into)
                bestError = fitted.error
                return true
            }
            var step = 1
            while best + step <= limit {
                guard tryEnd(best + step) else {
                    failed = best + step
                    break
                }
                step *= 2
            }
            // Nothing failed before the limit: the limit itself, else the gap up to it.
            if failed > limit && best < limit && !tryEnd(limit) { failed = limit }
            while failed - best > 1 {
                let middle = (best + failed) / 2
                if !tryEnd(middle) { failed = middle }
            }
            worst = max(worst, bestError)
            keys.append(Key(frame: Double(frames[s]), value: values[s], out: handles.out, into: handles.into))
            s = best
        }
        keys.append(key(n - 1))
        return (keys, worst, used)
    }

    /// The animations with this very segment (same times and easing): animations made in one
    /// transaction share it, and which of them the samples confirmed cannot be told apart.
    private func sharing(_ hint: LottieHint) -> [ObjectIdentifier] {
        hints.filter { $0.hint.start == hint.start && $0.hint.end == hint.end && $0.hint.hold == hint.hold
            && $0.hint.handles == hint.handles }.map(\.hint.animation)
    }

    private func isConstant(_ values: [[Double]], _ from: Int, _ to: Int) -> Bool {
        let first = values[from]
        for k in from...to {
            for d in first.indices where abs(values[k][d] - first[d]) > tolerance(d) * 0.2 { return false }
        }
        return true
    }

    /// A hint that starts at sample `s` or before the next one (at `start` when given), and
    /// that every sample it spans agrees with: its values at its start and end fitted to those
    /// samples (they are linear in them), the last sample it spans, and whether it ends on that
    /// sample's frame. Only hints along which the value changes, spanning at least two samples,
    /// count; a hold counts when the samples before its end are its value and the one after
    /// differs.
    private func exactSegment(frames: [Int], values: [[Double]], from s: Int, at start: Double? = nil)
        -> (hint: LottieHint, start: Double, end: Double, from: [Double], to: [Double], last: Int, endsOnFrame: Bool)? {
        let n = values.count
        let here = Double(frames[s])
        for candidate in hints {
            if let start {
                guard abs(candidate.start - start) < 1e-6 else { continue }
            } else {
                guard candidate.start >= here - 1e-6 && candidate.start < here + 1 - 1e-6 else { continue }
            }
            let a = candidate.start, b = candidate.end
            guard b > a else { continue }
            let firstIn = a <= here + 1e-6 ? s : s + 1
            if candidate.hint.hold {
                // Every sample strictly inside is one value, and the one after the jump differs
                // (a sample on the very start or end may fall on either side of it by rounding).
                func same(_ k: Int, _ v: [Double]) -> Bool {
                    v.indices.allSatisfy { abs(values[k][$0] - v[$0]) <= tolerance($0) * 0.5 }
                }
                var first = s
                while first < n && Double(frames[first]) <= a + 1e-6 { first += 1 }
                guard first < n, Double(frames[first]) < b - 1e-6 else { continue }
                var last = first
                while last + 1 < n && Double(frames[last + 1]) < b - 1e-6 { last += 1 }
                let v = values[first]
                guard (first...last).allSatisfy({ same($0, v) }) else { continue }
                var after = last + 1
                if after < n && abs(Double(frames[after]) - b) < 1e-6 && same(after, v) { after += 1 }
                guard after < n, !same(after, v) else { continue }
                return (candidate.hint, a, b, v, v, last, false)
            }
            var last = firstIn
            while last + 1 < n && Double(frames[last + 1]) <= b + 1e-6 { last += 1 }
            guard firstIn < n, last > firstIn else { continue }
            let curve = candidate.hint.curve
            let progress = (firstIn...last).map { curve?.solve((Double(frames[$0]) - a) / (b - a), epsilon: 1e-12) ?? 0 }
            // Least squares for v0, v1 in v = v0 (1 - p) + v1 p, per dimension.
            var suu = 0.0, suv = 0.0, svv = 0.0
            for p in progress { suu += (1 - p) * (1 - p); suv += (1 - p) * p; svv += p * p }
            let det = suu * svv - suv * suv
            guard abs(det) > 1e-12 else { continue }
            let dims = values[s].count
            var v0 = [Double](repeating: 0, count: dims), v1 = v0
            for d in 0..<dims {
                var ru = 0.0, rv = 0.0
                for (i, k) in (firstIn...last).enumerated() {
                    ru += (1 - progress[i]) * values[k][d]
                    rv += progress[i] * values[k][d]
                }
                v0[d] = (ru * svv - rv * suv) / det
                v1[d] = (suu * rv - suv * ru) / det
            }
            guard (0..<dims).contains(where: { abs(v1[$0] - v0[$0]) > tolerance($0) }) else { continue }
            var agrees = true
            check: for (i, k) in (firstIn...last).enumerated() {
                for d in 0..<dims where abs(v0[d] + (v1[d] - v0[d]) * progress[i] - values[k][d]) > tolerance(d) * 0.5 {
                    agrees = false
                    break check
                }
            }
            guard agrees else { continue }
            // Values that land on sample frames are the samples themselves.
            if abs(a - here) < 1e-6 { v0 = values[s] }
            let endsOnFrame = abs(Double(frames[last]) - b) < 1e-6
            if endsOnFrame { v1 = values[last] }
            return (candidate.hint, a, b, v0, v1, last, endsOnFrame)
        }
        return nil
    }

    /// The easing of one segment, or nil when no cubic keeps every sample within tolerance.
    private func segment(frames: [Int], values: [[Double]], from s: Int, to e: Int)
        -> (out: [LottieKeyframe.Handle], into: [LottieKeyframe.Handle], error: Double)? {
        let span = Double(frames[e] - frames[s])
        guard span > 0 else { return nil }
        let dims = values[s].count
        let v0 = values[s], v1 = values[e]
        // Least squares for y1, y2 in v(τ) = v0 + Δ (b1 y1 + b2 y2 + τ³), one easing for all
        // dimensions (what every player reads of a multi-dimensional keyframe).
        let moving = (0..<dims).filter { abs(v1[$0] - v0[$0]) > tolerance($0) * 0.01 }
        var y = (1.0 / 3, 2.0 / 3)
        if !moving.isEmpty {
            var a11 = 0.0, a12 = 0.0, a22 = 0.0, r1 = 0.0, r2 = 0.0
            for d in moving {
                let delta = v1[d] - v0[d]
                let w = delta * delta / (tolerance(d) * tolerance(d))
                for k in (s + 1)..<e {
                    let t = Double(frames[k] - frames[s]) / span
                    let b1 = 3 * (1 - t) * (1 - t) * t, b2 = 3 * (1 - t) * t * t
                    let target = (values[k][d] - v0[d]) / delta - t * t * t
                    a11 += w * b1 * b1
                    a12 += w * b1 * b2
                    a22 += w * b2 * b2
                    r1 += w * target * b1
                    r2 += w * target * b2
                }
            }
            let det = a11 * a22 - a12 * a12
            if abs(det) > 1e-18 { y = ((r1 * a22 - r2 * a12) / det, (a11 * r2 - a12 * r1) / det) }
        }
        guard y.0.isFinite, y.1.isFinite, abs(y.0) < 20, abs(y.1) < 20 else { return nil }
        var worst = 0.0
        for k in (s + 1)..<e {
            let t = Double(frames[k] - frames[s]) / span
            let b1 = 3 * (1 - t) * (1 - t) * t, b2 = 3 * (1 - t) * t * t
            let p = b1 * y.0 + b2 * y.1 + t * t * t
            for d in 0..<dims {
                let error = abs(v0[d] + (v1[d] - v0[d]) * p - values[k][d])
                if error > tolerance(d) { return nil }
                worst = max(worst, error / tolerance(d))
            }
        }
        return ([LottieKeyframe.Handle(x: 1.0 / 3, y: y.0)], [LottieKeyframe.Handle(x: 2.0 / 3, y: y.1)], worst)
    }
}
