import Foundation

/// Where a basic or spring animation starts or ends, resolved from its from/to/by values.
enum Endpoint {
    case value(AnimationValue)
    /// The presentation value underneath the animation, frame by frame.
    case current
    /// The current value plus a fixed amount.
    case currentPlus(AnimationValue)

    @inline(__always) func resolve(_ current: AnimationValue) -> AnimationValue {
        switch self {
        case .value(let v): return v
        case .current: return current
        case .currentPlus(let d): return current + d
        }
    }

    var needsCurrent: Bool {
        if case .value = self { return false }
        return true
    }
}

/// A basic (or spring) animation's endpoints, resolved once when it is added.
struct BasicTrack {
    let from: Endpoint
    let to: Endpoint

    /// Resolves Core Animation's from/to/by rules. `previous` is the presentation value when the
    /// animation was added; `zero` is the kind's neutral value, used instead of the current value
    /// by additive animations (which add to it anyway).
    init(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?, previous: AnimationValue,
         additive: Bool, zero: AnimationValue) {
        let current: Endpoint = additive ? .value(zero) : .current
        switch (from, to, by) {
        case let (f?, t?, _): self.from = .value(f); self.to = .value(t)
        case let (f?, nil, b?): self.from = .value(f); self.to = .value(f + b)
        case let (nil, t?, b?): self.from = .value(t - b); self.to = .value(t)
        case let (f?, nil, nil): self.from = .value(f); self.to = current
        case let (nil, t?, nil): self.from = current; self.to = .value(t)
        case let (nil, nil, b?):
            self.from = current
            self.to = additive ? .value(zero + b) : .currentPlus(b)
        case (nil, nil, nil): self.from = .value(previous); self.to = current
        }
    }
}

/// A keyframe animation's values and times, validated and precomputed when it is added.
struct KeyframeTrack {
    var values: [AnimationValue]
    /// Boundaries: `values.count` times (`values.count + 1` in discrete mode), rising, 0…1.
    var times: [Double]
    var functions: [TimingFunction]
    var mode: CalculationMode
    /// Outgoing and incoming tangents per value for the cubic modes.
    var outTangents: [AnimationValue] = []
    var inTangents: [AnimationValue] = []
    /// For a point-valued key path with a path: its segments (`values` are its keyframes).
    var path: PathKeyframes?
    var rotationMode: RotationMode?

    init(_ a: KeyframeAnimation, kind: ValueKind) {
        mode = a.calculationMode
        rotationMode = a.rotationMode
        functions = a.timingFunctions ?? []
        if let path = a.path, kind == .point, let keyframes = PathKeyframes(path) {
            self.path = keyframes
            values = keyframes.points.map { .point($0) }
        } else {
            values = a.values.map { $0.coerced(to: kind) }
        }
        times = []
        let n = values.count
        guard n > 0 else { return }
        // Key times that break Apple's rules are ignored (see KeyframeAnimation+KeyTimes).
        var given: [Double]?
        if let keyTimes = a.keyTimes, !keyTimes.isEmpty, n > 1,
           KeyframeAnimation.keyTimesProblem(keyTimes, keyframes: n, noun: "values", mode: mode) == nil {
            given = keyTimes
        }
        switch mode {
        case .paced, .cubicPaced:
            times = KeyframeTrack.pacedTimes(distances: segmentLengths())
        case .discrete:
            times = given ?? (0...n).map { Double($0) / Double(n) }
        case .linear, .cubic:
            times = given ?? (n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) })
        }
        if (mode == .cubic || mode == .cubicPaced) && path == nil && kind != .transform {
            computeTangents(tension: a.tensionValues ?? [], continuity: a.continuityValues ?? [], bias: a.biasValues ?? [])
        }
    }

    static func pacedTimes(distances: [Double]) -> [Double] {
        let total = distances.reduce(0, +)
        var times = [0.0]
        var sum = 0.0
        for d in distances {
            sum += d
            times.append(total > 0 ? sum / total : Double(times.count) / Double(distances.count))
        }
        return times
    }

    private func segmentLengths() -> [Double] {
        if let path { return path.lengths }
        guard values.count > 1 else { return [] }
        return (1..<values.count).map { AnimationValue.distance(values[$0 - 1], values[$0]) }
    }

    private mutating func computeTangents(tension: [Double], continuity: [Double], bias: [Double]) {
        let n = values.count
        for i in 0..<n {
            let p = values[i]
            let prev = values[max(i - 1, 0)], next = values[min(i + 1, n - 1)]
            let t = i < tension.count && tension[i].isFinite ? tension[i] : 0
            let c = i < continuity.count && continuity[i].isFinite ? continuity[i] : 0
            let b = i < bias.count && bias[i].isFinite ? bias[i] : 0
            let incoming = p - prev, outgoing = next - p
            let outT = incoming.repeated((1 - t) * (1 + b) * (1 - c) / 2) + outgoing.repeated((1 - t) * (1 - b) * (1 + c) / 2)
            let inT = incoming.repeated((1 - t) * (1 + b) * (1 + c) / 2) + outgoing.repeated((1 - t) * (1 - b) * (1 - c) / 2)
            outTangents.append(outT)
            inTangents.append(inT)
        }
    }

    /// The value at overall progress `f` (after the animation's timing function), and for a
    /// path with a rotation mode, the angle to turn the layer by.
    func value(at f: Double) -> (AnimationValue, Double?) {
        let n = values.count
        guard n > 0 else { return (.number(0), nil) }
        if mode == .discrete {
            var i = 0
            while i + 1 < n && f >= times[i + 1] { i += 1 }
            return (values[i], nil)
        }
        if n == 1 { return (values[0], nil) }
        if f <= times[0] { return pathValue(segment: 0, local: 0) ?? (values[0], nil) }
        if f >= times[n - 1] { return pathValue(segment: n - 2, local: 1) ?? (values[n - 1], nil) }
        var i = 0
        while i + 2 < n && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (f - times[i]) / span : 1
        if mode != .paced && mode != .cubicPaced && !functions.isEmpty {
            local = functions[min(i, functions.count - 1)].evaluate(local)
        }
        if let onPath = pathValue(segment: i, local: local) { return onPath }
        if !outTangents.isEmpty {
            let s = local, s2 = s * s, s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            let v = values[i].repeated(h00) + outTangents[i].repeated(h10)
                + values[i + 1].repeated(h01) + inTangents[i + 1].repeated(h11)
            return (v, nil)
        }
        return (AnimationValue.interpolate(values[i], values[i + 1], local), nil)
    }

    /// The point `local` of the way along path segment `segment` (by arc length in the paced
    /// modes, else by curve parameter), and with a rotation mode, the angle to turn the layer by.
    private func pathValue(segment: Int, local: Double) -> (AnimationValue, Double?)? {
        guard let path else { return nil }
        let (p, direction) = path.point(segment: segment, at: local, byLength: mode == .paced || mode == .cubicPaced)
        let angle = rotationMode.map { direction + ($0 == .autoReverse ? Double.pi : 0) }
        return (.point(p), angle)
    }
}
