/// How a texture is read between its texels: what a layer's or an emitter cell's
/// `magnificationFilter` and `minificationFilter` decide for one draw call.
public enum Sampling: Sendable, Equatable {
    /// Bilinear: the four nearest texels, weighted (Core Animation's `linear`).
    case linear
    /// The one nearest texel: hard edges, as pixel art wants (`nearest`).
    case nearest
}
