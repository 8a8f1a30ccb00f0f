/// Fits keyframes to values sampled once a frame. Segments an animation spells out exactly
/// (`hints`: a timing function between two frames) are tried first and kept when every sample
/// agrees with them; elsewhere segments are greedy, each as long as one cubic easing (handles
/// at x = 1/3 and 2/3, so the curve is a cubic in time) keeps every sample within its
/// dimension's tolerance. Runs that do not change become one keyframe; a curve that needs a
/// keyframe every frame gets one.
struct LottieFitter {
    /// One keyframe: at `frame`, the value of sample `index`, and the easing to the next.
    struct Key {
        var frame: Int
        var index: Int
        var out: [LottieKeyframe.Handle]
        var into: [LottieKeyframe.Handle]
        var hold = false
    }

    /// An exact segment, in frames.
    struct Hint {
        var start: Int
        var end: Int
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
        if isConstant(values, 0, n - 1) { return ([Key(frame: frames[0], index: 0, out: [], into: [])], 0, []) }
        let first = frames[0]
        let breaks = Set(hints.flatMap { [$0.start - first, $0.end - first] }.filter { $0 > 0 && $0 < n })
        var keys: [Key] = []
        var used: Set<ObjectIdentifier> = []
        var worst = 0.0
        var s = 0
        while s < n - 1 {
            // The value holds from here on: the last keyframe's value holds after it.
            if s > 0 && isConstant(values, s, n - 1) {
                keys.append(Key(frame: frames[s], index: s, out: [], into: []))
                return (keys, worst, used)
            }
            if let (hint, e) = exactSegment(frames: frames, values: values, from: s) {
                keys.append(Key(frame: frames[s], index: s, out: [.init(x: hint.handles.count == 4 ? hint.handles[0] : 0, y: hint.hold ? 0 : hint.handles[1])],
                                into: [.init(x: hint.hold ? 1 : hint.handles[2], y: hint.hold ? 1 : hint.handles[3])], hold: hint.hold))
                used.insert(hint.animation)
                s = e
                continue
            }
            let nextBreak = breaks.filter { $0 > s }.min() ?? n - 1
            var best = s + 1
            var handles = LottieKeyframe.linear(1)
            var bestError = 0.0
            var e = s + 2
            while e < n && e <= nextBreak && e - s <= longest {
                guard let fitted = segment(frames: frames, values: values, from: s, to: e) else { break }
                best = e
                handles = (fitted.out, fitted.into)
                bestError = fitted.error
                e += 1
            }
            worst = max(worst, bestError)
            keys.append(Key(frame: frames[s], index: s, out: handles.out, into: handles.into))
            s = best
        }
        keys.append(Key(frame: frames[n - 1], index: n - 1, out: [], into: []))
        return (keys, worst, used)
    }

    private func isConstant(_ values: [[Double]], _ from: Int, _ to: Int) -> Bool {
        let first = values[from]
        for k in from...to {
            for d in first.indices where abs(values[k][d] - first[d]) > tolerance(d) * 0.2 { return false }
        }
        return true
    }

    /// A hint starting at sample `s` that every sample up to its end agrees with, and the index
    /// of its end; only hints along which the value changes count.
    private func exactSegment(frames: [Int], values: [[Double]], from s: Int) -> (LottieHint, Int)? {
        let n = values.count
        for candidate in hints where candidate.start == frames[s] {
            let e = s + (candidate.end - candidate.start)
            guard e > s, e < n || (candidate.hint.hold && e == n) else { continue }
            let last = min(e, n - 1)
            let v0 = values[s], v1 = values[last]
            let changes = v0.indices.contains { abs(v1[$0] - v0[$0]) > tolerance($0) }
            guard changes else { continue }
            var agrees = true
            let span = Double(candidate.end - candidate.start)
            check: for k in (s + 1)..<last {
                let p = candidate.hint.progress(Double(frames[k] - frames[s]) / span)
                for d in v0.indices where abs(v0[d] + (v1[d] - v0[d]) * p - values[k][d]) > tolerance(d) {
                    agrees = false
                    break check
                }
            }
            if agrees { return (candidate.hint, last) }
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
