/// A run of triangles that share one texture, blend mode and sampling: one draw call.
public struct DrawCommand {
    /// The texture the triangles sample.
    public let texture: RenderTexture
    /// How the triangles combine with the frame.
    public let blend: BlendMode
    /// How the texture is read between texels.
    public let sampling: Sampling
    /// The first of this run's entries in `DrawList.indices`.
    public let indexStart: Int
    /// How many entries of `DrawList.indices` (three per triangle).
    public internal(set) var indexCount: Int
}
