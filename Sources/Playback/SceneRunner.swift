import Foundation
import LayerKit
import LuaHost

/// One run of a script on the tick clock: its host and scene, and the last tick made. A run
/// only goes forward; to go back, a new run of the same recipe is made and replayed (see
/// `Player`). Knows nothing of windows or files.
public final class SceneRunner {
    /// The running script.
    public let host: ScriptHost
    /// What the run was started from: a run rebuilt from it and given the same input is the
    /// same run.
    public let recipe: ScriptRecipe
    /// The last tick made; -1 before the first (when only the script's top level has run).
    public private(set) var tick = -1
    /// The last tick whose output (what the script prints) was already shown by an earlier run:
    /// while making ticks up to it, the run is replaying, and prints are dropped.
    public var replayedThrough = -1
    /// Whether the run is making a tick it replays (its prints are dropped).
    public var isReplaying: Bool { tick + 1 <= replayedThrough || (tick < 0 && replaysTopLevel) }
    /// A run made only to look at (onion skins): it tells nothing it prints and no error.
    public var isSilent = false
    /// Called after each tick is made (onion skins capture the moments they need here).
    public var afterTick: ((SceneRunner) -> Void)?
    /// Called once when the run is closed (a command tells its repeated errors here).
    public var onClose: (() -> Void)?
    /// The run's latest error, if it had one since it started.
    public internal(set) var lastError: ScriptError?
    /// Whether the top level's prints were shown before (a rebuild for a seek, not a reload).
    let replaysTopLevel: Bool

    /// The scene the script builds.
    public var scene: Scene { host.scene }
    /// The media time of the last tick made (0 before the first).
    public var time: Double { Tick.time(max(tick, 0)) }

    init(host: ScriptHost, recipe: ScriptRecipe, replaysTopLevel: Bool) {
        self.host = host
        self.recipe = recipe
        self.replaysTopLevel = replaysTopLevel
        host.scene.frameDuration = Tick.duration
    }

    /// The last tick whose logged input this run has received (-2: none yet; -1 is input given
    /// after the top level, before the first tick).
    public private(set) var deliveredThrough = -2

    /// Makes the next tick (timers, display links, tasks, evaluation, emitters, completions),
    /// then delivers the input `log` holds for it: input given while a tick is shown follows
    /// that tick, in a replay as when it was given.
    public func step(_ log: InputLog) {
        deliver(log)
        let next = tick + 1
        host.scene.tick(to: Tick.time(next))
        tick = next
        deliver(log)
        afterTick?(self)
    }

    /// Delivers the logged input of the ticks made since the last delivery.
    private func deliver(_ log: InputLog) {
        while deliveredThrough < tick {
            deliveredThrough += 1
            for entry in log.events(at: deliveredThrough) { host.dispatch(entry.event) }
        }
    }

    /// Delivers `event` now, after the tick shown; the caller logs it at `tick`.
    public func deliverNow(_ event: InputEvent, log: InputLog) {
        deliver(log)
        host.dispatch(event)
    }

    /// Makes ticks until `target`, or until the monotonic clock passes `deadline`; returns
    /// whether `target` was reached.
    @discardableResult
    public func advance(to target: Int, log: InputLog, deadline: Double? = nil) -> Bool {
        var checked = 0
        while tick < target {
            step(log)
            checked += 1
            // The clock is read every few ticks: a tick of a light scene takes microseconds.
            if let deadline, checked % 4 == 0, Monotonic.now() >= deadline { return tick >= target }
        }
        return true
    }

    /// Calls `body` with the scene as it shows at `time` (at or after the last tick, before the
    /// next): the last tick's state, its presentation evaluated at `time`.
    public func withFrame(at time: Double, _ body: (Scene) -> Void) {
        scene.withPresentation(at: max(time, self.time)) { body(scene) }
    }

    /// Closes the script's VM.
    public func close() {
        host.close()
        let closing = onClose
        onClose = nil
        closing?()
    }
}

/// Seconds on a monotonic clock.
public enum Monotonic {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
