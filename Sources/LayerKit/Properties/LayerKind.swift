/// The kinds of layer, each with Layer's properties plus its own.
public enum LayerKind: String, CaseIterable, Sendable {
    case layer = "Layer"
    case text = "TextLayer"
    case shape = "ShapeLayer"
    case gradient = "GradientLayer"
    case replicator = "ReplicatorLayer"
    case emitter = "EmitterLayer"

    /// Whether a layer of this kind has the properties declared for `owner`.
    @inline(__always) public func has(_ owner: LayerKind) -> Bool {
        owner == .layer || owner == self
    }
}
