/// One thing drawn, followed through the frames: its samples at the frames it shows in (first
/// to last, gaps filled with invisible copies), which become one Lottie layer.
struct LottieTrack {
    var frames: [Int] = []
    var samples: [LottieSample] = []
    /// The animations acting on it (its layer's and its ancestors'), over all its frames.
    var animations: Set<ObjectIdentifier> = []

    /// Adds the sample of `frame` (after every earlier one), filling any gap since the last.
    mutating func append(_ sample: LottieSample, frame: Int) {
        if let last = frames.last, let previous = samples.last, frame > last + 1 {
            var hidden = previous
            hidden.opacity = 0
            for f in (last + 1)..<frame {
                frames.append(f)
                samples.append(hidden)
            }
        }
        frames.append(frame)
        samples.append(sample)
        animations.formUnion(sample.animations)
    }

    /// The track of its items' matte, frame for frame (nil when they have none).
    var matte: LottieTrack? {
        guard samples.first?.matte != nil else { return nil }
        var track = LottieTrack()
        for (frame, sample) in zip(frames, samples) {
            guard let matte = sample.matte?.sample else { return nil }
            track.append(matte, frame: frame)
        }
        return track
    }
}
