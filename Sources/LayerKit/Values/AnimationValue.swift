/// The kinds of value a layer property or key path holds.
public enum ValueKind: Sendable, Equatable, CustomStringConvertible {
    case number
    case point
    case size
    case rect
    case color
    case transform
    case bool
    case numbers
    case colors
    /// A string chosen from a fixed list (an enumeration such as `contentsGravity`).
    case choice([String])
    /// A path (a shape layer's `path`, `shadowPath`).
    case path

    /// The name used in error messages ("number", "point", …).
    public var description: String {
        switch self {
        case .number: return "number"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .transform: return "Transform3D"
        case .bool: return "boolean"
        case .numbers: return "array of numbers"
        case .colors: return "array of colors"
        case .choice: return "string"
        case .path: return "Path"
        }
    }
}

/// A typed value of a layer property: what animations interpolate and key paths read and write.
///
/// Scalar, geometric, colour and transform payloads are stored inline, so evaluating them per frame
/// never allocates; only the array kinds (gradient colours and locations) do.
public enum AnimationValue: Sendable, Equatable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    case bool(Bool)
    case numbers([Double])
    case colors([Color])
    case choice(String)
    /// A path; an empty one stands for none.
    case path(Path)

    /// The kind of this value.
    public var kind: ValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .bool: return .bool
        case .numbers: return .numbers
        case .colors: return .colors
        case .choice(let s): return .choice([s])
        case .path: return .path
        }
    }

    /// The payload as a number (0 for other kinds; booleans are 0 or 1).
    @inline(__always) public var number: Double {
        switch self {
        case .number(let v): return v
        case .bool(let b): return b ? 1 : 0
        default: return 0
        }
    }

    /// The payload as a point (a size reads as a point).
    @inline(__always) public var point: Point {
        switch self {
        case .point(let p): return p
        case .size(let s): return Point(x: s.width, y: s.height)
        default: return .zero
        }
    }

    /// The payload as a size (a point reads as a size).
    @inline(__always) public var size: Size {
        switch self {
        case .size(let s): return s
        case .point(let p): return Size(width: p.x, height: p.y)
        default: return .zero
        }
    }

    /// The payload as a rect.
    @inline(__always) public var rect: Rect {
        if case .rect(let r) = self { return r }
        return .zero
    }

    /// The payload as a colour.
    @inline(__always) public var color: Color {
        if case .color(let c) = self { return c }
        return .clear
    }

    /// The payload as a transform.
    @inline(__always) public var transform: Transform3D {
        if case .transform(let t) = self { return t }
        return .identity
    }

    /// The payload as a boolean (a number is true when non-zero).
    @inline(__always) public var bool: Bool {
        switch self {
        case .bool(let b): return b
        case .number(let v): return v != 0
        default: return false
        }
    }

    /// The payload as an array of numbers.
    public var numbers: [Double] {
        if case .numbers(let a) = self { return a }
        return []
    }

    /// The payload as an array of colours.
    public var colors: [Color] {
        if case .colors(let a) = self { return a }
        return []
    }

    /// The payload as a path (empty for other kinds).
    public var path: Path {
        if case .path(let p) = self { return p }
        return Path()
    }

    /// The payload as a choice string.
    public var choice: String {
        if case .choice(let s) = self { return s }
        return ""
    }

    /// Whether this value can stand for a value of `kind` (points and sizes are interchangeable,
    /// numbers and booleans too).
    public func fits(_ kind: ValueKind) -> Bool {
        switch (self, kind) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
             (.transform, .transform), (.bool, .bool), (.numbers, .numbers), (.colors, .colors), (.path, .path):
            return true
        case (.point, .size), (.size, .point), (.number, .bool), (.bool, .number):
            return true
        case (.choice(let s), .choice(let options)):
            return options.contains(s)
        default:
            return false
        }
    }

    /// This value converted to `kind` where `fits` allows it; otherwise unchanged.
    public func coerced(to kind: ValueKind) -> AnimationValue {
        switch (self, kind) {
        case (.point(let p), .size): return .size(Size(width: p.x, height: p.y))
        case (.size(let s), .point): return .point(Point(x: s.width, y: s.height))
        case (.number(let v), .bool): return .bool(v != 0)
        case (.bool(let b), .number): return .number(b ? 1 : 0)
        default: return self
        }
    }
}
