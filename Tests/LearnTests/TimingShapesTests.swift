import LayerKit
import Learn
import Testing

/// The named timing functions as shapes: a curve is named after the one it is, or the one its
/// motion is nearest to, and described in a learner's words.
struct TimingShapesTests {
    @Test(arguments: ["linear", "easeIn", "easeOut", "easeInEaseOut", "default", "easeOutBack", "easeInOutSine"])
    func aNamedCurveIsKnownByItsName(name: String) throws {
        let function = try #require(TimingFunction(name: name))
        #expect(TimingShapes.name(of: function) == name)
        #expect(TimingShapes.nearest(to: (0...20).map { function.evaluate(Double($0) / 20) }) == name)
    }

    @Test func aCustomCurveHasNoName() {
        #expect(TimingShapes.name(of: TimingFunction(controlPoints: 0.3, 0.7, 0.9, 0.2)) == nil)
    }

    @Test(arguments: [("easeOut", "slows down at the end"), ("easeIn", "starts slowly and speeds up"),
                      ("linear", "moves at one speed"), ("easeOutElastic", "overshoots, then settles")])
    func aShapeIsSaidInWords(name: String, words: String) {
        #expect(TimingShapes.describe(name) == words)
    }
}
