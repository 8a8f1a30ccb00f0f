import Foundation
import Testing
import LayerKit
import TestSupport

/// Behaviour Apple's documentation decides that other Core Animation test suites found
/// Snowglobe diverging from (issue 39), each held by the values a script would see.
struct DocumentedBehaviourTests {
    /// "discrete: Each keyframe value is used in turn, no interpolated values are calculated"
    /// (CAAnimationCalculationMode), and along a path "the end point of a line-to or curve-to
    /// segment defines the keyframe value" (CAKeyframeAnimation.path): the layer jumps from point
    /// to point, never between them, each holding an equal share of the duration.
    @Test func discreteAlongAPathJumpsBetweenItsPoints() throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        path.addCurve(to: Point(x: 100, y: 100), control1: Point(x: 200, y: 0), control2: Point(x: 200, y: 100))
        path.closeSubpath()
        let a = KeyframeAnimation(keyPath: "position")
        a.path = path
        a.calculationMode = .discrete
        a.duration = 1
        let driver = FrameDriver()
        let layer = try driver.layer(with: a)
        // Four keyframes (the start, the line's end, the curve's end, the close's end), a quarter each.
        let expected: [(Double, Point)] = [(0.1, Point(x: 0, y: 0)), (0.3, Point(x: 100, y: 0)), (0.45, Point(x: 100, y: 0)),
                                           (0.55, Point(x: 100, y: 100)), (0.7, Point(x: 100, y: 100)), (0.8, Point(x: 0, y: 0))]
        for (t, point) in expected {
            driver.frame(at: t)
            #expect(layer.point(.position, .presentation) == point, "at \(t)")
        }
    }
}
