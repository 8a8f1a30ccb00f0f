/// How a drawn pixel combines with what is already there. Colours are premultiplied.
public enum BlendMode: Sendable, Equatable {
    /// Source over destination (Core Animation's normal compositing).
    case normal
    /// Source added to destination (an emitter's `additive` render mode).
    case additive
}
