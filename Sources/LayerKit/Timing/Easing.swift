import Foundation

/// A family of Robert Penner's easing equations, evaluated exactly (not as Bézier approximations).
public enum EasingFamily: String, CaseIterable, Sendable {
    /// A quarter cosine wave: easeIn(t) = 1 − cos(t·π/2).
    case sine
    /// easeIn(t) = t².
    case quad
    /// easeIn(t) = t³.
    case cubic
    /// easeIn(t) = t⁴.
    case quart
    /// easeIn(t) = t⁵.
    case quint
    /// easeIn(t) = 2^(10t − 10), with easeIn(0) = 0 exactly.
    case expo
    /// A quarter circle: easeIn(t) = 1 − √(1 − t²).
    case circ
    /// Pulls back before moving: easeIn(t) = (s + 1)t³ − s·t², s = 1.70158 (s·1.525 for easeInOut).
    case back
    /// A decaying sine wave of amplitude 1, period 0.3 (0.45 for easeInOut).
    case elastic
    /// A ball bouncing to rest: the piecewise parabolas 7.5625·(t − c)² + k, in steps of 1/2.75.
    case bounce
}

/// Which end of the animation an easing family shapes.
public enum EasingMode: String, CaseIterable, Sendable {
    /// Starts slowly: the family's equation as written.
    case easeIn
    /// Ends slowly: easeOut(t) = 1 − easeIn(1 − t).
    case easeOut
    /// Slow at both ends: easeIn on the first half, easeOut on the second, each scaled by ½.
    case easeInOut
}

extension EasingFamily {
    /// The family's value in `mode` at progress `t`; exactly 0 for t ≤ 0 and exactly 1 for t ≥ 1.
    @inline(__always)
    func value(at t: Double, mode: EasingMode) -> Double {
        if self == .sine { return Self.sineValue(at: t, mode: mode) }
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        switch mode {
        case .easeIn:
            return easeIn(t, inOut: false)
        case .easeOut:
            return 1 - easeIn(1 - t, inOut: false)
        case .easeInOut:
            return t < 0.5 ? easeIn(2 * t, inOut: true) / 2 : 1 - easeIn(2 - 2 * t, inOut: true) / 2
        }
    }

    /// The sine family's value in `mode` at `t`: what `value(at:mode:)` gives for `.sine`, written
    /// out so that the per-frame loop can have it inline (it is the most common easing there).
    @inline(__always)
    static func sineValue(at t: Double, mode: EasingMode) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        // Every mode is a + b·easeIn(c + d·t), with constants for which each product and sum is
        // exact, so the values are those of the formulas below to the bit:
        //   easeIn: easeIn(t); easeOut: 1 − easeIn(1 − t);
        //   easeInOut: easeIn(2t)/2 below ½, 1 − easeIn(2 − 2t)/2 from ½.
        // One call of the kernel, and no branch on the mode around it.
        let (a, b, c, d): (Double, Double, Double, Double)
        switch mode {
        case .easeIn: (a, b, c, d) = (0, 1, 0, 1)
        case .easeOut: (a, b, c, d) = (1, -1, 1, -1)
        case .easeInOut:
            // (0, ½, 0, 2) below ½, (1, −½, 2, −2) from ½: from one 0-or-1, without a branch
            // (which half a frame's fraction falls in is anyone's guess).
            let upper: Double = t < 0.5 ? 0 : 1
            (a, b, c, d) = (upper, 0.5 - upper, 2 * upper, 2 - 4 * upper)
        }
        return a + b * sineEaseIn(c + d * t)
    }

    /// The sine family's easeIn equation at t in 0...1.
    @inline(__always)
    private static func sineEaseIn(_ t: Double) -> Double {
        Trigonometry.oneMinusCos(quarterTurn: t * Double.pi / 2)
    }

    /// The easeIn equation at t in 0...1; `inOut` selects the constants Penner uses in easeInOut.
    private func easeIn(_ t: Double, inOut: Bool) -> Double {
        switch self {
        case .sine:
            return Self.sineEaseIn(t)  // not reached from `value(at:mode:)`, which has the sine family's own
        case .quad:
            return t * t
        case .cubic:
            return t * t * t
        case .quart:
            return t * t * t * t
        case .quint:
            return t * t * t * t * t
        case .expo:
            return t == 0 ? 0 : pow(2, 10 * t - 10)
        case .circ:
            return 1 - max(0, 1 - t * t).squareRoot()
        case .back:
            let s = inOut ? 1.70158 * 1.525 : 1.70158
            return t * t * ((s + 1) * t - s)
        case .elastic:
            if t == 0 { return 0 }
            if t == 1 { return 1 }
            let period = inOut ? 0.45 : 0.3
            let shift = period / 4  // amplitude 1: the phase shift is period/(2π)·asin(1)
            return -pow(2, 10 * (t - 1)) * sin((t - 1 - shift) * 2 * Double.pi / period)
        case .bounce:
            return 1 - Self.bounceOut(1 - t)
        }
    }

    /// The standard easeOutBounce: four parabolas of height 7.5625 joined at multiples of 1/2.75.
    private static func bounceOut(_ t: Double) -> Double {
        let n = 7.5625, d = 2.75
        if t < 1 / d {
            return n * t * t
        } else if t < 2 / d {
            let u = t - 1.5 / d
            return n * u * u + 0.75
        } else if t < 2.5 / d {
            let u = t - 2.25 / d
            return n * u * u + 0.9375
        } else {
            let u = t - 2.625 / d
            return n * u * u + 0.984375
        }
    }
}
