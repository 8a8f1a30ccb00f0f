import Foundation
import Testing
import LayerKit
import TestSupport

/// What Snowglobe decides where Apple's documentation is silent (docs/ca-coverage.md, "Where
/// Apple is silent"), held by values.
struct SilentCasesTests {
    /// rotationMode turns the layer on top of its model transform's own rotation about z: the
    /// path's angle joins the transform's z rotation (as an additive `transform.rotation.z`
    /// would), after its scale and before its translation. A layer stretched along its own x
    /// stays stretched along the path.
    @Test(arguments: [(RotationMode.auto, Double.pi / 2), (.autoReverse, 3 * Double.pi / 2)])
    func rotationModeJoinsTheModelTransformsRotation(_ mode: RotationMode, angle: Double) throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 0, y: 100))
        let a = KeyframeAnimation(keyPath: "position")
        a.path = path
        a.rotationMode = mode
        a.duration = 1
        let model = Transform3D(scaleX: 2, y: 3).concatenating(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: 5, y: 7))
        let driver = FrameDriver()
        let layer = try driver.layer(with: a) { l in driver.scene.perform(actionsDisabled: true) { l[.transform] = .transform(model) } }
        driver.frame(at: 0.5)
        let expected = Transform3D(scaleX: 2, y: 3).concatenating(Transform3D(rotationAngle: 0.3 + angle, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: 5, y: 7))
        let shown = layer.transform(.transform, .presentation)
        for (s, e) in zip(shown.entries, expected.entries) { #expect(close(s, e, 1e-9), "\(shown) vs \(expected)") }
        // Scale first: the x stretch of 2 now lies along the path (down the screen).
        if mode == .auto { #expect(close(hypot(shown.m11, shown.m12), 2, 1e-9)) }
    }
}
