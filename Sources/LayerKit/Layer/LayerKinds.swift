/// A layer that draws a string (CATextLayer): `fontSize`, `foregroundColor`, `alignmentMode`
/// and `wrapped` are registry properties; the string and font are here.
public final class TextLayer: Layer {
    /// The text, UTF-8.
    public var string: String = "" {
        willSet { willChangeHeldState() }
    }
    /// A font file or family name (nil: the default font).
    public var font: String? {
        willSet { willChangeHeldState() }
    }

    public init(scene: Scene) {
        super.init(kind: .text, scene: scene)
    }
}

/// A layer that draws a path (CAShapeLayer): the path, fill, stroke and dash settings are
/// registry properties.
public final class ShapeLayer: Layer {
    /// The shape to fill and stroke (the model's; nil: none). Setting it animates implicitly, as
    /// any animatable property does.
    public var path: Path? {
        get { let path = value(.path).path; return path.isEmpty ? nil : path }
        set { self[.path] = .path(newValue ?? Path()) }
    }

    public init(scene: Scene) {
        super.init(kind: .shape, scene: scene)
    }
}

/// A layer that draws a colour gradient (CAGradientLayer).
public final class GradientLayer: Layer {
    public init(scene: Scene) {
        super.init(kind: .gradient, scene: scene)
    }
}

/// A layer that draws its sublayers several times, each copy transformed and delayed
/// (CAReplicatorLayer).
public final class ReplicatorLayer: Layer {
    /// What instances 1, 2 … show as the scene last evaluated them, when they are delayed (see
    /// `presentation(ofInstance:in:)`).
    var delayedInstances: [InstancePresentation] = []

    public init(scene: Scene) {
        super.init(kind: .replicator, scene: scene)
    }
}

extension Layer {
    /// Creates an empty layer of `kind`.
    public static func make(_ kind: LayerKind, scene: Scene) -> Layer {
        switch kind {
        case .layer: return Layer(scene: scene)
        case .text: return TextLayer(scene: scene)
        case .shape: return ShapeLayer(scene: scene)
        case .gradient: return GradientLayer(scene: scene)
        case .replicator: return ReplicatorLayer(scene: scene)
        case .emitter: return EmitterLayer(scene: scene)
        case .transform: return TransformLayer(scene: scene)
        }
    }
}
