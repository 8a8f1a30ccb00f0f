import Foundation
import Testing
@testable import LayerKit

/// The sines a frame computes (rotations, the sine easings) against the C library's.
@Suite("Trigonometry")
struct TrigonometryTests {
    /// Whether `a` is within `ulps` units in the last place of `b` (or, near zero, of 1e-16).
    func near(_ a: Double, _ b: Double, ulps: Double = 2) -> Bool {
        abs(a - b) <= ulps * max(b.ulp, Double.ulpOfOne / 16)
    }

    @Test func sineAndCosineMatchTheCLibrary() {
        var x = -40.0
        var worst = 0.0
        while x <= 40 {
            let (s, c) = Trigonometry.sinCos(x)
            #expect(near(s, Foundation.sin(x)), "sin \(x)")
            #expect(near(c, Foundation.cos(x)), "cos \(x)")
            #expect(Trigonometry.cos(x) == c)
            worst = max(worst, abs(s - Foundation.sin(x)) / Foundation.sin(x).ulp)
            x += 0.000_731
        }
        // Quadrant edges, the exact zero and values the turns of the examples use.
        for x in [0, -0.0, Double.pi / 4, Double.pi / 2, Double.pi, 3 * Double.pi / 2, 2 * Double.pi,
                  1e-300, 1e-8, 123.456, -7 * Double.pi, 999_999.5] {
            let (s, c) = Trigonometry.sinCos(x)
            #expect(near(s, Foundation.sin(x)) && near(c, Foundation.cos(x)), "\(x)")
        }
        #expect(Trigonometry.sinCos(0).sin == 0 && Trigonometry.sinCos(0).cos == 1)
    }

    @Test func beyondTheReducibleRangeTheCLibraryAnswers() {
        for x in [2e6, -3.5e9, 1e300] {
            #expect(Trigonometry.sinCos(x).sin == Foundation.sin(x))
            #expect(Trigonometry.sinCos(x).cos == Foundation.cos(x))
        }
        #expect(Trigonometry.sinCos(.nan).sin.isNaN)
        #expect(Trigonometry.sinCos(.infinity).cos.isNaN)
    }

    @Test func theQuarterWaveKeepsItsPrecisionNearZero() {
        // 1 − cos x = 2 sin²(x/2): against that form of the C library's, so that the reference
        // itself does not cancel for small x.
        var x = 0.0
        while x <= Double.pi / 2 {
            let reference = 2 * Foundation.sin(x / 2) * Foundation.sin(x / 2)
            #expect(near(Trigonometry.oneMinusCos(quarterTurn: x), reference, ulps: 4), "\(x)")
            x += 0.000_377
        }
        #expect(Trigonometry.oneMinusCos(quarterTurn: 0) == 0)
        #expect(near(Trigonometry.oneMinusCos(quarterTurn: 1e-9), 5e-19))
        #expect(near(Trigonometry.oneMinusCos(quarterTurn: Double.pi / 2), 1))
    }
}
