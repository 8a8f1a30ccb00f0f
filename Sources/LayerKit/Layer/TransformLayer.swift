/// A layer whose sublayers keep their places in 3D (CATransformLayer): they are not flattened
/// into its plane but drawn, with the sublayers of transform layers inside it, in one space,
/// nearest last. It draws nothing of its own: its background, border, contents, shadow,
/// `masksToBounds` and `doubleSided` are ignored, and its opacity multiplies each sublayer's
/// (it forms no group), as in Core Animation.
public final class TransformLayer: Layer {
    public init(scene: Scene) {
        super.init(kind: .transform, scene: scene)
    }
}
