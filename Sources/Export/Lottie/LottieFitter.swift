/// Fits keyframes to values sampled once a frame: greedy segments, each as long as one cubic
/// easing (handles at x = 1/3 and 2/3, so the curve is a cubic in time) keeps every sample
/// within its dimension's tolerance. Runs that do not change become one keyframe; a curve that
/// needs a keyframe every frame gets one.
struct LottieFitter {
    /// The largest error allowed, per dimension (or one for all).
    var tolerances: [Double]
    /// Whether all dimensions share one easing (Lottie's multi-dimensional properties and paths
    /// have one per keyframe in some players) or each has its own.
    var sharedEasing = true
    /// The longest segment tried, in frames.
    var longest = 600

    private func tolerance(_ d: Int) -> Double { tolerances.isEmpty ? 0.5 : tolerances[min(d, tolerances.count - 1)] }

    /// Keyframes through `values[k]` at `frames[k]` (ascending), and the largest error made.
    func fit(frames: [Int], values: [[Double]]) -> (keys: [(frame: Int, index: Int, out: [LottieKeyframe.Handle],
                                                          into: [LottieKeyframe.Handle])], error: Double) {
        let n = values.count
        guard n > 0 else { return ([], 0) }
        if isConstant(values, 0, n - 1) { return ([(frames[0], 0, [], [])], 0) }
        var keys: [(frame: Int, index: Int, out: [LottieKeyframe.Handle], into: [LottieKeyframe.Handle])] = []
        var worst = 0.0
        var s = 0
        let dims = values[0].count
        while s < n - 1 {
            var best = s + 1
            var handles = LottieKeyframe.linear(sharedEasing ? 1 : dims)
            var bestError = 0.0
            var e = s + 2
            while e < n && e - s <= longest {
                guard let fitted = segment(frames: frames, values: values, from: s, to: e) else { break }
                best = e
                handles = (fitted.out, fitted.into)
                bestError = fitted.error
                e += 1
            }
            if best == s + 1, let fitted = segment(frames: frames, values: values, from: s, to: s + 1) {
                handles = (fitted.out, fitted.into)
            }
            worst = max(worst, bestError)
            keys.append((frames[s], s, handles.out, handles.into))
            s = best
        }
        keys.append((frames[n - 1], n - 1, [], []))
        return (keys, worst)
    }

    private func isConstant(_ values: [[Double]], _ from: Int, _ to: Int) -> Bool {
        let first = values[from]
        for k in from...to {
            for d in first.indices where abs(values[k][d] - first[d]) > tolerance(d) * 0.2 { return false }
        }
        return true
    }

    /// The easing of one segment, or nil when no cubic keeps every sample within tolerance.
    private func segment(frames: [Int], values: [[Double]], from s: Int, to e: Int)
        -> (out: [LottieKeyframe.Handle], into: [LottieKeyframe.Handle], error: Double)? {
        let span = Double(frames[e] - frames[s])
        guard span > 0 else { return nil }
        let dims = values[s].count
        let v0 = values[s], v1 = values[e]
        // Least squares for y1, y2 in v(τ) = v0 + Δ (b1 y1 + b2 y2 + τ³).
        func solve(_ dimsUsed: [Int]) -> (Double, Double) {
            var a11 = 0.0, a12 = 0.0, a22 = 0.0, r1 = 0.0, r2 = 0.0
            for d in dimsUsed {
                let delta = v1[d] - v0[d]
                let w = 1 / (tolerance(d) * tolerance(d))
                for k in (s + 1)..<e {
                    let t = Double(frames[k] - frames[s]) / span
                    let b1 = 3 * (1 - t) * (1 - t) * t, b2 = 3 * (1 - t) * t * t
                    let target = values[k][d] - v0[d] - delta * t * t * t
                    a11 += w * delta * delta * b1 * b1
                    a12 += w * delta * delta * b1 * b2
                    a22 += w * delta * delta * b2 * b2
                    r1 += w * delta * target * b1
                    r2 += w * delta * target * b2
                }
            }
            let det = a11 * a22 - a12 * a12
            guard abs(det) > 1e-18 else { return (1.0 / 3, 2.0 / 3) }
            return ((r1 * a22 - r2 * a12) / det, (a11 * r2 - a12 * r1) / det)
        }
        var ys: [(Double, Double)] = []
        if sharedEasing {
            let moving = (0..<dims).filter { abs(v1[$0] - v0[$0]) > tolerance($0) * 0.01 }
            ys = [moving.isEmpty ? (1.0 / 3, 2.0 / 3) : solve(moving)]
        } else {
            ys = (0..<dims).map { d in abs(v1[d] - v0[d]) > tolerance(d) * 0.01 ? solve([d]) : (1.0 / 3, 2.0 / 3) }
        }
        for y in ys where !(y.0.isFinite && y.1.isFinite && abs(y.0) < 20 && abs(y.1) < 20) { return nil }
        var worst = 0.0
        for k in (s + 1)..<e {
            let t = Double(frames[k] - frames[s]) / span
            let b1 = 3 * (1 - t) * (1 - t) * t, b2 = 3 * (1 - t) * t * t
            for d in 0..<dims {
                let y = sharedEasing ? ys[0] : ys[d]
                let value = v0[d] + (v1[d] - v0[d]) * (b1 * y.0 + b2 * y.1 + t * t * t)
                let error = abs(value - values[k][d])
                if error > tolerance(d) { return nil }
                worst = max(worst, error / tolerance(d) * 0.5)
            }
        }
        let out = ys.map { LottieKeyframe.Handle(x: 1.0 / 3, y: $0.0) }
        let into = ys.map { LottieKeyframe.Handle(x: 2.0 / 3, y: $0.1) }
        return (out, into, worst)
    }
}
