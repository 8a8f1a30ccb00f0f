/// A replicator's instances as the scene evaluates them and Render draws them.
extension ReplicatorLayer {
    /// The most instances a replicator draws.
    public static let maxInstances = 10_000

    /// How many instances the replicator draws in `slot`: `instanceCount`, whole, within
    /// 0…`maxInstances` (0 when it is not finite).
    public func drawnInstanceCount(_ slot: StateSlot = .presentation) -> Int {
        let count = number(.instanceCount, slot)
        return count.isFinite ? Int(max(0, min(count, Double(ReplicatorLayer.maxInstances)))) : 0
    }

    /// The seconds each instance is shown earlier than the one before it, in `slot`:
    /// `instanceDelay`, or 0 when it is not finite.
    func drawnInstanceDelay(_ slot: StateSlot = .presentation) -> Double {
        let delay = number(.instanceDelay, slot)
        return delay.isFinite ? delay : 0
    }

    /// What instance `i` of the replicator shows, for the replicator drawn in `slot`: instance 0
    /// (and every instance when there is no delay) shows `slot` itself; a delayed instance shows
    /// the presentation the scene evaluated for it, `i × instanceDelay` seconds earlier in the
    /// replicator's time.
    public func presentation(ofInstance i: Int, in slot: StateSlot) -> StateSlot {
        guard i > 0 else { return slot }
        let instances: [InstancePresentation]
        switch slot {
        case .model, .before: return slot
        case .presentation: instances = delayedInstances
        case .instance(let outer): instances = outer.nested[ObjectIdentifier(self)] ?? []
        }
        return i <= instances.count ? .instance(instances[i - 1]) : slot
    }
}
