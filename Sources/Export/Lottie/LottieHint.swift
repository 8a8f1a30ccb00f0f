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
    /// The animation it comes from (for a group's children, the group).
    var animation: ObjectIdentifier
    /// The values its key path moves (for a group's children, the child's).
    var channels: LottieChannel

    /// The segment's easing as LayerKit's curve; nil for a hold, whose progress stays 0 until
    /// it ends.
    var curve: CubicBezier? {
        hold ? nil : CubicBezier(handles[0], handles[1], handles[2], handles[3])
    }

    /// One eased stretch of time: seconds of a simple duration, or once placed, of the parent's time.
    private struct Piece {
        var start: Double
        var end: Double
        var handles: [Double]
        var hold: Bool
        var channels: LottieChannel

        /// The same stretch played backwards (an autoreversing cycle's second half).
        func reversed(within length: Double) -> Piece {
            Piece(start: length - end, end: length - start,
                  handles: [1 - handles[2], 1 - handles[3], 1 - handles[0], 1 - handles[1]], hold: hold,
                  channels: channels)
        }

        /// The stretch cut at `time` in two, the curve split there (see `LottieHint.split`).
        func split(at time: Double) -> (Piece, Piece)? {
            var first = self, second = self
            first.end = time
            second.start = time
            if hold { return (first, second) }
            guard let (a, b) = LottieHint.split(handles, at: (time - start) / (end - start)) else { return nil }
            (first.handles, second.handles) = (a, b)
            return (first, second)
        }
    }

    /// The easing `handles` cut at linear progress `x`: the Bézier split there (de Casteljau),
    /// each half scaled back to the unit square. Nil when a half's value does not move or its
    /// handles would leave 0…1 in time.
    static func split(_ handles: [Double], at x: Double) -> (first: [Double], second: [Double])? {
        let (x1, y1, x2, y2) = (handles[0], handles[1], handles[2], handles[3])
        let s = CubicBezier(x1, y1, x2, y2).parameter(forX: x, tolerance: 1e-12)
        func lerp(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
            (a.0 + (b.0 - a.0) * s, a.1 + (b.1 - a.1) * s)
        }
        let q0 = lerp((0, 0), (x1, y1)), q1 = lerp((x1, y1), (x2, y2)), q2 = lerp((x2, y2), (1, 1))
        let r0 = lerp(q0, q1), r1 = lerp(q1, q2), m = lerp(r0, r1)
        guard abs(m.1) > 1e-9, abs(1 - m.1) > 1e-9, m.0 > 1e-9, 1 - m.0 > 1e-9 else { return nil }
        let first = [q0.0 / m.0, q0.1 / m.1, r0.0 / m.0, r0.1 / m.1]
        let second = [(r1.0 - m.0) / (1 - m.0), (r1.1 - m.1) / (1 - m.1), (q2.0 - m.0) / (1 - m.0), (q2.1 - m.1) / (1 - m.1)]
        let inUnit = { (h: [Double]) in (0...1).contains(h[0]) && (0...1).contains(h[2]) }
        guard inUnit(first), inUnit(second) else { return nil }
        return (first, second)
    }

    /// This segment up to `time` (scene seconds, inside it): what shows of an animation that
    /// another replaces part way, as an implicit animation retargeted from where it is.
    func cut(at time: Double) -> LottieHint? {
        guard time > start, time < end else { return nil }
        var cut = self
        cut.end = time
        if hold { return cut }
        guard let (first, _) = LottieHint.split(handles, at: (time - start) / (end - start)) else { return nil }
        cut.handles = first
        return cut
    }

    /// The segments of the attached animation `state` that start before `limit` (both in its
    /// layer's time, which `sceneTime` turns into the scene's): each cycle of a basic animation
    /// with a cubic or linear timing function; the spans between key times of a keyframe
    /// animation in linear, paced, cubic or cubic-paced mode (a cubic span as the Hermite
    /// curve it is, one candidate per component of the value); a group's children inside the
    /// group's time. Repeats, autoreverses (mirrored handles), speed and time offsets move and
    /// stretch the segments (a segment the time offset cuts in two is split in two).
    /// Springs, Penner easings, steps, additive and cumulative animations give none.
    static func hints(for state: AttachedAnimationState, limit: Double, sceneTime: (Double) -> Double?) -> [LottieHint] {
        guard let pieces = simplePieces(of: state), let placed = place(pieces, timing: state.timing, limit: limit) else {
            return []
        }
        let id = ObjectIdentifier(state.animation)
        return placed.compactMap { piece in
            guard let start = sceneTime(piece.start), let end = sceneTime(piece.end), end > start else { return nil }
            return LottieHint(start: start, end: end, handles: piece.handles, hold: piece.hold, animation: id,
                              channels: piece.channels)
        }
    }

    /// The pieces of one simple duration (seconds from its start), nil when any part of the
    /// animation is no cubic Bézier easing.
    private static func simplePieces(of state: AttachedAnimationState) -> [Piece]? {
        let animation = state.animation, d = state.timing.duration
        guard d > 0, d.isFinite, !(animation is SpringAnimation) else { return nil }
        if let property = animation as? PropertyAnimation, property.isAdditive || property.isCumulative { return nil }
        if animation is AnimationGroup {
            // A group's timing function would ease its children's time: only a linear one keeps them.
            guard handles(of: animation.timingFunction) == [0, 0, 1, 1], !state.children.isEmpty else { return nil }
            var out: [Piece] = []
            for child in state.children {
                guard let inner = simplePieces(of: child), let placed = place(inner, timing: child.timing, limit: d) else {
                    return nil
                }
                out += placed.filter { $0.end <= d + 1e-9 }
            }
            return out
        }
        let channels = LottieChannel.driven(by: state.keyPath ?? "")
        if let keyframes = animation as? KeyframeAnimation {
            return keyframePieces(keyframes, state: state, channels: channels)
        }
        guard animation is BasicAnimation, let h = handles(of: animation.timingFunction) else { return nil }
        return [Piece(start: 0, end: d, handles: h, hold: false, channels: channels)]
    }

    private static func keyframePieces(_ keyframes: KeyframeAnimation, state: AttachedAnimationState,
                                       channels: LottieChannel) -> [Piece]? {
        let values = state.keyValues, times = state.keyTimes, d = state.timing.duration
        let count = values.count
        guard keyframes.path == nil, count >= 2, handles(of: keyframes.timingFunction) == [0, 0, 1, 1],
              times.allSatisfy(\.isFinite), zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        let mode = keyframes.calculationMode
        var pieces: [Piece] = []
        switch mode {
        case .discrete:
            guard times.count == count + 1 else { return nil }
            for i in 0..<count {
                pieces.append(Piece(start: times[i] * d, end: times[i + 1] * d, handles: [0, 0, 1, 1], hold: true,
                                    channels: channels))
            }
        case .linear, .paced:
            guard times.count == count else { return nil }
            for i in 0..<(count - 1) {
                // Paced mode ignores the timing functions.
                let tf = mode == .paced ? nil : keyframes.timingFunctions.flatMap { i < $0.count ? $0[i] : $0.last }
                guard let h = handles(of: tf) else { return nil }
                pieces.append(Piece(start: times[i] * d, end: times[i + 1] * d, handles: h, hold: false, channels: channels))
            }
        case .cubic, .cubicPaced:
            guard times.count == count else { return nil }
            // A timing function would ease the curve's parameter: only linear ones keep it cubic in time.
            if mode == .cubic, let functions = keyframes.timingFunctions,
               !functions.allSatisfy({ handles(of: $0) == [0, 0, 1, 1] }) { return nil }
            let outs = state.outTangents, ins = state.inTangents
            for i in 0..<(count - 1) {
                let (start, end) = (times[i] * d, times[i + 1] * d)
                guard outs.count == count, ins.count == count else {
                    // No tangents (a transform's values): the spline is straight lines.
                    pieces.append(Piece(start: start, end: end, handles: [0, 0, 1, 1], hold: false, channels: channels))
                    continue
                }
                // v(s) = v0 + Δ·y(s) with y a cubic, y'(0) = m0/Δ and y'(1) = m1/Δ: handles at
                // x = 1/3, 2/3 with y1 = m0/(3Δ), y2 = 1 − m1/(3Δ), per component.
                let v0 = values[i].components, v1 = values[i + 1].components
                let m0 = outs[i].components, m1 = ins[i + 1].components
                guard v0.count == v1.count, m0.count == v0.count, m1.count == v0.count else { return nil }
                var candidates: [[Double]] = []
                for c in v0.indices {
                    let delta = v1[c].value - v0[c].value
                    guard abs(delta) > 1e-9 else { continue }
                    let h = [1.0 / 3, m0[c].value / (3 * delta), 2.0 / 3, 1 - m1[c].value / (3 * delta)]
                    if h.allSatisfy(\.isFinite), !candidates.contains(h) { candidates.append(h) }
                }
                for h in candidates { pieces.append(Piece(start: start, end: end, handles: h, hold: false, channels: channels)) }
            }
        }
        return pieces
    }

    /// `pieces` of one simple duration placed in the parent's time by `timing`: once a cycle,
    /// mirrored on the way back when it autoreverses, cut at the end of the active duration,
    /// shifted by the time offset (which wraps around the active duration) and the begin time,
    /// and stretched by the speed; those starting after `limit` are left out. Nil when the
    /// speed is not positive (paused or reversed).
    private static func place(_ pieces: [Piece], timing: MediaTiming, limit: Double) -> [Piece]? {
        let speed = timing.speed, d = timing.duration, begin = timing.beginTime
        guard speed > 0, speed.isFinite, d > 0, d.isFinite, begin.isFinite, timing.timeOffset.isFinite else { return nil }
        let active = timing.activeDuration, cycle = timing.cycleDuration
        var offset = timing.timeOffset
        if active.isFinite {
            // The offset wraps around the active duration, as the animation's time does.
            offset = offset.truncatingRemainder(dividingBy: active)
            if offset < 0 { offset += active }
        }
        let lastStart = (limit - begin) * speed
        var out: [Piece] = []
        var cycleStart = 0.0, cycles = 0
        // Bounded, as cycles of a tiny duration may give no piece at all (key times all equal).
        while cycleStart < active && out.count < 10_000 && cycles < 100_000 {
            cycles += 1
            // Past the limit once no piece of this cycle can wrap round to the start.
            if cycleStart - offset > lastStart && cycleStart >= offset { break }
            var copies = pieces
            if timing.autoreverses { copies += pieces.reversed().map { $0.reversed(within: 2 * d) } }
            for var copy in copies {
                copy.start += cycleStart
                copy.end += cycleStart
                guard copy.end <= active + 1e-9, copy.end > copy.start else { continue }
                // The time offset is where the animation's time starts: a piece across it plays in two parts.
                var parts = [copy]
                if copy.start < offset - 1e-9 && copy.end > offset + 1e-9 {
                    guard let (a, b) = copy.split(at: offset) else { continue }
                    parts = [a, b]
                }
                for part in parts {
                    var r0 = part.start - offset
                    if r0 < -1e-9 {
                        // Before the offset: played at the end of the active duration.
                        guard active.isFinite else { continue }
                        r0 += active
                    }
                    let r1 = r0 + (part.end - part.start)
                    guard r0 <= lastStart else { continue }
                    out.append(Piece(start: begin + max(r0, 0) / speed, end: begin + r1 / speed, handles: part.handles,
                                     hold: part.hold, channels: part.channels))
                }
            }
            cycleStart += cycle
        }
        return out.sorted { $0.start < $1.start }
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
