/// The simulation's fixed step. A scene's script runs only on ticks: input is delivered, timers
/// fire, display links and tasks run, animations start and end, and emitters step, all at media
/// times `k / Tick.rate`. Between ticks only the presentation moves (it is a function of time),
/// so a frame may be drawn at any moment and still shows what every other run shows there.
///
/// Sixty ticks a second is the rate of the display link on most screens (so `link.duration` is
/// what scripts written for iOS expect) and keeps replaying a minute of a scene cheap.
public enum Tick {
    /// Ticks per second of media time.
    public static let rate = 60
    /// Seconds between ticks.
    public static let duration = 1.0 / Double(rate)
    /// The latest media time a scene may be taken to (a day).
    public static let maximumTime = 86_400.0
    /// Within this many seconds of a tick, a time counts as on it (so that `i / fps` lands on the
    /// tick it means despite rounding).
    static let tolerance = 1e-7

    /// The media time of tick `index`.
    public static func time(_ index: Int) -> Double {
        Double(index) / Double(rate)
    }

    /// The last tick at or before `time` (0 for times before the first).
    public static func index(atOrBefore time: Double) -> Int {
        guard time.isFinite, time > 0 else { return 0 }
        return Int(((min(time, maximumTime) + tolerance) * Double(rate)).rounded(.down))
    }

    /// The first tick at or after `time`.
    public static func index(atOrAfter time: Double) -> Int {
        guard time.isFinite, time > 0 else { return 0 }
        return Int(((min(time, maximumTime) - tolerance) * Double(rate)).rounded(.up))
    }

    /// Whether `time` is (within rounding) the time of a tick.
    public static func isOnTick(_ time: Double) -> Bool {
        abs(Tick.time(index(atOrBefore: time)) - time) <= tolerance
    }
}
