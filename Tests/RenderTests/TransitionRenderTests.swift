import LayerKit
@testable import Render
import SDLSoftware
import Testing
import TestSupport

/// Transitions as a person checks them by eye: a red square turning blue, at points in between.
@Suite struct TransitionRenderTests {
    /// A red 100 × 100 square on screen at 50…150 × 25…125 (clipped to its bounds unless told
    /// otherwise) that, in the transaction at 0.1 s, gets a linear one-second transition and
    /// turns blue; the transition starts at 0.1 s.
    private func turningBlue(_ type: TransitionType, _ subtype: TransitionSubtype = .fromLeft,
                             masksToBounds: Bool = true) -> (Scene, Layer) {
        let scene = makeScene()
        let square = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                              position: Point(x: 100, y: 75), color: rgb(255, 0, 0)) {
            $0.set(.masksToBounds, masksToBounds)
        }
        transition(square, in: scene, type, subtype) { square[.backgroundColor] = .color(rgb(0, 0, 255)) }
        return (scene, square)
    }

    /// Steps `scene` to 0.1 s and, in one transaction there, gives `layer` a linear one-second
    /// transition and makes `changes`.
    private func transition(_ layer: Layer, in scene: Scene, _ type: TransitionType = .fade,
                            _ subtype: TransitionSubtype = .fromLeft, changes: () -> Void) {
        scene.step(to: 0)
        scene.step(to: 0.1)
        scene.perform {
            let t = Transition()
            t.type = type
            t.subtype = subtype
            t.duration = 1
            t.timingFunction = .linear
            try? layer.addAnimation(t)
            changes()
        }
    }

    @Test func fadeIsHalfOfEachAtItsMidpoint() {
        let (scene, _) = turningBlue(.fade)
        let frame = render(scene, at: 0.6)
        #expect(pixel(frame, 100, 75, is: (128, 0, 128), tolerance: 2), "\(frame.pixel(x: 100, y: 75))")
        #expect(pixel(frame, 52, 27, is: (128, 0, 128), tolerance: 2))
        #expect(pixel(frame, 20, 75, is: (0, 0, 0), tolerance: 0))
        let later = render(scene, at: 0.85)
        #expect(pixel(later, 100, 75, is: (64, 0, 191), tolerance: 2), "\(later.pixel(x: 100, y: 75))")
    }

    @Test func pushAtItsMidpointShowsHalfOfEach() {
        let (scene, _) = turningBlue(.push)
        let frame = render(scene, at: 0.6)
        // The new (blue) came in from the left and pushed the old (red) half out to the right.
        #expect(pixel(frame, 60, 75, is: (0, 0, 255)))
        #expect(pixel(frame, 97, 75, is: (0, 0, 255)))
        #expect(pixel(frame, 103, 75, is: (255, 0, 0)))
        #expect(pixel(frame, 140, 75, is: (255, 0, 0)))
        // Clipped to the bounds (masksToBounds).
        #expect(pixel(frame, 160, 75, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 40, 75, is: (0, 0, 0), tolerance: 0))
    }

    /// Where the new (blue) and old (red) appearances are at a moment of each motion type.
    @Test(arguments: [
        // The new comes in from the top and pushes the old out at the bottom.
        (TransitionType.push, TransitionSubtype.fromTop, 0.6, [(100, 40)], [(100, 110)]),
        // The new slides in from the right over the old, which stays where it is.
        (.moveIn, .fromRight, 0.35, [(130, 75), (145, 75)], [(120, 75), (55, 75)]),
        // The old slides away to the right, uncovering the new from the left.
        (.reveal, .fromLeft, 0.35, [(55, 75), (70, 75)], [(80, 75), (145, 75)]),
    ])
    func motionAtAMoment(type: TransitionType, subtype: TransitionSubtype, at time: Double,
                         blue: [(Int, Int)], red: [(Int, Int)]) {
        let (scene, _) = turningBlue(type, subtype)
        let frame = render(scene, at: time)
        for (x, y) in blue { #expect(pixel(frame, x, y, is: (0, 0, 255)), "blue at \(x), \(y)") }
        for (x, y) in red { #expect(pixel(frame, x, y, is: (255, 0, 0)), "red at \(x), \(y)") }
    }

    /// Apple: with "fade", "the layer's content fades as it becomes visible or hidden".
    @Test(arguments: [true, false])
    func aLayerFadesAsItBecomesHiddenOrVisible(hiding: Bool) {
        let scene = makeScene()
        let square = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                              position: Point(x: 100, y: 75), color: rgb(255, 0, 0)) {
            $0.set(.hidden, !hiding)
        }
        transition(square, in: scene) { square[.hidden] = .bool(hiding) }
        let frame = render(scene, at: 0.35)
        let expected = hiding ? 191 : 64
        #expect(pixel(frame, 100, 75, is: (expected, 0, 0), tolerance: 2), "\(frame.pixel(x: 100, y: 75))")
        let end = render(scene, at: 1.2)
        #expect(pixel(end, 100, 75, is: hiding ? (0, 0, 0) : (255, 0, 0), tolerance: 0))
    }

    /// Core Animation clips a transition's moving images only to a layer that masks to its bounds.
    @Test func withoutMasksToBoundsTheImagesMoveOutsideTheBounds() {
        let (scene, _) = turningBlue(.push, masksToBounds: false)
        let frame = render(scene, at: 0.6)
        #expect(pixel(frame, 160, 75, is: (255, 0, 0)))
        #expect(pixel(frame, 40, 75, is: (0, 0, 255)))
    }

    @Test func aSublayerAddedAndATextChangedShowInTheNewImageOnly() {
        let scene = makeScene()
        let box = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                           position: Point(x: 100, y: 75), color: rgb(255, 0, 0))
        transition(box, in: scene) {
            let green = Layer(scene: scene)
            green.set(.backgroundColor, rgb(0, 255, 0))
            green.frame = Rect(x: 0, y: 0, width: 50, height: 100)
            try? box.addSublayer(green)
        }
        let frame = render(scene, at: 0.6)
        #expect(pixel(frame, 75, 75, is: (128, 128, 0), tolerance: 2), "\(frame.pixel(x: 75, y: 75))")
        #expect(pixel(frame, 125, 75, is: (255, 0, 0)))
        let end = render(scene, at: 1.2)
        #expect(pixel(end, 75, 75, is: (0, 255, 0)))
    }

    /// The same moment gives the same pixels however it is reached: stepped to, drawn between
    /// steps, or drawn again after later frames (seeking back draws a moment of an earlier run).
    @Test func aMomentDrawsTheSameWhenReachedAgain() {
        let (scene, _) = turningBlue(.push)
        let renderer = HeadlessRenderer(threads: 1)
        scene.step(to: 0.5)
        var between = FrameBuffer(width: 0, height: 0)
        scene.withPresentation(at: 0.6) { between = renderer.draw(scene, width: 200, height: 150) }
        scene.step(to: 0.6)
        let stepped = renderer.draw(scene, width: 200, height: 150)
        scene.step(to: 0.9)
        var back = FrameBuffer(width: 0, height: 0)
        scene.withPresentation(at: 0.6) { back = renderer.draw(scene, width: 200, height: 150) }
        let (fresh, _) = turningBlue(.push)
        let first = render(fresh, at: 0.6)
        #expect(stepped.pixels == first.pixels)
        #expect(between.pixels == first.pixels)
        #expect(back.pixels == first.pixels)
    }

    /// The old appearance never changes and the new one here does not either: each is drawn
    /// once for the whole transition, however many frames show it moving.
    @Test func eachAppearanceIsDrawnOnceWhileItDoesNotChange() {
        let (scene, _) = turningBlue(.push)
        let compositor = Compositor()
        for t in stride(from: 0.2, through: 0.8, by: 0.1) {
            scene.beginFrame(at: t)
            compositor.compose(scene, width: 200, height: 150)
            scene.endFrame()
        }
        #expect(compositor.cache.transitionImagesMade == 2)
    }

    /// A fade makes a new mixed image every frame; through SDL, uploads of those a frame no
    /// longer uses are dropped at once instead of piling up.
    @Test func sdlDropsTheUploadsOfImagesNoFrameHolds() throws {
        let (scene, _) = turningBlue(.fade)
        let compositor = Compositor()
        let target = try SDLSoftwareTarget(width: 200, height: 150)
        for t in stride(from: 0.2, through: 0.8, by: 0.05) {
            scene.beginFrame(at: t)
            try target.draw(compositor.compose(scene, width: 200, height: 150))
            scene.endFrame()
        }
        // The white texture and the one mixed image of the last frame.
        #expect(target.backend.uploadedTextureCount <= 3, "\(target.backend.uploadedTextureCount)")
    }
}
