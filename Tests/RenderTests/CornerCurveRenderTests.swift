import LayerKit
@testable import Render
import Testing
import TestSupport

/// `cornerCurve = "continuous"`: iOS's smooth corner reaches further along each edge than a
/// quarter circle of the same cornerRadius and fills more of the corner at the diagonal.
@Suite struct CornerCurveRenderTests {
    func square(_ curve: CornerCurve) -> FrameBuffer {
        let scene = makeScene(width: 240, height: 240)
        _ = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                     position: Point(x: 120, y: 120), color: rgb(255, 255, 255)) { layer in
            layer.set(.cornerRadius, 40)
            layer[.cornerCurve] = .choice(curve.rawValue)
        }
        return render(scene, width: 240, height: 240)
    }

    @Test func aContinuousCornerFillsMoreOfTheDiagonalAndStartsFurtherAlong() {
        let circular = square(.circular), continuous = square(.continuous)
        // The layer's top-left corner is at (20, 20). On the diagonal, 9.5 points in: outside the
        // quarter circle (whose edge is 11.7 in), inside the continuous curve (7.9 in).
        #expect(pixel(circular, 29, 29, is: (0, 0, 0), tolerance: 8))
        #expect(pixel(continuous, 29, 29, is: (255, 255, 255), tolerance: 8))
        // Along the top edge, 42 points from the corner: the circle has met the edge, the
        // continuous curve (reaching 61 points) is still bending away from it.
        let edgeCircular = circular.pixel(x: 62, y: 20), edgeContinuous = continuous.pixel(x: 62, y: 20)
        #expect(edgeCircular.r > 200)
        #expect(edgeContinuous.r < edgeCircular.r)
        // The middle of each side is the same.
        #expect(pixel(continuous, 120, 21, is: (255, 255, 255), tolerance: 2))
    }

    @Test func theClipAndTheBorderFollowTheCurveToo() {
        let scene = makeScene(width: 240, height: 240)
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                             position: Point(x: 120, y: 120)) { layer in
            layer.set(.cornerRadius, 40)
            layer.set(.masksToBounds, true)
            layer[.cornerCurve] = .choice("continuous")
        }
        _ = addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 400, height: 400),
                     position: Point(x: 100, y: 100), color: rgb(0, 255, 0))
        let frame = render(scene, width: 240, height: 240)
        #expect(pixel(frame, 29, 29, is: (0, 255, 0), tolerance: 8))
        #expect(pixel(frame, 22, 22, is: (0, 0, 0), tolerance: 8))
    }
}
