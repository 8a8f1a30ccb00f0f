/// A width and a height, in points.
public struct Size: Hashable, Sendable {
    /// The horizontal extent; may be negative, as in `CGSize`.
    public var width: Double
    /// The vertical extent; may be negative, as in `CGSize`.
    public var height: Double

    /// Creates a size from its width and height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size whose width and height are both zero.
    public static let zero = Size(width: 0, height: 0)
}
