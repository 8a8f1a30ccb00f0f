import Foundation

/// iOS 17's way to describe a spring (CASpringAnimation's `init(perceptualDuration:bounce:)`,
/// `perceptualDuration` and `bounce`): how long it takes to feel done, and how much it overshoots.
///
/// As QuartzCore derives them, for a mass of 1: stiffness = (2π / duration)², and
/// damping = (1 − bounce) × 4π / duration for a bounce from 0 (critically damped) to 1
/// (undamped), or 4π / (duration × (1 + bounce)) for a bounce from 0 down to −1 (ever more
/// over-damped, which the spring is allowed to be). Read back, the bounce is 1 − ζ, or 1/ζ − 1
/// past critical damping, where ζ is the damping ratio.
extension SpringAnimation {
    /// A spring of mass 1 whose stiffness and damping give `perceptualDuration` and `bounce`,
    /// allowed to over-damp, lasting until it settles.
    public convenience init(keyPath: String, perceptualDuration: Double, bounce: Double) {
        self.init(keyPath: keyPath)
        setPerceptualDuration(perceptualDuration, bounce: bounce)
    }

    /// Sets the stiffness and damping (and the duration, to the settling duration) that give
    /// `perceptualDuration` and `bounce` to a mass of 1, and allows over-damping.
    public func setPerceptualDuration(_ perceptualDuration: Double, bounce: Double) {
        allowsOverdamping = true
        let pace = perceptualDuration > 0 ? 2 * Double.pi / perceptualDuration : .infinity
        stiffness = pace * pace
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        damping = ratio * 2 * pace
        duration = settlingDuration
    }

    /// The period the spring would swing with no damping, 2π √(mass / stiffness): how long it
    /// feels (0 for an infinitely stiff spring).
    public var perceptualDuration: Double {
        stiffness.isFinite ? 2 * Double.pi * (mass / stiffness).squareRoot() : 0
    }

    /// How bouncy the spring is, from 1 (undamped) through 0 (critically damped) to −1
    /// (infinitely damped).
    public var bounce: Double {
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }
}
