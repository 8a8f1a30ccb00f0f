/// A timer that calls its action after an interval, once or repeatedly (NSTimer as Core
/// Animation code uses it). Timers fire at the start of a frame, in order of their fire times.
public final class Timer {
    /// Seconds between firings (at least 0.1 ms).
    public let interval: Double
    public let repeats: Bool
    /// False once invalidated or, for a one-shot timer, fired.
    public internal(set) var isValid = true
    /// The media time it fires next.
    public internal(set) var fireTime: Double
    /// Dropped when the timer is invalidated, so that nothing it captured is kept alive.
    var action: ((Timer) -> Void)?
    let order: Int

    init(interval: Double, repeats: Bool, start: Double, order: Int, action: @escaping (Timer) -> Void) {
        self.interval = interval.isFinite ? max(interval, 0.0001) : .infinity
        self.repeats = repeats
        self.fireTime = start + self.interval
        self.order = order
        self.action = action
    }

    /// Stops the timer for good.
    public func invalidate() {
        isValid = false
        action = nil
    }
}

/// A callback run once a frame before drawing (CADisplayLink).
public final class DisplayLink {
    /// The time of the frame being prepared.
    public internal(set) var timestamp: Double = 0
    /// The time the next frame is expected.
    public internal(set) var targetTimestamp: Double = 0
    /// Seconds between frames.
    public internal(set) var duration: Double = 0
    /// Calls per second wanted (0: every frame).
    public var preferredFramesPerSecond: Double = 0
    /// While true the callback is skipped.
    public var isPaused = false
    public internal(set) var isValid = true
    /// Dropped when the link is invalidated.
    var callback: ((DisplayLink) -> Void)?
    var lastFired: Double = -.infinity

    init(callback: @escaping (DisplayLink) -> Void) {
        self.callback = callback
    }

    /// Removes the display link for good.
    public func invalidate() {
        isValid = false
        callback = nil
    }
}
