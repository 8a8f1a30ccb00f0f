/// A source of media time in seconds (CACurrentMediaTime): real in the window, virtual in
/// headless renders and tests so that they are the same every time.
public protocol MediaClock: AnyObject {
    /// The current media time.
    var now: Double { get }
}

/// A clock that moves only when told to.
public final class VirtualClock: MediaClock {
    public private(set) var now: Double

    public init(start: Double = 0) {
        now = start
    }

    /// Moves time forward by `seconds` (negative and NaN amounts are ignored).
    public func advance(by seconds: Double) {
        if seconds > 0 && seconds.isFinite { now += seconds }
    }
}

/// A monotonic clock that can be paused and slowed: media time advances at `rate` times real
/// time while not paused. The viewer's pause, step and slow-motion keys act on it.
public final class RealClock: MediaClock {
    private let clock = ContinuousClock()
    private var lastInstant: ContinuousClock.Instant
    private var accumulated: Double

    /// Media seconds per real second (1 normal, 0.1 slow motion).
    public var rate: Double = 1 {
        didSet { if !(rate >= 0 && rate.isFinite) { rate = 1 } }
    }
    /// Whether time stands still.
    public var isPaused = false

    public init(start: Double = 0) {
        lastInstant = clock.now
        accumulated = start
    }

    public var now: Double {
        let instant = clock.now
        let elapsed = lastInstant.duration(to: instant)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        lastInstant = instant
        if !isPaused { accumulated += seconds * rate }
        return accumulated
    }

    /// Moves media time forward by `seconds` whether paused or not (single-stepping).
    public func step(by seconds: Double) {
        _ = now
        if seconds > 0 && seconds.isFinite { accumulated += seconds }
    }
}
