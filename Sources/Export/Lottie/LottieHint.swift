import LayerKit

/// A segment of an animation that Lottie can say exactly: from `start` to `end` (scene seconds)
/// the value travels along a cubic Bézier easing (Core Animation's timing function as the
/// keyframe's handles) or holds (discrete keyframes). The fitter tries these first; a hint the
/// samples confirm becomes keyframes as they are, and its animation counts as exact.
struct LottieHint: Hashable {
    var start: Double
    var end: Double
    /// (c1x, c1y, c2x, c2y); ignored when `hold`.
    var handles: [Double]
    var hold: Bool
    /// The animation it comes from.
    var animation: ObjectIdentifier

    /// The eased progress at linear progress `x` of the segment.
    func progress(_ x: Double) -> Double {
        if hold { return 0 }
        let (x1, y1, x2, y2) = (handles[0], handles[1], handles[2], handles[3])
        // Solve x(s) = x by bisection (x(s) is monotonic for x1, x2 in 0…1), then y(s).
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let s = (lo + hi) / 2
            let xs = 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s
            if xs < x { lo = s } else { hi = s }
        }
        let s = (lo + hi) / 2
        return 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s
    }

    /// The segments of `animation` (attached with `timing` to a layer whose time is the
    /// scene's) that end by `limit`: each cycle of a basic animation with a cubic or linear
    /// timing function, reversed cycles of an autoreversing one with the handles mirrored, and
    /// the spans between key times of a keyframe animation in linear or discrete mode. Springs,
    /// Penner easings, steps, paced and cubic keyframe modes, groups and shifted timing give none.
    static func hints(for animation: Animation, timing: MediaTiming, limit: Double) -> [LottieHint] {
        guard timing.speed > 0, timing.timeOffset == 0, timing.duration > 0, timing.duration.isFinite,
              !(animation is SpringAnimation), !(animation is AnimationGroup) else { return [] }
        if let property = animation as? PropertyAnimation, property.isAdditive || property.isCumulative { return [] }
        let id = ObjectIdentifier(animation)
        // One cycle's segments, in fractions of the duration.
        var pieces: [(from: Double, to: Double, handles: [Double], hold: Bool)] = []
        if let keyframes = animation as? KeyframeAnimation {
            guard keyframes.path == nil, keyframes.values.count >= 2,
                  handles(of: animation.timingFunction) == [0, 0, 1, 1] else { return [] }
            let count = keyframes.values.count
            let discrete = keyframes.calculationMode == .discrete
            guard discrete || keyframes.calculationMode == .linear else { return [] }
            var times = keyframes.keyTimes ?? []
            if times.count != count {
                times = (0..<count).map { Double($0) / Double(count - 1) }
            }
            guard times.allSatisfy(\.isFinite), zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else { return [] }
            for i in 0..<(count - 1) {
                let tf = keyframes.timingFunctions.flatMap { i < $0.count ? $0[i] : $0.last }
                guard let h = handles(of: tf) else { return [] }
                pieces.append((times[i], times[i + 1], h, discrete))
            }
        } else if animation is BasicAnimation {
            guard let h = handles(of: animation.timingFunction) else { return [] }
            pieces.append((0, 1, h, false))
        } else {
            return []
        }
        let cycles: Int
        if timing.repeatDuration > 0 || (timing.repeatCount > 0 && timing.repeatCount != timing.repeatCount.rounded()) {
            return []
        } else if timing.repeatCount > 0 {
            cycles = timing.repeatCount.isFinite ? Int(timing.repeatCount) : Int.max
        } else {
            cycles = 1
        }
        var out: [LottieHint] = []
        let d = timing.duration / timing.speed
        var t = timing.beginTime
        var cycle = 0
        while cycle < cycles && t < limit && out.count < 10_000 {
            for piece in pieces {
                out.append(LottieHint(start: t + piece.from * d, end: t + piece.to * d, handles: piece.handles,
                                      hold: piece.hold, animation: id))
            }
            t += d
            if timing.autoreverses {
                for piece in pieces.reversed() {
                    let h = piece.handles
                    out.append(LottieHint(start: t + (1 - piece.to) * d, end: t + (1 - piece.from) * d,
                                          handles: [1 - h[2], 1 - h[3], 1 - h[0], 1 - h[1]], hold: piece.hold, animation: id))
                }
                t += d
            }
            cycle += 1
        }
        return out.filter { $0.end > $0.start }
    }

    /// A timing function's control points, nil when it is no cubic Bézier (Penner, steps, custom).
    static func handles(of function: TimingFunction?) -> [Double]? {
        guard let function else { return [0, 0, 1, 1] }
        switch function.kind {
        case .linear: return [0, 0, 1, 1]
        case .cubicBezier(let curve):
            let c = curve.controlPoints
            guard (0...1).contains(c.c1x), (0...1).contains(c.c2x) else { return nil }
            return [c.c1x, c.c1y, c.c2x, c.c2y]
        default: return nil
        }
    }
}
