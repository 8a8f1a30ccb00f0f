import Foundation

/// The closed-form motion of a damped mass on a spring, normalised so that the distance to travel
/// is 1: `displacement(at:)` starts at 1 and settles to 0.
///
/// With ω₀ = √(k/m) and ζ = c / (2√(km)): under-damped (ζ < 1) it is e^(−ζω₀t)(cos ω_d t + B sin ω_d t),
/// critically damped e^(−ω₀t)(1 + B t), over-damped a sum of two decaying exponentials; B and the
/// coefficients come from x(0) = 1 and x′(0) = −initialVelocity. Unless over-damping is allowed
/// (CASpringAnimation.allowsOverdamping), a spring damped past critical moves as a critically
/// damped one. Infinite damping (a bounce of −1) puts it at rest at the target at once.
struct SpringSolution: Sendable {
    private enum Regime: Sendable {
        case under(decay: Double, omega: Double, b: Double)
        case critical(omega: Double, b: Double)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
        case rigid
    }

    private let regime: Regime
    /// The displacement below which the spring counts as settled (QuartzCore's epsilon).
    static let restThreshold = 0.001
    /// The longest settling time reported: a spring with no damping never settles.
    static let longestSettling = 3600.0

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool = false) {
        let m = mass > 0 && mass.isFinite ? mass : 1
        let k = stiffness > 0 && stiffness.isFinite ? stiffness : 100
        let c = damping >= 0 && !damping.isNaN ? damping : 10
        let v0 = initialVelocity.isFinite ? initialVelocity : 0
        let omega0 = (k / m).squareRoot()
        var zeta = c / (2 * (k * m).squareRoot())
        if !allowsOverdamping { zeta = min(zeta, 1) }
        if abs(zeta - 1) < 1e-9 {
            regime = .critical(omega: omega0, b: omega0 - v0)
        } else if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            regime = .under(decay: zeta * omega0, omega: omegaD, b: (zeta * omega0 - v0) / omegaD)
        } else if zeta.isFinite {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            regime = .over(r1: r1, r2: r2, c1: 1 - c2, c2: c2)
        } else {
            regime = .rigid
        }
    }

    /// Distance still to go at time `t` (1 at the start, 0 at rest).
    func displacement(at t: Double) -> Double {
        guard t > 0 else { return 1 }
        switch regime {
        case let .under(decay, omega, b):
            return exp(-decay * t) * (cos(omega * t) + b * sin(omega * t))
        case let .critical(omega, b):
            return exp(-omega * t) * (1 + b * t)
        case let .over(r1, r2, c1, c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        case .rigid:
            return 0
        }
    }

    /// Progress from the start value (0) to the end value (1) at time `t`.
    func progress(at t: Double) -> Double {
        1 - displacement(at: t)
    }

    /// When the spring comes to rest, as QuartzCore reckons it (capped at `longestSettling`).
    ///
    /// Under-damped: when the bound (1 + |B|) e^(−ζω₀t) on the displacement falls to
    /// `restThreshold`. Critically or over-damped: the motion is walked in steps of 0.1 s, and
    /// the answer is the first step from which the displacement stays under the threshold for
    /// more than a second. (The tests hold these to QuartzCore's measured durations.)
    var settlingDuration: Double {
        let eps = Self.restThreshold
        switch regime {
        case let .under(decay, _, b):
            guard decay > 0 else { return Self.longestSettling }
            return min(max(log((1 + abs(b)) / eps) / decay, 0), Self.longestSettling)
        case .critical, .over:
            return walkToRest()
        case .rigid:
            return 0
        }
    }

    /// The first 0.1 s step after which the displacement stays under the threshold for more
    /// than a second.
    private func walkToRest() -> Double {
        let step = 0.1
        var calmSince: Double?
        var i = 0
        while true {
            let t = Double(i) * step
            if t > Self.longestSettling { return Self.longestSettling }
            let d = abs(displacement(at: t))
            guard d.isFinite else { return 0 }
            if d < Self.restThreshold {
                if let since = calmSince {
                    if t - since > 1 { return since }
                } else {
                    calmSince = t
                }
            } else {
                calmSince = nil
            }
            i += 1
        }
    }
}
