/// One keyframe of a Lottie property: the value at frame `frame` and how the value travels to
/// the next keyframe — held, or along an easing curve from (0, 0) to (1, 1) whose handles are
/// `easeOut` (leaving this keyframe) and `easeIn` (arriving at the next), one per dimension.
public struct LottieKeyframe: Equatable, Sendable {
    /// An easing handle: x is time (0…1 of the segment), y progress (may overshoot).
    public struct Handle: Equatable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public var frame: Double
    public var value: LottieValue
    /// Whether the value jumps to the next keyframe's at its frame.
    public var hold: Bool
    /// Per dimension; empty for the last keyframe and for held ones.
    public var easeOut: [Handle]
    public var easeIn: [Handle]

    public init(frame: Double, value: LottieValue, hold: Bool = false, easeOut: [Handle] = [], easeIn: [Handle] = []) {
        self.frame = frame
        self.value = value
        self.hold = hold
        self.easeOut = easeOut
        self.easeIn = easeIn
    }

    /// The handles of a straight line (x and y equal at a third and two thirds).
    static func linear(_ dimensions: Int) -> (out: [Handle], into: [Handle]) {
        (Array(repeating: Handle(x: 1.0 / 3, y: 1.0 / 3), count: dimensions),
         Array(repeating: Handle(x: 2.0 / 3, y: 2.0 / 3), count: dimensions))
    }
}

/// A property's value at one keyframe: numbers (one for a scalar, two for a point, three or four
/// for a colour) or a path.
public enum LottieValue: Equatable, Sendable {
    case numbers([Double])
    case path(LottieBezier)

    var numbers: [Double] {
        switch self {
        case .numbers(let values): return values
        case .path(let path): return path.flattened
        }
    }
}
