/// A layer's own time space (CAMediaTiming on CALayer): local time = (parent time − beginTime)
/// × speed + timeOffset, through every ancestor up to the media clock.
extension Layer {
    /// This layer's local time for a time in its superlayer's time space.
    public func localTime(parentTime: Double) -> Double {
        localTime(parentTime: parentTime, offsets: .shared)
    }

    /// A layer without timing of its own has its parent's time, which the walk learns from the
    /// layer object without reading the storage. Other layers' timing is read from the
    /// presentation slot, beside the transform: timing is not animatable, so every write sets
    /// both slots alike.
    @inline(__always) func localTime(parentTime: Double, offsets: StorageOffsets) -> Double {
        guard hasOwnTiming else { return parentTime }
        let p = storage + slotSize
        return (parentTime - p[offsets.beginTime]) * p[offsets.speed] + p[offsets.timeOffset]
    }

    /// Notes whether the timing just written differs from the parent's.
    func timingChanged() {
        let p = storage + slotSize, offsets = StorageOffsets.shared
        hasOwnTiming = !(p[offsets.beginTime] == 0 && p[offsets.speed] == 1 && p[offsets.timeOffset] == 0)
    }

    /// The time in the superlayer's time space that maps to `local` (nil when speed is 0, where
    /// every parent time maps to the same local time).
    public func parentTime(localTime local: Double) -> Double? {
        let speed = number(.speed)
        guard speed != 0, speed.isFinite else { return nil }
        return (local - number(.timeOffset)) / speed + number(.beginTime)
    }

    /// This layer's local time for a media-clock time.
    public func localTime(mediaTime: Double) -> Double {
        var chain: [Layer] = []
        var layer: Layer? = self
        while let current = layer {
            chain.append(current)
            layer = current.superlayer
        }
        var t = mediaTime
        for current in chain.reversed() { t = current.localTime(parentTime: t) }
        return t
    }

    /// The media-clock time at which this layer's local time is `local` (nil when some layer on
    /// the way is paused with speed 0).
    public func mediaTime(localTime local: Double) -> Double? {
        var t = local
        var layer: Layer? = self
        while let current = layer {
            guard let parent = current.parentTime(localTime: t) else { return nil }
            t = parent
            layer = current.superlayer
        }
        return t
    }

    /// Converts `time` from `layer`'s time space (nil: the media clock's) to this layer's, as
    /// CALayer's `convertTime(_:from:)`. The pause idiom uses it:
    /// `layer.timeOffset = layer.convertTime(now, from: nil); layer.speed = 0`.
    public func convertTime(_ time: Double, from layer: Layer?) -> Double {
        let media = layer.map { $0.mediaTime(localTime: time) ?? time } ?? time
        return localTime(mediaTime: media)
    }

    /// Converts `time` from this layer's time space to `layer`'s (nil: the media clock's).
    public func convertTime(_ time: Double, to layer: Layer?) -> Double {
        let media = mediaTime(localTime: time) ?? time
        return layer?.localTime(mediaTime: media) ?? media
    }

}
