import LayerKit
import LuaHost

/// Keeps a live script's scene at the playhead of a timeline: forward by making ticks, back by
/// starting the run again and replaying its ticks and input without drawing. Reloads replay the
/// new script to the moment the old one had reached, with the input the old one received. Used
/// by the viewer once a frame; knows nothing of windows, keys or files.
///
/// Work is bounded per call (`budget`): a replay that takes longer goes on over the next calls,
/// with `progress` to show, while the last scene stays on screen, and `cancelReplay` gives up.
public final class Player {
    /// A run being brought to its moment before it is shown.
    public struct Replay {
        /// Why it is made.
        public enum Reason: Sendable, Equatable {
            /// Time went back: the same run again.
            case seek
            /// The script was saved: the new script, replayed to where the old one was.
            case reload
            /// Started afresh (F5), or opened at a later time.
            case restart
        }
        public let runner: SceneRunner
        public internal(set) var target: Int
        public let reason: Reason
    }

    /// The script shown.
    public let script: LiveScript
    /// The playhead, marks, speed and pause.
    public private(set) var timeline = Timeline()
    /// The input the run received, by tick.
    public private(set) var log = InputLog()
    /// The run being replayed, if any.
    public private(set) var replay: Replay?
    /// Seconds of work one `update` may spend making ticks while playing.
    public var budget = 0.030
    /// Seconds one `update` may spend on a seek, a reload or a restart under way: longer than a
    /// frame, since the scene on screen waits for it anyway, short enough to show progress.
    public var replayBudget = 0.120
    /// Seconds one `update` of a paused scene may spend parking a run for later seeks.
    public var idleBudget = 0.005
    /// Told when a run becomes the one shown, with why (reloads and restarts are announced).
    public var onInstall: (Replay.Reason, SceneRunner) -> Void = { _, _ in }
    /// Told when a press after a seek back replaced input logged for later, in one line:
    /// "input after 2.35 s dropped: a new click at 1.20 s".
    public var onDroppedInput: ((String) -> Void)?
    /// The root layer's size when the current line of runs started (runs rebuilt or reloaded
    /// start from it and replay the resizes since).
    private var startSize: Size
    /// The furthest tick any run of this line has shown output for.
    private(set) var shownThrough = -1
    /// Whether the playhead was moved by a seek (it waits for the scene) rather than by playing
    /// (which slows down when the scene cannot keep up).
    private var seeking = false
    /// Ticks made since the last seek began (replayed ones included), for reports.
    public private(set) var ticksSinceSeek = 0
    /// Whether the last seek had to rebuild the run from 0.
    public private(set) var seekRebuilt = false
    /// Whether the last seek started from a parked run.
    public private(set) var seekFromParked = false
    /// Runs parked at other ticks, to seek from.
    let parked = ParkedRuns()

    /// Whether the scene is still on its way to the playhead after a seek, reload or restart.
    public var isSeeking: Bool { seeking || replay != nil }

    public init(script: LiveScript) {
        self.script = script
        startSize = script.options.size
    }

    /// The run shown.
    public var runner: SceneRunner? { script.runner }

    /// How far the replay in progress is, from 0 to 1 (nil: none).
    public var progress: Double? {
        guard let replay else { return nil }
        guard replay.target > 0 else { return 0 }
        return Double(max(replay.runner.tick, 0)) / Double(replay.target)
    }

    /// The media time the replay in progress has reached (nil: none).
    public var replayedTime: Double? {
        replay.map { $0.runner.time }
    }

    /// The furthest media time any run of this line has been made to.
    public var reachedTime: Double { Tick.time(max(shownThrough, 0)) }

    /// The media time the scene shows: the playhead once the scene has reached it.
    public var shownTime: Double {
        guard let runner else { return timeline.playhead }
        let nextTick = Tick.time(runner.tick + 1)
        return timeline.playhead >= runner.time && timeline.playhead < nextTick ? timeline.playhead : runner.time
    }

    // MARK: Loading

    /// Loads the script for the first time, at the timeline's playhead (replaying up to it).
    @discardableResult
    public func open(at timeline: Timeline = Timeline()) -> LiveScript.Outcome {
        self.timeline = timeline
        return begin(reason: .restart, reload: false)
    }

    /// Runs the saved script again and replays it to the moment shown, with the input so far.
    /// When it fails to load, the last good scene keeps running where it was.
    @discardableResult
    public func reload() -> LiveScript.Outcome {
        begin(reason: .reload, reload: true)
    }

    /// Runs the script afresh — as `render` would, without `ca.persist` or `ca.isReload` — and
    /// replays it to the moment shown with the input so far: a tweaked value seen at the same
    /// moment. The playhead waits for it, playing or not; a rerun still replaying is dropped for
    /// the new one. When it fails to load, the last good scene keeps running where it was.
    @discardableResult
    public func rerun() -> LiveScript.Outcome {
        begin(reason: .reload, reload: false)
    }

    /// Starts the script afresh at 0, forgetting its input and `ca.persist` (F5).
    @discardableResult
    public func restart(size: Size) -> LiveScript.Outcome {
        log.removeAll()
        shownThrough = -1
        startSize = size
        timeline.playhead = 0
        return begin(reason: .restart, reload: false)
    }

    private func begin(reason: Replay.Reason, reload: Bool) -> LiveScript.Outcome {
        let target = reason == .reload ? (runner?.tick ?? Tick.index(atOrBefore: timeline.playhead))
            : Tick.index(atOrBefore: timeline.playhead)
        guard let next = script.start(reload: reload, size: startSize) else { return .failed }
        if let replay { script.discard(replay.runner) }
        parked.removeAll(closing: script.discard)
        next.replayedThrough = shownThrough
        replay = Replay(runner: next, target: reason == .restart && target == 0 ? -1 : target, reason: reason)
        seeking = true
        return .loaded
    }

    // MARK: Each frame

    /// Plays `realSeconds` of time (unless paused or replaying), then brings the scene towards
    /// the playhead for at most `budget` seconds. Then, with `idle` and while paused, uses up to
    /// `idleBudget` seconds to park a run for seeking back; a caller that owes the user a frame
    /// (a reload's) passes false, so that the frame comes first.
    public func update(realSeconds: Double, idle: Bool = true) {
        if replay == nil {
            timeline.play(for: realSeconds)
        }
        let wasSeeking = isSeeking
        let deadline = Monotonic.now() + (wasSeeking ? max(budget, replayBudget) : budget)
        catchUp(deadline: deadline)
        // Idle while paused (and not just after a seek, whose frame should show at once): park
        // a run a little before the playhead, for seeking back.
        if idle, !wasSeeking, replay == nil, !seeking, timeline.isPaused, let runner {
            parked.prepare(before: runner.tick, log: log, deadline: min(deadline, Monotonic.now() + idleBudget),
                           start: { script.rebuild(runner).map { run in run.replayedThrough = shownThrough; return run } },
                           closing: script.discard)
        }
    }

    private func catchUp(deadline: Double) {
        let target = Tick.index(atOrBefore: timeline.playhead)
        if var replay {
            if target != replay.target && replay.reason != .reload {
                if target < replay.runner.tick {
                    // Already past the new target: a parked run before it, or the same run again
                    // from the start.
                    self.replay = nil
                    if replay.reason == .seek {
                        parked.park(replay.runner, near: target, closing: script.discard)
                    } else {
                        script.discard(replay.runner)
                    }
                    if replay.reason == .seek, let runner, runner.tick <= target { return catchUp(deadline: deadline) }
                    guard let again = parked.take(in: 0...target) ?? script.rebuild(replay.runner) else { return }
                    if again.tick < 0 { again.replayedThrough = shownThrough }
                    self.replay = Replay(runner: again, target: target, reason: replay.reason)
                    return catchUp(deadline: deadline)
                }
                replay.target = target
                self.replay = replay
            }
            let before = replay.runner.tick
            defer { ticksSinceSeek += replay.runner.tick - before }
            guard replay.runner.advance(to: replay.target, log: log, deadline: deadline) else { return }
            finish(replay)
            // The playhead may be further on (a run opened at 0 and played since): go on to it.
            guard Monotonic.now() < deadline else { return }
            return catchUp(deadline: deadline)
        }
        guard let runner else { return }
        // Going back, or far forward: start from a parked run when one is nearer.
        let parkedRun = target < runner.tick ? parked.take(in: 0...target)
            : target > runner.tick ? parked.take(in: (runner.tick + 1)...target) : nil
        if let parkedRun {
            replay = Replay(runner: parkedRun, target: target, reason: .seek)
            seekFromParked = true
            return catchUp(deadline: deadline)
        }
        if target < runner.tick {
            guard let rebuilt = script.rebuild(runner) else { return }
            rebuilt.replayedThrough = shownThrough
            replay = Replay(runner: rebuilt, target: target, reason: .seek)
            seekRebuilt = true
            return catchUp(deadline: deadline)
        }
        let before = runner.tick
        let reached = runner.advance(to: target, log: log, deadline: deadline)
        if seeking { ticksSinceSeek += runner.tick - before }
        shownThrough = max(shownThrough, runner.tick)
        if reached {
            seeking = false
        } else if !seeking {
            // Playing faster than the scene can be made: slow down rather than fall behind.
            timeline.playhead = runner.time
        }
    }

    private func finish(_ replay: Replay) {
        self.replay = nil
        seeking = false
        if replay.reason == .seek {
            // The run the seek left is parked: seeking back to it is a swap.
            if let previous = script.swap(replay.runner) {
                parked.park(previous, near: replay.runner.tick, closing: script.discard)
            }
        } else {
            script.install(replay.runner)
        }
        shownThrough = max(shownThrough, replay.runner.tick)
        onInstall(replay.reason, replay.runner)
    }

    /// Gives up the replay in progress. A seek's: the scene shown stays where it is, and so
    /// does the playhead. A new run's (opened, restarted or reloaded): the new run is shown
    /// where its replay got to, and the playhead goes there — the script as saved, at an
    /// earlier moment, rather than an old scene or none.
    public func cancelReplay() {
        guard let replay else { return }
        if replay.reason == .seek {
            parked.park(replay.runner, near: runner?.tick ?? 0, closing: script.discard)
            self.replay = nil
            seeking = false
            if let runner { timeline.playhead = runner.time }
            return
        }
        finish(replay)
        timeline.playhead = replay.runner.time
    }

    /// Calls `body` with the scene as it is at the time shown (nil: nothing has loaded).
    public func withFrame(_ body: (Scene?) -> Void) {
        guard let runner else { return body(nil) }
        runner.withFrame(at: shownTime) { body($0) }
    }

    // MARK: Input

    /// Delivers `event` to the scene now, after the tick shown, and logs it with that tick so
    /// that replays deliver it at the same moment. While a run is being replayed, or a seek
    /// (a step) has not been made yet, input waits for it: it is logged for the tick the seek
    /// goes to, and delivered when the run gets there — a key pressed just after a step reaches
    /// the stepped scene.
    public func deliver(_ event: InputEvent) {
        if let replay {
            record(event, at: replay.target)
        } else if seeking, let runner, Tick.index(atOrBefore: timeline.playhead) != runner.tick {
            let target = Tick.index(atOrBefore: timeline.playhead)
            record(event, at: target)
            parked.invalidate(from: target, closing: script.discard)
        } else if let runner {
            record(event, at: runner.tick)
            parked.invalidate(from: runner.tick, closing: script.discard)
            runner.deliverNow(event, log: log)
        }
    }

    /// Logs `event` at `tick`, and says so when it replaced input logged for later.
    private func record(_ event: InputEvent, at tick: Int) {
        guard let dropped = log.append(event, at: tick) else { return }
        let from = Tick.time(max(dropped.fromTick, 0)), at = Tick.time(max(tick, 0))
        let count = dropped.count == 1 ? "" : " (\(dropped.count) events)"
        onDroppedInput?(String(format: "input after %.2f s dropped%@: %@ at %.2f s", from, count, event.pressDescription, at))
    }

    // MARK: Transport

    /// Moves the playhead to `time` (kept within 0 and a day); the scene follows.
    public func seek(to time: Double) {
        timeline.playhead = time
        if !seeking {
            ticksSinceSeek = 0
            seekRebuilt = false
            seekFromParked = false
        }
        seeking = true
    }

    /// Pauses or plays.
    public func togglePause() {
        timeline.isPaused.toggle()
    }

    /// Pauses, then moves `ticks` ticks forward (negative: back) from the tick shown.
    public func step(by ticks: Int) {
        timeline.isPaused = true
        let from = runner.map { $0.tick } ?? Tick.index(atOrBefore: timeline.playhead)
        seek(to: Tick.time(max(from + ticks, 0)))
    }

    /// Goes back to 0 (the input logged stays, to be replayed).
    public func backToStart() {
        seek(to: 0)
    }

    /// Sets the speed (one of `Timeline.speeds`, or any positive rate).
    public func setSpeed(_ speed: Double) {
        guard speed > 0, speed.isFinite else { return }
        timeline.speed = speed
    }

    /// The next speed up the list.
    public func cycleSpeed() {
        timeline.cycleSpeed()
    }

    /// Switches between slow motion (a tenth) and full speed.
    public func toggleSlowMotion() {
        timeline.speed = timeline.speed < 1 ? 1 : 0.1
    }

    /// Sets the in mark at the playhead.
    public func markIn() { timeline.markIn() }
    /// Sets the out mark at the playhead (and loops).
    public func markOut() { timeline.markOut() }
    /// Drops the marks.
    public func clearMarks() { timeline.clearMarks() }
    /// Turns looping between the marks on or off.
    public func toggleLoop() { timeline.loops.toggle() }

    /// Replaces the marks, speed and pause (the playhead too, with a seek).
    public func restore(_ saved: Timeline) {
        let playhead = saved.playhead
        timeline = saved
        timeline.playhead = timeline.playhead
        seek(to: playhead)
    }

    /// Pauses or plays, as told.
    public func setPaused(_ paused: Bool) {
        timeline.isPaused = paused
    }
}
