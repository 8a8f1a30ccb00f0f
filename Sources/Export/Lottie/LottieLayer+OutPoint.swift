import LayerKit

/// rlottie draws a layer on its out point as well (it keeps `op` in), where the specification,
/// ThorVG and lottie-web have it gone: a layer handing over to another at a frame (a text
/// layer's new string, a particle's end) showed both there. So a layer that ends before the file
/// does has its opacity go to 0 at its out point, held from its last frame: what every player
/// draws on the frames it shows is unchanged, and on its out point rlottie draws it transparent.
extension LottieLayer {
    /// This layer, its opacity closed at its out point when that comes before `frameCount`.
    func closedAtOutPoint(within frameCount: Int) -> LottieLayer {
        guard outPoint < frameCount, outPoint > inPoint else { return self }
        var layer = self
        layer.transform.opacity = Self.opacity(transform.opacity, closingAt: Double(outPoint))
        return layer
    }

    /// `track` up to frame `end - 1`, the value there held to `end`, then 0. A segment running
    /// past `end - 1` is cut there with its curve up to that frame kept.
    static func opacity(_ track: LottieProperty, closingAt end: Double) -> LottieProperty {
        let last = end - 1
        var keys = track.keyframes.filter { $0.frame <= last }
        if keys.isEmpty, let first = track.keyframes.first {
            // Before its first keyframe a property has the first keyframe's value.
            keys = [LottieKeyframe(frame: last, value: first.value)]
        } else if let previous = keys.last, !previous.hold, previous.frame < last,
                  let next = track.keyframes.first(where: { $0.frame > last }) {
            let (cut, value) = cutSegment(from: previous, to: next, at: last)
            keys[keys.count - 1] = cut
            keys.append(LottieKeyframe(frame: last, value: .numbers([value])))
        }
        guard !keys.isEmpty else { return track }
        keys[keys.count - 1].hold = true
        keys[keys.count - 1].easeOut = []
        keys[keys.count - 1].easeIn = []
        keys.append(LottieKeyframe(frame: end, value: .numbers([0])))
        return LottieProperty(keyframes: keys, decimals: track.decimals, isScalar: track.isScalar)
    }

    /// The scalar segment from `key` to `next` cut at `frame` (between them): `key` with the
    /// handles of the part before `frame`, and the value there.
    static func cutSegment(from key: LottieKeyframe, to next: LottieKeyframe,
                           at frame: Double) -> (key: LottieKeyframe, value: Double) {
        let start = key.value.numbers.first ?? 0, stop = next.value.numbers.first ?? 0
        let out = key.easeOut.first ?? LottieKeyframe.Handle(x: 0.5, y: 0.5)
        let into = key.easeIn.first ?? LottieKeyframe.Handle(x: 0.5, y: 0.5)
        let x = (frame - key.frame) / (next.frame - key.frame)
        // The easing is a timing curve: its parameter where its time is x, and its progress there.
        let curve = CubicBezier(out.x, out.y, into.x, into.y)
        let u = curve.parameter(forX: x, tolerance: 1e-12)
        let progress = curve.solve(x, epsilon: 1e-12)
        var cut = key
        // De Casteljau at u: the first half's inner points, scaled to the unit square again.
        let p01 = (x: u * out.x, y: u * out.y)
        let p12 = (x: out.x + u * (into.x - out.x), y: out.y + u * (into.y - out.y))
        let p012 = (x: p01.x + u * (p12.x - p01.x), y: p01.y + u * (p12.y - p01.y))
        if abs(progress) > 1e-9, x > 1e-9 {
            cut.easeOut = [LottieKeyframe.Handle(x: p01.x / x, y: p01.y / progress)]
            cut.easeIn = [LottieKeyframe.Handle(x: p012.x / x, y: p012.y / progress)]
        } else {
            (cut.easeOut, cut.easeIn) = LottieKeyframe.linear(1)
        }
        return (cut, start + (stop - start) * progress)
    }
}
