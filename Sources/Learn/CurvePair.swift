/// One component of a key path as the target and the submission drew it, on the same sample
/// times: how far apart they are, and why, in the words of animation.
struct CurvePair {
    let label: String
    let keyPath: String
    let times: [Double]
    let target: [Double?]
    let submission: [Double?]
    /// What one unit of difference is measured against: the target's range over the checked
    /// time (or its size, at least 1, when it does not move).
    let scale: Double
    /// The largest difference allowed, in the value's own units.
    let allowed: Double

    init(label: String, keyPath: String, times: [Double], target: [Double?], submission: [Double?], tolerance: Double) {
        (self.label, self.keyPath, self.times, self.target, self.submission) = (label, keyPath, times, target, submission)
        let known = target.compactMap { $0 }
        let range = (known.max() ?? 0) - (known.min() ?? 0)
        scale = range > 1e-9 ? range : max(abs(known.first ?? 0), 1)
        allowed = tolerance * scale
    }

    /// Whether the target moves over the checked time.
    var targetMoves: Bool {
        let known = target.compactMap { $0 }
        return ((known.max() ?? 0) - (known.min() ?? 0)) > 1e-9
    }

    /// The largest difference, as a fraction of `scale`, and the sample where it is. A sample
    /// where the target has a value and the submission none counts as a whole range apart.
    var largestDifference: (fraction: Double, index: Int) {
        var worst = (0.0, 0)
        for index in times.indices {
            guard let goal = target[index] else { continue }
            let difference = submission[index].map { abs($0 - goal) / scale } ?? 1
            if difference > worst.0 { worst = (difference, index) }
        }
        return worst
    }

    /// The findings that say how the submission's curve differs from the target's.
    func findings() -> [Finding] {
        guard let targetMotion = Motion(values: target, times: times, epsilon: scale * 1e-6),
              let ownMotion = Motion(values: submission, times: times, epsilon: scale * 1e-6) else { return [] }
        var findings: [Finding] = []
        var own = ownMotion
        if targetMotion.moves, !ownMotion.moves {
            findings.append(Finding(.missingAnimation,
                                    "\(label) never changes: it stays at \(Numbers.text(ownMotion.start)); the target goes from \(Numbers.text(targetMotion.start)) to \(Numbers.text(targetMotion.end))"))
            if abs(ownMotion.start - targetMotion.start) > allowed {
                findings.append(Finding(.wrongStart, "\(label) starts at \(Numbers.text(ownMotion.start)), the target at \(Numbers.text(targetMotion.start))"))
            }
            return findings
        }
        if let snap = snapBack() {
            findings.append(Finding(.snapsBack,
                                    "\(label) snaps back to \(Numbers.text(snap.value)) at \(Numbers.seconds(times[snap.index])): the animation was removed at its end and the model value was never set (set \(keyPath) to \(Numbers.text(targetMotion.end)) as you add the animation, or keep it with fillMode = \"forwards\" and removedOnCompletion = false)"))
            if let cut = Motion(values: Array(submission[..<snap.index]), times: Array(times[..<snap.index]), epsilon: scale * 1e-6) {
                own = cut
            }
        }
        if abs(own.start - targetMotion.start) > allowed {
            findings.append(Finding(.wrongStart, "\(label) starts at \(Numbers.text(own.start)), the target at \(Numbers.text(targetMotion.start))"))
        }
        if abs(own.end - targetMotion.end) > allowed {
            findings.append(Finding(.wrongEnd, "\(label) ends at \(Numbers.text(own.end)), the target at \(Numbers.text(targetMotion.end))"))
        }
        guard targetMotion.moves, own.moves else { return findings }
        let shift = own.onset - targetMotion.onset
        if abs(shift) > Self.timeSlack {
            let code: Finding.Code = shift > 0 ? .late : .early
            findings.append(Finding(code, "\(label) starts moving at \(Numbers.seconds(own.onset)), the target at \(Numbers.seconds(targetMotion.onset)): \(code == .late ? "late" : "early") by \(Numbers.seconds(abs(shift)))"))
        }
        let targetLength = targetMotion.arrival - targetMotion.onset
        let ownLength = own.arrival - own.onset
        let targetJumps = targetLength <= Self.timeSlack, ownJumps = ownLength <= Self.timeSlack
        if targetJumps != ownJumps {
            findings.append(targetJumps
                ? Finding(.slow, "\(label) changes over \(Numbers.seconds(ownLength)); the target changes at once, at \(Numbers.seconds(targetMotion.arrival))")
                : Finding(.fast, "\(label) changes at once, at \(Numbers.seconds(own.arrival)); the target changes over \(Numbers.seconds(targetLength))"))
            return findings
        }
        if targetJumps { return findings }
        if targetLength > 0, ownLength > 0, abs(ownLength - targetLength) > max(Self.timeSlack, targetLength * 0.03) {
            let code: Finding.Code = ownLength > targetLength ? .slow : .fast
            let unfinished = own.arrivesAtEnd ? " (and is still moving at the end)" : ""
            findings.append(Finding(code, "\(label) takes \(Numbers.seconds(ownLength))\(unfinished), the target \(Numbers.seconds(targetLength)): too \(code == .slow ? "slow" : "fast") (duration \(Numbers.seconds(ownLength)), the target's \(Numbers.seconds(targetLength)))"))
        }
        if let targetShape = targetMotion.progressShape, let ownShape = own.progressShape,
           TimingShapes.rootMeanSquare(targetShape, ownShape) > Self.shapeSlack {
            let targetName = TimingShapes.nearest(to: targetShape), ownName = TimingShapes.nearest(to: ownShape)
            if targetName != ownName {
                findings.append(Finding(.wrongEasing, "\(label): yours is \(ownName); the target \(TimingShapes.describe(targetName)): \(targetName)"))
            }
        }
        return findings
    }

    /// Start times and lengths closer than this are the same (a tick and a little).
    static let timeSlack = 0.02
    /// Normalised motions closer than this have the same shape.
    static let shapeSlack = 0.03

    /// Where the submission jumps back (a large step between two samples where the target has
    /// none) and does not end where the target ends.
    func snapBack() -> (index: Int, value: Double)? {
        guard let last = submission.last ?? nil, let goal = target.last ?? nil, abs(last - goal) > allowed else { return nil }
        for index in times.indices.dropFirst() {
            guard let before = submission[index - 1], let after = submission[index] else { continue }
            let targetStep = target[index - 1].flatMap { a in target[index].map { abs($0 - a) } } ?? 0
            if abs(after - before) > 0.25 * scale, targetStep < 0.05 * scale, abs(after - goal) > allowed {
                return (index, after)
            }
        }
        return nil
    }
}

/// A curve as a motion: where it starts and ends, when it starts moving and when it arrives,
/// and its shape in normalised time and value.
struct Motion {
    let start: Double
    let end: Double
    /// The last moment before it leaves its start value.
    let onset: Double
    /// The first moment from which it stays at its end value.
    let arrival: Double
    /// Whether it is still moving at the last sample.
    let arrivesAtEnd: Bool
    let moves: Bool
    /// Its progress from start to end at `TimingShapes.moments` of [onset, arrival]; nil when
    /// it ends where it starts (a bounce) or never moves.
    let progressShape: [Double]?

    init?(values: [Double?], times: [Double], epsilon: Double) {
        let known = zip(times, values).compactMap { time, value in value.map { (time, $0) } }
        guard let first = known.first, let last = known.last else { return nil }
        let firstMove = known.firstIndex { abs($0.1 - first.1) > epsilon }
        let lastUnsettled = known.lastIndex { abs($0.1 - last.1) > epsilon }
        let onset = firstMove.map { known[max($0 - 1, 0)].0 } ?? first.0
        let arrival = lastUnsettled.map { known[min($0 + 1, known.count - 1)].0 } ?? first.0
        (start, end, self.onset, self.arrival) = (first.1, last.1, onset, arrival)
        moves = firstMove != nil
        arrivesAtEnd = lastUnsettled.map { $0 + 1 >= known.count - 1 } ?? false
        guard moves, abs(last.1 - first.1) > epsilon * 1000, arrival > onset else {
            progressShape = nil
            return
        }
        let span = known.filter { $0.0 >= onset && $0.0 <= arrival }
        progressShape = TimingShapes.moments.map { moment in
            let value = Motion.interpolate(span, at: onset + (arrival - onset) * moment)
            return (value - first.1) / (last.1 - first.1)
        }
    }

    /// The value at `time` between the samples around it.
    static func interpolate(_ samples: [(Double, Double)], at time: Double) -> Double {
        guard let after = samples.firstIndex(where: { $0.0 >= time }) else { return samples.last?.1 ?? 0 }
        guard after > 0 else { return samples[after].1 }
        let (t0, v0) = samples[after - 1], (t1, v1) = samples[after]
        return t1 > t0 ? v0 + (v1 - v0) * (time - t0) / (t1 - t0) : v1
    }
}

/// Numbers and times as messages show them.
enum Numbers {
    /// Up to two decimals, without trailing zeros: "150", "0.5", "-3.14".
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return "\(Int(rounded))" }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// Seconds: "1.5 s".
    static func seconds(_ value: Double) -> String {
        "\(text(value)) s"
    }
}
