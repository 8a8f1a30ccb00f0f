/// Runs of the same script and input, parked at other ticks than the one shown, so that a seek
/// can start from the nearest one instead of replaying from 0: the run a seek left (going back
/// from 61 s to 60 s and forward again swaps two runs), and, while the scene is paused, one
/// replayed in idle time to a second or so before the playhead.
///
/// A parked run is silent: it tells nothing until it is shown again. New input at a tick makes
/// the runs parked at or after it wrong (they went past it without the input), so they go.
final class ParkedRuns {
    /// The most runs parked at once (each is a whole VM and scene).
    static let limit = 4

    private(set) var runs: [SceneRunner] = []
    /// A run being replayed in idle time, and the tick it is going to.
    private var building: (run: SceneRunner, target: Int)?

    /// Parks `run`; over the limit, the run furthest from `near` goes.
    func park(_ run: SceneRunner, near tick: Int, closing close: (SceneRunner) -> Void) {
        run.isSilent = true
        runs.append(run)
        while runs.count > ParkedRuns.limit {
            guard let far = runs.indices.max(by: { abs(runs[$0].tick - tick) < abs(runs[$1].tick - tick) }) else { break }
            close(runs.remove(at: far))
        }
    }

    /// Takes the parked run with the latest tick in `range`, if any, to be shown.
    func take(in range: ClosedRange<Int>) -> SceneRunner? {
        guard let index = runs.indices.filter({ range.contains(runs[$0].tick) }).max(by: { runs[$0].tick < runs[$1].tick })
        else { return nil }
        let run = runs.remove(at: index)
        run.isSilent = false
        return run
    }

    /// Drops the runs (and the one being built) that are at or past `tick`.
    func invalidate(from tick: Int, closing close: (SceneRunner) -> Void) {
        for run in runs where run.tick >= tick { close(run) }
        runs.removeAll { $0.tick >= tick }
        if let building, building.run.tick >= tick || building.target >= tick {
            close(building.run)
            self.building = nil
        }
    }

    /// Drops every run.
    func removeAll(closing close: (SceneRunner) -> Void) {
        runs.forEach(close)
        runs.removeAll()
        if let building { close(building.run) }
        building = nil
    }

    /// While the scene is paused at `tick`, spends the time until `deadline` on having a run
    /// parked about a second before it: `start` makes a fresh run of the script to replay.
    func prepare(before tick: Int, log: InputLog, deadline: Double, start: () -> SceneRunner?,
                 closing close: (SceneRunner) -> Void) {
        let wanted = max((tick - Tick.rate / 2) / Tick.rate * Tick.rate, 0)
        guard tick > Tick.rate, !runs.contains(where: { $0.tick <= tick && $0.tick >= wanted - 2 * Tick.rate }) else {
            return
        }
        if let current = building, current.target != wanted {
            close(current.run)
            building = nil
        }
        if building == nil {
            guard let run = start() else { return }
            run.isSilent = true
            building = (run, wanted)
        }
        guard let building, building.run.advance(to: building.target, log: log, deadline: deadline) else { return }
        self.building = nil
        park(building.run, near: tick, closing: close)
    }
}
