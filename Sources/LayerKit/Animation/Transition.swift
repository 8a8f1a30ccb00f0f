/// How a transition takes the layer from how it looked to how it looks (CATransitionType).
public enum TransitionType: String, ChoiceValue, Sendable {
    /// The old appearance fades out as the new one fades in.
    case fade
    /// The new appearance slides in over the old, from the subtype's side.
    case moveIn
    /// The new appearance slides in from the subtype's side, pushing the old out the other.
    case push
    /// The old appearance slides away towards the side opposite the subtype's, uncovering the new.
    case reveal
    public static var fallback: TransitionType { .fade }
}

/// The side a motion transition starts from (CATransitionSubtype), in the layer's coordinates:
/// `fromTop` is the side of its bounds' smallest y.
public enum TransitionSubtype: String, ChoiceValue, Sendable {
    case fromLeft, fromRight, fromTop, fromBottom
    public static var fallback: TransitionSubtype { .fromLeft }

    /// The direction the new appearance travels, as a unit step along x or y.
    public var motion: (dx: Double, dy: Double) {
        switch self {
        case .fromLeft: (1, 0)
        case .fromRight: (-1, 0)
        case .fromTop: (0, 1)
        case .fromBottom: (0, -1)
        }
    }
}

/// An animation from a layer's appearance before the current transaction's changes to its
/// appearance after them (CATransition). Added to a layer, it runs under the key
/// `Transition.key` whatever key it was given, replacing the transition already there.
///
/// Its progress runs from `startProgress` to `endProgress` over its active time, paced by its
/// timing function; progress 0 shows the old appearance, 1 the new one.
public final class Transition: Animation {
    /// The key every transition runs under (kCATransition).
    public static let key = "transition"

    public var type = TransitionType.fade
    /// The side motion transitions start from (`fade` ignores it).
    public var subtype = TransitionSubtype.fromLeft
    /// Where in the transition it starts, 0…1.
    public var startProgress = 0.0
    /// Where in the transition it ends, startProgress…1.
    public var endProgress = 1.0

    public override init() {
        super.init()
    }

    public override func copy() -> Animation {
        let copy = Transition()
        copyTiming(to: copy)
        copy.type = type
        copy.subtype = subtype
        copy.startProgress = startProgress
        copy.endProgress = endProgress
        return copy
    }

    /// The progress range as it runs: both ends within 0…1 (NaN as the default), and an end
    /// below the start held at the start (Apple leaves that undefined).
    var progressRange: (start: Double, end: Double) {
        let start = startProgress.isNaN ? 0 : min(max(startProgress, 0), 1)
        let end = endProgress.isNaN ? 1 : min(max(endProgress, 0), 1)
        return (start, max(start, end))
    }
}
