/// An animation between two values of one key path (CABasicAnimation).
///
/// The from/to/by combinations mean what they mean in Core Animation: from and to; from and
/// from + by; to − by and to; from and the current value; the current value and to; the current
/// value and current + by; with none set, the value before the animation was added and the current
/// value. "Current" is the presentation value underneath this animation, frame by frame.
public class BasicAnimation: PropertyAnimation {
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
    public var byValue: AnimationValue?

    public override init(keyPath: String) {
        super.init(keyPath: keyPath)
    }

    public override func copy() -> Animation {
        let copy = BasicAnimation(keyPath: keyPath)
        copyBasic(to: copy)
        return copy
    }

    func copyBasic(to other: BasicAnimation) {
        copyProperties(to: other)
        other.fromValue = fromValue
        other.toValue = toValue
        other.byValue = byValue
    }
}

/// A damped spring from one value to another (CASpringAnimation), by the closed-form solution
/// of a mass on a spring with damping.
public final class SpringAnimation: BasicAnimation {
    /// The mass on the spring (default 1).
    public var mass: Double = 1
    /// The spring's stiffness (default 100).
    public var stiffness: Double = 100
    /// The damping (default 10).
    public var damping: Double = 10
    /// The starting velocity, in units of the whole distance per second; positive moves toward
    /// the target.
    public var initialVelocity: Double = 0
    /// Whether damping past critical slows the spring (false: it moves as a critically damped
    /// one, as CASpringAnimation does by default).
    public var allowsOverdamping = false

    public override init(keyPath: String) {
        super.init(keyPath: keyPath)
    }

    /// The time the spring takes to come to rest (within 0.1 % of the distance), in its
    /// parent's time: the rest time of the motion, which is also the default duration, divided
    /// by the speed, as QuartzCore reports it.
    public var settlingDuration: Double {
        let s = speed.isNaN ? 1 : abs(speed)
        return s > 0 ? min(restDuration / s, SpringSolution.longestSettling) : SpringSolution.longestSettling
    }

    /// When the motion comes to rest, in the animation's own time.
    var restDuration: Double { solution.settlingDuration }

    /// The motion these settings give.
    var solution: SpringSolution {
        SpringSolution(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
                       allowsOverdamping: allowsOverdamping)
    }

    public override func copy() -> Animation {
        let copy = SpringAnimation(keyPath: keyPath)
        copyBasic(to: copy)
        copy.mass = mass
        copy.stiffness = stiffness
        copy.damping = damping
        copy.initialVelocity = initialVelocity
        copy.allowsOverdamping = allowsOverdamping
        return copy
    }

    /// Without a duration of its own the spring runs until it rests (or, resting at once, for
    /// the transaction's duration).
    override func resolvedTiming(defaultDuration: Double) -> MediaTiming {
        let rest = restDuration
        return super.resolvedTiming(defaultDuration: Animation.positive(duration) == nil && rest > 0 ? rest : defaultDuration)
    }
}

/// Several animations that run together in the group's time (CAAnimationGroup): each child's
/// times are relative to the group's start, and the group's duration cuts them off.
public final class AnimationGroup: Animation {
    public var animations: [Animation] = []

    public override init() {
        super.init()
    }

    public override func copy() -> Animation {
        let copy = AnimationGroup()
        copyTiming(to: copy)
        copy.animations = animations.map { $0.copy() }
        return copy
    }
}
