import LayerKit
import Playback

extension SceneRunner {
    /// What making the ticks before a render's first frame took.
    public struct Replay: Sendable {
        /// The first frame's time: the run has made every tick up to it.
        public let time: Double
        /// Seconds it took (on the monotonic clock).
        public let seconds: Double
    }

    /// Makes the ticks before `settings`' first frame without drawing, as seeking does. The
    /// ticks up to the one the frame before the first shows belong to an earlier part of the
    /// render (`firstFrame` > 0): they are marked replayed, so that what the script prints and
    /// its errors there are told by that part alone.
    @discardableResult
    public func replay(before settings: RenderSettings, log: InputLog) -> Replay {
        let started = Monotonic.now()
        let firstTime = settings.startTime + Double(settings.firstFrame) / settings.fps
        if settings.firstFrame > 0 {
            let previous = Tick.index(atOrBefore: settings.startTime + Double(settings.firstFrame - 1) / settings.fps)
            replayedThrough = max(replayedThrough, previous)
            advance(to: previous, log: log)
        }
        advance(to: Tick.index(atOrBefore: firstTime), log: log)
        return Replay(time: firstTime, seconds: Monotonic.now() - started)
    }
}
