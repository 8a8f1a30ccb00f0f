/// Which state of a layer to read: the model (what the script set), the presentation (what is on
/// screen now, animations applied), or the presentation of a replicator's delayed instance, which
/// the scene evaluated with the frame (see `ReplicatorLayer.presentation(ofInstance:in:)`).
public enum StateSlot {
    case model
    case presentation
    /// What a replicator's delayed instance shows; layers it holds no copy of show their
    /// presentation.
    case instance(InstancePresentation)
}
