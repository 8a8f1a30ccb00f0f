/// An axis-aligned rectangle with `CGRect`'s semantics.
///
/// The size may be negative; the edge accessors (`minX`, `width`, …) and the operations below act
/// on the ``standardized`` rectangle, as Core Graphics does. Core Graphics' "null" rectangle has no
/// counterpart here: where `CGRect` would return it, these methods return an empty rectangle,
/// as documented on each.
public struct Rect: Hashable, Sendable {
    /// The corner the size is measured from (the top-left corner when the size is positive).
    public var origin: Point
    /// The width and height, possibly negative.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from the coordinates of its origin and its size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x coordinate of the rectangle.
    public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    /// The x coordinate of the rectangle's centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The largest x coordinate of the rectangle.
    public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    /// The smallest y coordinate of the rectangle.
    public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    /// The y coordinate of the rectangle's centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The largest y coordinate of the rectangle.
    public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    /// The width of the standardized rectangle (never negative).
    public var width: Double { abs(size.width) }
    /// The height of the standardized rectangle (never negative).
    public var height: Double { abs(size.height) }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }

    /// Whether the rectangle has no area (zero or NaN width or height).
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// Whether the point lies inside: minimum edges inclusive, maximum edges exclusive, as `CGRect`.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether the two rectangles overlap; rectangles that only share an edge do not.
    public func intersects(_ r: Rect) -> Bool {
        minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY
    }

    /// The overlapping part of the two rectangles, or ``zero`` when they do not intersect.
    public func intersection(_ r: Rect) -> Rect {
        guard intersects(r) else { return .zero }
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        return Rect(x: x0, y: y0, width: min(maxX, r.maxX) - x0, height: min(maxY, r.maxY) - y0)
    }

    /// The smallest rectangle containing both rectangles (empty ones included, as `CGRect`).
    public func union(_ r: Rect) -> Rect {
        let x0 = min(minX, r.minX), y0 = min(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }

    /// The standardized rectangle moved inward by `dx` on the left and right and `dy` on the top
    /// and bottom (outward for negative values).
    ///
    /// Where `CGRect` would return its null rectangle (the inset exceeds the size), the collapsed
    /// dimension becomes zero, centred on the original.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        let w = r.size.width - 2 * dx, h = r.size.height - 2 * dy
        return Rect(
            x: w < 0 ? r.midX : r.origin.x + dx,
            y: h < 0 ? r.midY : r.origin.y + dy,
            width: max(w, 0),
            height: max(h, 0)
        )
    }

    /// The standardized rectangle moved by `dx` and `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        return Rect(x: r.origin.x + dx, y: r.origin.y + dy, width: r.size.width, height: r.size.height)
    }
}
