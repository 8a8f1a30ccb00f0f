/// A transition attached to a layer: its type and progress range, the layer's appearance before
/// the transaction that added it (its subtree frozen in a snapshot), and its progress as the
/// scene last evaluated it — nil when it has no effect at that moment (before it starts without
/// a backwards fill, or after it ends without a forwards one).
final class TransitionRun {
    let type: TransitionType
    let subtype: TransitionSubtype
    let start: Double
    let end: Double
    /// The layer's subtree as it looked before the transaction's changes.
    var before = LayerSnapshot()
    var progress: Double?

    init(_ transition: Transition) {
        type = transition.type
        subtype = transition.subtype
        (start, end) = transition.progressRange
    }

    /// Records the progress at eased fraction `f` of the active time.
    @inline(__always) func apply(_ f: Double) {
        progress = start + (end - start) * f
    }
}

/// A transition as a frame shows it: what Render draws instead of the layer's own appearance.
public struct ShownTransition {
    public let type: TransitionType
    public let subtype: TransitionSubtype
    /// 0 shows the old appearance, 1 the new.
    public let progress: Double
    /// The old appearance, for drawing the layer's subtree through `StateSlot.before`.
    public let before: LayerSnapshot
}
