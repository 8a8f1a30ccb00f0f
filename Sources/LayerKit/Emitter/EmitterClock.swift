/// How long an emitter layer has been running, in its own time, and so how far to step it each
/// frame.
///
/// The emitter follows its layer's local time (CAMediaTiming: beginTime, speed, timeOffset, and
/// every ancestor's): a paused layer pauses its particles, a faster one speeds them up. It starts
/// running when it joins the tree, or at its `beginTime` if that is later; at that moment it has
/// already run for its `timeOffset` (seed 004's pre-run: `beginTime = now`,
/// `timeOffset = 10` shows ten seconds of snow at once). Time that passes while the layer is out
/// of the tree is skipped, and time that runs backwards (a smaller `timeOffset`) is not replayed.
struct EmitterClock {
    /// Whether the emitter has been in the tree yet.
    private(set) var isStarted = false
    /// The layer's local time at which the emitter began.
    private var origin = 0.0
    /// How long the emitter has run, as of the last step.
    private(set) var elapsed = 0.0
    private var lastLocal = 0.0
    private var joinSerial = 0

    /// The seconds to step for a frame at the layer's `local` time. `joinTime` is the
    /// superlayer's time when the layer joined the tree (used the first time); `joinSerial` tells
    /// when the layer left the tree and came back.
    mutating func advance(local: Double, joinTime: Double, beginTime: Double, speed: Double,
                          joinSerial serial: Int) -> Double {
        guard local.isFinite else { return 0 }
        if !isStarted {
            isStarted = true
            let start = (max(joinTime, beginTime) - beginTime) * speed
            origin = start.isFinite ? start : local
            joinSerial = serial
        } else if serial != joinSerial {
            origin += local - lastLocal
            joinSerial = serial
        }
        lastLocal = local
        let now = local - origin
        guard now.isFinite else { return 0 }
        if now <= elapsed {
            elapsed = max(now, 0)
            return 0
        }
        let dt = now - elapsed
        elapsed = now
        return dt
    }
}
