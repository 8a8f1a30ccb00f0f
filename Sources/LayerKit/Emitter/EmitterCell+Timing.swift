/// An emitter cell's CAMediaTiming, as it applies to emission: the cell emits while its timing
/// is active (or filling), with Core Animation's arithmetic for the active time (see
/// `MediaTiming`), and not otherwise.
///
/// A cell's parent time is its emitter's running time (0 when the emitter starts, see
/// `EmitterClock`) for a cell the layer emits, and the age of the emitting particle for a
/// sub-cell, so `beginTime = 1.5, duration = 0.1` on a sub-cell bursts from each particle 1.5 s
/// into its life (the fireworks idiom). The timing decides only when the cell emits: while it
/// does, births come at `birthRate` a second of that parent time, and particles, once born, live
/// and move in the emitter's time. A `duration` of 0 (the default) emits for ever after
/// `beginTime`.
extension EmitterCell: MediaTimingSettings {
    /// The stretch of its parent's time the cell emits in: from its begin time (or for ever
    /// before, when it fills backwards or its speed is 0) to the end of its active duration (or
    /// for ever after, when it fills forwards).
    public var emissionWindow: (start: Double, end: Double) {
        let t = MediaTiming(resolving: self, defaultDuration: .infinity)
        let start = fillMode.fillsBackwards || t.speed == 0 ? -Double.infinity : t.beginTime
        let end = fillMode.fillsForwards ? Double.infinity : t.endTime
        return (start, end.isNaN ? .infinity : end)
    }
}
