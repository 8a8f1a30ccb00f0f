/// Which way up a chart of values over time draws them (`plot`, and the inspector's graph).
/// Screen coordinates grow downwards, so a falling layer's y grows: drawn with y up, its curve
/// would rise while the layer falls. Key paths measured down the screen are therefore drawn
/// with larger values lower, unless the user asks otherwise (`--y-up`, the inspector's button).
public enum ChartDirection: Sendable, Equatable {
    case up
    case down

    /// Key paths whose values are positions down the screen, and the component names of
    /// point-valued ones that are.
    public static let screenYKeyPaths: Set<String> = [
        "position.y", "bounds.origin.y", "frame.origin.y", "transform.translation.y", "sublayerTransform.translation.y",
        "emitterPosition.y", "shadowOffset.height",
    ]
    public static let screenPointKeyPaths: Set<String> = ["position", "bounds.origin", "frame.origin", "emitterPosition"]

    /// The direction that reads naturally for `keyPath` with `components` shown: down when
    /// every component shown is a vertical screen coordinate, else up.
    public static func natural(keyPath: String, components: [String]) -> ChartDirection {
        if screenYKeyPaths.contains(keyPath) { return .down }
        if screenPointKeyPaths.contains(keyPath), !components.isEmpty, components.allSatisfy({ $0 == "y" }) { return .down }
        return .up
    }

    public var flipped: ChartDirection { self == .up ? .down : .up }
}
