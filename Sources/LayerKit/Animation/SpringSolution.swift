import Foundation

/// The closed-form motion of a damped mass on a spring, normalised so that the distance to travel
/// is 1: `displacement(at:)` starts at 1 and settles to 0.
///
/// With ω₀ = √(k/m) and ζ = c / (2√(km)): under-damped (ζ < 1) it is e^(−ζω₀t)(cos ω_d t + B sin ω_d t),
/// critically damped e^(−ω₀t)(1 + B t), over-damped a sum of two decaying exponentials; B and the
/// coefficients come from x(0) = 1 and x′(0) = −initialVelocity.
struct SpringSolution: Sendable {
    private enum Regime: Sendable {
        case under(decay: Double, omega: Double, b: Double)
        case critical(omega: Double, b: Double)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private let regime: Regime
    /// The displacement below which the spring counts as settled.
    static let restThreshold = 0.001

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        let m = mass > 0 && mass.isFinite ? mass : 1
        let k = stiffness > 0 && stiffness.isFinite ? stiffness : 100
        let c = damping >= 0 && damping.isFinite ? damping : 10
        let v0 = initialVelocity.isFinite ? initialVelocity : 0
        let omega0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if abs(zeta - 1) < 1e-9 {
            regime = .critical(omega: omega0, b: omega0 - v0)
        } else if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            regime = .under(decay: zeta * omega0, omega: omegaD, b: (zeta * omega0 - v0) / omegaD)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            regime = .over(r1: r1, r2: r2, c1: 1 - c2, c2: c2)
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
        }
    }

    /// Progress from the start value (0) to the end value (1) at time `t`.
    func progress(at t: Double) -> Double {
        1 - displacement(at: t)
    }

    /// When the motion's envelope falls below `restThreshold` for good (capped at an hour for a
    /// spring with no damping, which never settles).
    var settlingDuration: Double {
        let eps = Self.restThreshold
        let result: Double
        switch regime {
        case let .under(decay, _, b):
            let amplitude = (1 + b * b).squareRoot()
            result = decay > 0 ? log(amplitude / eps) / decay : .infinity
        case let .critical(omega, b):
            // |x| ≤ e^(−ωt)(1 + |b|t): step forward until that bound is under the threshold.
            var t = 0.0
            while t < 3600, exp(-omega * t) * (1 + abs(b) * t) >= eps { t += 1.0 / 240 }
            result = t
        case let .over(r1, _, c1, c2):
            result = log((abs(c1) + abs(c2)) / eps) / -r1
        }
        return min(max(result, 0), 3600)
    }
}
