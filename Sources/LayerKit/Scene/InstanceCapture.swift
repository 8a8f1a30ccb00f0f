/// Evaluates replicators' delayed instances while the scene evaluates a frame or a moment, so
/// that drawing only reads: instance i of a replicator shows its sublayers `i × instanceDelay`
/// seconds earlier in the replicator's time (CAReplicatorLayer), and the delays of nested
/// replicators add up. What each instance shows is kept in an `InstancePresentation`, which the
/// replicator holds until the scene evaluates again; evaluating an instance changes nothing else
/// (see `TimeShiftedEvaluation`).
final class InstanceCapture {
    private let shift = TimeShiftedEvaluation()
    /// Instances no replicator holds any more, kept to be filled again.
    private var spare: [InstancePresentation] = []

    /// Evaluates the delayed instances of `replicators` (layers of the tree) at the scene's
    /// `time`, replacing those they had.
    func capture(_ replicators: [Unmanaged<ReplicatorLayer>], time: Double) {
        for replicator in replicators {
            let layer = replicator.takeUnretainedValue()
            release(layer.delayedInstances)
            layer.delayedInstances = instances(of: layer, local: layer.localTime(mediaTime: time))
        }
    }

    /// Calls `body` with the delayed instances of `replicators` evaluated as the tree shows now,
    /// each replicator at the local time given, then gives them back those they had.
    func withInstances(of replicators: ArraySlice<(layer: ReplicatorLayer, local: Double)>, _ body: () -> Void) {
        let kept = replicators.map(\.layer.delayedInstances)
        for (layer, local) in replicators { layer.delayedInstances = instances(of: layer, local: local) }
        body()
        for ((layer, _), instances) in zip(replicators, kept) {
            release(layer.delayedInstances)
            layer.delayedInstances = instances
        }
    }

    /// The delayed instances of `replicator`, whose local time is `local` in the tree as it
    /// shows now: none when it draws fewer than two instances or has no delay.
    private func instances(of replicator: ReplicatorLayer, local: Double) -> [InstancePresentation] {
        let count = replicator.drawnInstanceCount(), delay = replicator.drawnInstanceDelay()
        guard count >= 2, delay != 0 else { return [] }
        var made: [InstancePresentation] = []
        made.reserveCapacity(count - 1)
        for i in 1..<count {
            let instance = spare.popLast() ?? InstancePresentation()
            shift.withPresentation(of: replicator.sublayers, parentTime: local, shiftedTo: local - Double(i) * delay) {
                changes in
                shift.forEachLayer(in: changes) { instance.copy($0) }
                shift.forEachCell(in: changes) { instance.copy($0) }
                for (nested, nestedLocal) in shift.replicators(in: changes) {
                    instance.nested[ObjectIdentifier(nested)] = instances(of: nested, local: nestedLocal)
                }
            }
            made.append(instance)
        }
        return made
    }

    /// Keeps `instances` (and those nested in them) to be filled again.
    private func release(_ instances: [InstancePresentation]) {
        for instance in instances {
            instance.reset(releasing: { release([$0]) })
            spare.append(instance)
        }
    }
}
