import LayerKit
@testable import Render
import Testing
import TestSupport

/// Group opacity, as Apple documents `allowsGroupOpacity` (true by default since iOS 7): a faded
/// layer's sublayers are drawn together and faded once, so the upper hides the lower.
@Suite struct GroupOpacityRenderTests {
    /// A layer at opacity 0.5 holding a red square and, overlapping its right half, a blue one.
    func fadedPair(_ scene: Scene, overlapping: Bool = true, configure: (Layer) -> Void = { _ in }) -> Layer {
        let group = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 160, height: 100),
                             position: Point(x: 100, y: 75)) { $0.set(.opacity, 0.5) }
        configure(group)
        _ = addLayer(Layer(scene: scene), to: group, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                     position: Point(x: 50, y: 50), color: rgb(255, 0, 0))
        _ = addLayer(Layer(scene: scene), to: group, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                     position: Point(x: overlapping ? 80 : 120, y: 50), color: rgb(0, 0, 255))
        return group
    }

    @Test func theUpperSublayerHidesTheLowerOneUnderAFadedGroup() {
        let scene = makeScene()
        _ = fadedPair(scene)
        let frame = render(scene)
        // Where they overlap (on screen x 70…100): blue at half strength over black, no red.
        #expect(pixel(frame, 85, 75, is: (0, 0, 128), tolerance: 1))
        #expect(pixel(frame, 50, 75, is: (128, 0, 0), tolerance: 1))
        #expect(pixel(frame, 115, 75, is: (0, 0, 128), tolerance: 1))
    }

    @Test func withoutGroupOpacityEachLayerIsFadedOnItsOwn() {
        let scene = makeScene()
        _ = fadedPair(scene) { $0.set(.allowsGroupOpacity, false) }
        let frame = render(scene)
        #expect(pixel(frame, 85, 75, is: (64, 0, 128), tolerance: 1))
    }

    @Test func sublayersThatDoNotOverlapNeedNoOffscreenImage() {
        let scene = makeScene()
        let group = fadedPair(scene, overlapping: false)
        let compositor = Compositor()
        scene.beginFrame(at: 0)
        #expect(!compositor.fadesAsGroup(group, .presentation))
        scene.endFrame()
        let frame = render(scene)
        #expect(pixel(frame, 50, 75, is: (128, 0, 0), tolerance: 1))
        #expect(pixel(frame, 150, 75, is: (0, 0, 128), tolerance: 1))
        let overlapping = makeScene()
        let other = fadedPair(overlapping)
        overlapping.beginFrame(at: 0)
        #expect(compositor.fadesAsGroup(other, .presentation))
        overlapping.endFrame()
    }

    @Test func aTransformLayerFadesEachSublayerOnItsOwn() {
        let scene = makeScene()
        let group = addLayer(TransformLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 160, height: 100),
                             position: Point(x: 100, y: 75)) { $0.set(.opacity, 0.5) }
        _ = addLayer(Layer(scene: scene), to: group, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                     position: Point(x: 50, y: 50), color: rgb(255, 0, 0))
        _ = addLayer(Layer(scene: scene), to: group, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                     position: Point(x: 80, y: 50), color: rgb(0, 0, 255))
        let frame = render(scene)
        #expect(pixel(frame, 85, 75, is: (64, 0, 128), tolerance: 1))
    }
}
