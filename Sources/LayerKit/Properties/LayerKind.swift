/// The kinds of layer, each with Layer's properties plus its own.
public enum LayerKind: String, CaseIterable, Sendable {
    case layer = "Layer"
    case text = "TextLayer"
    case shape = "ShapeLayer"
    case gradient = "GradientLayer"
    case replicator = "ReplicatorLayer"
    case emitter = "EmitterLayer"
    case transform = "TransformLayer"

    /// The kind's position in `allCases`, without searching: for tables indexed by kind.
    @inline(__always) public var index: Int {
        switch self {
        case .layer: return 0
        case .text: return 1
        case .shape: return 2
        case .gradient: return 3
        case .replicator: return 4
        case .emitter: return 5
        case .transform: return 6
        }
    }

    /// Whether a layer of this kind has the properties declared for `owner`.
    @inline(__always) public func has(_ owner: LayerKind) -> Bool {
        owner == .layer || owner == self
    }
}
