import LayerKit

extension Player {
    /// Calls `body` with the scene at each of `moments` (seconds; each once, in rising order), from a silent run of the same script and input: the latest run parked at
    /// or before the first moment when there is one, else a fresh run. The scene shown is not
    /// touched. For what the playhead is not on: onion skins' ghosts while paused.
    ///
    /// The run is parked again afterwards, to seek from, unless it went past the furthest tick
    /// whose output was told: it stayed silent there, so showing it later would lose that output.
    public func withStillFrames(at moments: [Double], _ body: (Double, Scene) -> Void) {
        let times = Array(Set(moments)).sorted()
        guard let first = times.first, let runner else { return }
        let firstTick = Tick.index(atOrBefore: first)
        guard let still = parked.take(in: 0...max(firstTick, 0)) ?? script.rebuild(runner) else { return }
        still.isSilent = true
        if still.tick < 0 { still.replayedThrough = shownThrough }
        for time in times {
            still.advance(to: Tick.index(atOrBefore: time), log: log)
            still.withFrame(at: time) { body(time, $0) }
        }
        if still.tick <= shownThrough {
            parked.park(still, near: runner.tick, closing: script.discard)
        } else {
            script.discard(still)
        }
    }
}
