/// Which state of a layer to read: the model (what the script set), the presentation (what is on
/// screen now, animations applied), or the presentation of a replicator's delayed instance, which
/// the scene evaluated with the frame (see `ReplicatorLayer.presentation(ofInstance:in:)`), or
/// the frozen appearance a transition starts from.
public enum StateSlot {
    case model
    case presentation
    /// What a replicator's delayed instance shows; layers it holds no copy of show their
    /// presentation.
    case instance(InstancePresentation)
    /// The layers as a transition's snapshot holds them (their appearance before the
    /// transaction's changes): values, sublayers, contents, text and path; layers it holds no
    /// copy of show their presentation.
    case before(LayerSnapshot)
}
