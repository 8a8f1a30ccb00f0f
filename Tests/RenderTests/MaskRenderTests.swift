import LayerKit
@testable import Render
import Testing
import TestSupport

/// Masks as a person would check them by eye: what the mask's alpha leaves of the layer.
@Suite struct MaskRenderTests {
    /// A red 100 × 100 layer on screen at 50…150 × 25…125.
    private func redSquare(_ scene: Scene, configure: (Layer) -> Void = { _ in }) -> Layer {
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                 position: Point(x: 100, y: 75), color: rgb(255, 0, 0), configure: configure)
    }

    /// A mask of the layer's bounds coordinates `frame`, opaque white, set up by `configure`.
    private func mask(_ scene: Scene, _ frame: Rect, configure: (Layer) -> Void = { _ in }) -> Layer {
        let mask = Layer(scene: scene)
        mask.frame = frame
        mask.set(.backgroundColor, rgb(255, 255, 255))
        configure(mask)
        return mask
    }

    @Test func aCircularMaskLeavesTheCentreAndClearsTheCorners() throws {
        let scene = makeScene()
        let layer = redSquare(scene)
        try layer.setMask(mask(scene, Rect(x: 0, y: 0, width: 100, height: 100)) { $0[.cornerRadius] = .number(50) })
        let frame = render(scene)
        #expect(pixel(frame, 100, 75, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(frame, 100, 28, is: (255, 0, 0)))
        for (x, y) in [(52, 27), (147, 27), (52, 122), (147, 122)] {
            #expect(pixel(frame, x, y, is: (0, 0, 0), tolerance: 0), "corner \(x), \(y)")
        }
    }

    @Test func theMaskedOutPartIsBackgroundSublayersShadowAndBorderIncluded() throws {
        let scene = makeScene()
        // A blue border, and a hard yellow shadow 20 points down.
        let layer = redSquare(scene) { layer in
            for (property, value) in [(PropertyID.borderWidth, AnimationValue.number(4)), (.borderColor, .color(rgb(0, 0, 255))),
                                      (.shadowOpacity, .number(1)), (.shadowColor, .color(rgb(255, 255, 0))),
                                      (.shadowOffset, .size(Size(width: 0, height: 20))), (.shadowRadius, .number(0))] {
                layer[property] = value
            }
        }
        // A green sublayer sticking out of the right side.
        addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                 position: Point(x: 110, y: 50), color: rgb(0, 255, 0))
        // The left half of the bounds only.
        try layer.setMask(mask(scene, Rect(x: 0, y: 0, width: 50, height: 100)))
        // The left half with its border; nothing of the right half, the sublayer or (as Core
        // Animation's mask clips it too) the shadow.
        expectPixels(render(scene), [(70, 75, (255, 0, 0)), (51, 75, (0, 0, 255)), (130, 75, (0, 0, 0)),
                                     (170, 75, (0, 0, 0)), (148, 75, (0, 0, 0)), (70, 135, (0, 0, 0))])
    }

    @Test func aMasksOpacityAndPositionCount() throws {
        let scene = makeScene()
        let layer = redSquare(scene)
        try layer.setMask(mask(scene, Rect(x: 50, y: 50, width: 50, height: 50)) { $0[.opacity] = .number(0.5) })
        let frame = render(scene)
        #expect(pixel(frame, 75, 50, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 125, 100, is: (128, 0, 0), tolerance: 2))
    }

    @Test func aNestedMaskClipsInsideTheOuterOne() throws {
        let scene = makeScene()
        let layer = redSquare(scene)
        let inner = addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                             position: Point(x: 50, y: 50), color: rgb(0, 0, 255))
        // The outer mask keeps the left half; the inner one keeps the blue's top half.
        try layer.setMask(mask(scene, Rect(x: 0, y: 0, width: 50, height: 100)))
        try inner.setMask(mask(scene, Rect(x: 0, y: 0, width: 100, height: 50)))
        expectPixels(render(scene), [(70, 45, (0, 0, 255)), (70, 105, (255, 0, 0)), (130, 45, (0, 0, 0)),
                                     (130, 105, (0, 0, 0))])
    }

    @Test func aMaskWithSublayersMasksByAllOfThem() throws {
        let scene = makeScene()
        let layer = redSquare(scene)
        let shape = mask(scene, Rect(x: 0, y: 0, width: 30, height: 30))
        let second = mask(scene, Rect(x: 60, y: 60, width: 30, height: 30))
        try shape.addSublayer(second)
        try layer.setMask(shape)
        let frame = render(scene)
        #expect(pixel(frame, 65, 40, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(frame, 50 + 75, 25 + 75, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(frame, 100, 75, is: (0, 0, 0), tolerance: 0))
    }

    @Test func anAnimatedMaskWipesAcross() throws {
        let scene = makeScene()
        let layer = redSquare(scene)
        let wipe = mask(scene, Rect(x: -100, y: 0, width: 100, height: 100))
        try layer.setMask(wipe)
        let move = linear("position.x", from: -50, to: 150, duration: 2)
        move.timingFunction = .linear
        try wipe.addAnimation(move, forKey: "wipe")
        // At 0.5 s the mask spans -50…50 of the bounds: the left half shows.
        let early = render(scene, at: 0.5)
        #expect(pixel(early, 60, 75, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(early, 140, 75, is: (0, 0, 0), tolerance: 0))
        // At 1.5 s it spans 50…150: the right half.
        let late = render(scene, at: 1.5)
        #expect(pixel(late, 60, 75, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(late, 140, 75, is: (255, 0, 0), tolerance: 0))
    }

    @Test func roundedMasksToBoundsStillClipsUnderAMask() throws {
        let scene = makeScene()
        let layer = redSquare(scene) {
            $0.set(.cornerRadius, 30)
            $0.set(.masksToBounds, true)
        }
        addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                 position: Point(x: 50, y: 50), color: rgb(0, 255, 0))
        try layer.setMask(mask(scene, Rect(x: 0, y: 0, width: 50, height: 100)))
        expectPixels(render(scene), [(70, 75, (0, 255, 0)), (52, 27, (0, 0, 0)), (40, 75, (0, 0, 0)),
                                     (130, 75, (0, 0, 0))])
    }

    @Test func aStillMaskedLayerIsDrawnOffscreenOnce() throws {
        let scene = makeScene()
        let layer = redSquare(scene)
        try layer.setMask(mask(scene, Rect(x: 0, y: 0, width: 50, height: 100)))
        let compositor = Compositor()
        for t in 0..<5 { composeFrame(scene, with: compositor, at: Double(t) / 60) }
        #expect(compositor.cache.offscreensMade == 1)
        layer.mask?[.opacity] = .number(0.5)
        composeFrame(scene, with: compositor, at: 1)
        #expect(compositor.cache.offscreensMade == 2)
    }

    /// A reload makes new layers that draw what the old ones drew: the offscreen image is found,
    /// not drawn again, however long the old layer had shown it.
    @Test func aNewLayerDrawingTheSameFindsTheOffscreenImage() throws {
        let scene = makeScene()
        var layer = redSquare(scene)
        try layer.setMask(mask(scene, Rect(x: 0, y: 0, width: 50, height: 100)))
        let compositor = Compositor()
        for t in 0..<300 { composeFrame(scene, with: compositor, at: Double(t) / 60) }
        #expect(compositor.cache.offscreensMade == 1)
        layer.removeFromSuperlayer()
        layer = redSquare(scene)
        try layer.setMask(mask(scene, Rect(x: 0, y: 0, width: 50, height: 100)))
        composeFrame(scene, with: compositor, at: 6)
        #expect(compositor.cache.offscreensMade == 1)
        expectPixels(render(scene), [(70, 75, (255, 0, 0)), (130, 75, (0, 0, 0))])
    }

    @Test func aScaledUpLayerIsMaskedAtItsScreenResolution() throws {
        let scene = makeScene()
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                             position: Point(x: 100, y: 75), color: rgb(255, 0, 0)) {
            $0.set(.transform, Transform3D(scaleX: 5, y: 5, z: 1))
        }
        try layer.setMask(mask(scene, Rect(x: 0, y: 0, width: 20, height: 20)) { $0[.cornerRadius] = .number(10) })
        let frame = render(scene)
        // The circle's edge on screen is sharp: a pixel either side of its radius of 50.
        #expect(pixel(frame, 100 + 47, 75, is: (255, 0, 0), tolerance: 8))
        #expect(pixel(frame, 100 + 52, 75, is: (0, 0, 0), tolerance: 0))
    }
}
