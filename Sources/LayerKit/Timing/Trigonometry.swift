import Foundation

/// Sine and cosine for per-frame evaluation (the sine easings and the rotations composed into a
/// layer's transform), cheaper than the C library's and within an ulp or two of it.
///
/// The angle is reduced to r in −π/4…π/4 by the nearest multiple k of π/2, with π/2 split in three
/// parts (Cody and Waite) so that k·part is exact for |k| < 2²⁰; sin r and cos r come from their
/// Taylor series, whose first omitted terms there are below 10⁻¹⁹; k's quadrant picks which one,
/// and which sign, answers. Angles beyond a million radians, infinities and NaN go to the C library.
enum Trigonometry {
    /// π/2 = halfPi1 + halfPi2 + halfPi3: the first two hold 33 significant bits each, so their
    /// products with k stay exact; the third is the remainder.
    private static let halfPi1 = 1.57079632673412561417e+00
    private static let halfPi2 = 6.07710050630396597660e-11
    private static let halfPi3 = 2.02226624879595063154e-21
    /// Adding 1.5 × 2⁵² rounds a smaller number to an integer and leaves that integer in the low
    /// bits of the sum.
    private static let roundingShift = 6755399441055744.0
    /// Beyond this, the three-part reduction loses bits: use the C library.
    private static let reducibleLimit = 1.0e6

    /// sin x and cos x together.
    @inline(__always)
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard abs(x) < reducibleLimit else { return (Foundation.sin(x), Foundation.cos(x)) }
        let (r, quadrant) = reduce(x)
        let s = kernelSin(r), c = kernelCos(r)
        // By quadrant: (s, c), (c, −s), (−s, −c), (−c, s). Chosen with bit operations, not a
        // branch: a frame's angles fall in any quadrant, so a branch would be mispredicted often.
        let swap = UInt64(0) &- UInt64(quadrant & 1)  // all ones in the odd quadrants
        let sine = (c.bitPattern & swap) | (s.bitPattern & ~swap)
        let cosine = (s.bitPattern & swap) | (c.bitPattern & ~swap)
        let signBit = UInt64(1) << 63
        return (Double(bitPattern: quadrant & 2 != 0 ? sine ^ signBit : sine),
                Double(bitPattern: (quadrant + 1) & 2 != 0 ? cosine ^ signBit : cosine))
    }

    /// cos x (the same value as `sinCos(x).cos`).
    @inline(__always)
    static func cos(_ x: Double) -> Double {
        guard abs(x) < reducibleLimit else { return Foundation.cos(x) }
        let (r, quadrant) = reduce(x)
        switch quadrant {
        case 0: return kernelCos(r)
        case 1: return -kernelSin(r)
        case 2: return -kernelCos(r)
        default: return kernelSin(r)
        }
    }

    /// 1 − cos x for x in 0…π/2 (the sine easings' quarter wave), as 2·sin²(x/2): x/2 needs no
    /// reduction, and small x keeps its precision instead of cancelling against 1.
    @inline(__always)
    static func oneMinusCos(quarterTurn x: Double) -> Double {
        guard x >= 0 && x <= Double.pi / 2 else { return 1 - cos(x) }
        let s = kernelSin(x / 2)
        return 2 * s * s
    }

    /// x = k·π/2 + r with |r| ≤ π/4 (a hair more where rounding puts k on the other side), and
    /// k mod 4, for |x| under the reducible limit.
    @inline(__always)
    private static func reduce(_ x: Double) -> (r: Double, quadrant: Int) {
        let shifted = x * (2 / Double.pi) + roundingShift
        let k = shifted - roundingShift
        let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
        return (r, Int(truncatingIfNeeded: shifted.bitPattern) & 3)
    }

    /// sin r for |r| ≤ π/4: r − r³/3! + r⁵/5! − … − r¹⁷/17!.
    ///
    /// The polynomial in z = r² is summed by Estrin's scheme (pairs, then pairs of pairs with z²
    /// and z⁴), not Horner's: its products and sums depend on one another three levels deep
    /// instead of eight, so the result is ready in about half the time. A frame's easing and
    /// rotation wait on it.
    @inline(__always)
    private static func kernelSin(_ r: Double) -> Double {
        let z = r * r
        let z2 = z * z
        let z4 = z2 * z2
        let a0 = -1.0 / 6 + z * (1.0 / 120)
        let a1 = -1.0 / 5_040 + z * (1.0 / 362_880)
        let a2 = -1.0 / 39_916_800 + z * (1.0 / 6_227_020_800)
        let a3 = -1.0 / 1_307_674_368_000 + z * (1.0 / 355_687_428_096_000)
        let p = (a0 + z2 * a1) + z4 * (a2 + z2 * a3)
        return r + r * z * p
    }

    /// cos r for |r| ≤ π/4: 1 − r²/2! + r⁴/4! − … + r¹⁸/18!, summed as `kernelSin` sums.
    @inline(__always)
    private static func kernelCos(_ r: Double) -> Double {
        let z = r * r
        let z2 = z * z
        let z4 = z2 * z2
        let a0 = 0.5 - z * (1.0 / 24)
        let a1 = 1.0 / 720 - z * (1.0 / 40_320)
        let a2 = 1.0 / 3_628_800 - z * (1.0 / 479_001_600)
        let a3 = 1.0 / 87_178_291_200 - z * (1.0 / 20_922_789_888_000)
        let p = (a0 + z2 * a1) + z4 * (a2 + z2 * a3 + z4 * (1.0 / 6_402_373_705_728_000))
        return 1 - z * p
    }
}
