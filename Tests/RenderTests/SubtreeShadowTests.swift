import LayerKit
@testable import Render
import Testing
import TestSupport

/// The shadow of a layer with sublayers: cast by everything it draws, sublayers included.
@Suite struct SubtreeShadowTests {
    /// A clear 100 × 100 layer on screen at 50…150 × 25…125 casting a red shadow moved by
    /// (10, 10), blurred by `blur`, whose only content is a white 20 × 20 sublayer at 70…90 ×
    /// 45…65.
    private func clearCaster(blur: Double = 0) -> (Scene, caster: Layer, square: Layer) {
        let scene = makeScene()
        let caster = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                              position: Point(x: 100, y: 75)) {
            $0.set(.shadowOpacity, 1)
            $0.set(.shadowColor, rgb(255, 0, 0))
            $0.set(.shadowOffset, Size(width: 10, height: 10))
            $0.set(.shadowRadius, blur)
        }
        let square = addLayer(Layer(scene: scene), to: caster, bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                              position: Point(x: 30, y: 30), color: rgb(255, 255, 255))
        return (scene, caster, square)
    }

    /// The box around the pixels of `frame` that are red (a hard red shadow; 1 of 255 allowed
    /// for texture filtering).
    private func redBox(_ frame: FrameBuffer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<frame.height {
            for x in 0..<frame.width where pixel(frame, x, y, is: (255, 0, 0), tolerance: 1) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    @Test func aClearLayerCastsTheShadowOfItsSublayer() throws {
        let (scene, _, _) = clearCaster()
        let frame = render(scene)
        // The sublayer's square moved by (10, 10): 80…100 × 55…75, under the white square
        // where they overlap.
        let box = try #require(redBox(frame))
        #expect(box.minX == 80 && box.minY == 55 && box.maxX == 99 && box.maxY == 74, "\(box)")
        #expect(pixel(frame, 95, 70, is: (255, 0, 0), tolerance: 1))
        #expect(pixel(frame, 75, 50, is: (255, 255, 255)))
        // No shadow from the clear rest of the layer.
        #expect(pixel(frame, 60, 110, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 140, 120, is: (0, 0, 0), tolerance: 0))
    }

    @Test func aBlurredShadowIsSoftAroundTheSublayersShape() {
        let (scene, _, _) = clearCaster(blur: 6)
        let frame = render(scene)
        // Strong inside the moved square (80…100 × 55…75), fading outwards, nothing far away.
        let centre = frame.pixel(x: 96, y: 71).r
        #expect(centre > 100, "centre \(centre)")
        #expect(frame.pixel(x: 103, y: 71).r < centre)
        #expect(frame.pixel(x: 103, y: 71).r > 20)
        #expect(frame.pixel(x: 96, y: 71).g == 0)
        #expect(pixel(frame, 130, 71, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 60, 110, is: (0, 0, 0), tolerance: 0))
    }

    @Test func theShadowIsTheUnionOfTheLayerAndItsSublayers() throws {
        // A 40 × 40 green layer at 80…120 × 55…95 with a white 20 × 20 sublayer sticking out
        // of its right side at 110…130 × 65…85; no offset.
        let scene = makeScene()
        let caster = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                              position: Point(x: 100, y: 75), color: rgb(0, 255, 0)) {
            $0.set(.shadowOpacity, 1)
            $0.set(.shadowColor, rgb(255, 0, 0))
            $0.set(.shadowOffset, Size(width: 0, height: 30))
            $0.set(.shadowRadius, 0)
        }
        addLayer(Layer(scene: scene), to: caster, bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                 position: Point(x: 40, y: 20), color: rgb(255, 255, 255))
        let frame = render(scene)
        // Moved down by 30: the layer's part at 80…120 × 85…125 (below the green from y 95),
        // the sublayer's at 110…130 × 95…115.
        #expect(pixel(frame, 85, 110, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(frame, 125, 105, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(frame, 125, 120, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 135, 105, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 100, 75, is: (0, 255, 0)))
    }

    @Test func theShadowFollowsAnAnimatedSublayer() throws {
        let (scene, _, square) = clearCaster()
        try square.addAnimation(linear("position.x", from: 30, to: 70, duration: 1), forKey: "move")
        let renderer = HeadlessRenderer(threads: 1)
        let frame = FrameBuffer(width: 200, height: 150)
        for (time, x) in [(0.25, 40.0), (0.5, 50.0), (0.75, 60.0)] {
            renderer.frame(scene, at: time, into: frame)
            // The square's left edge on screen is 50 + x − 10 + 10 for the shadow.
            let box = try #require(redBox(frame), "a shadow at \(time)")
            #expect(box.maxX == 50 + Int(x) + 19 && box.maxY == 74, "at \(time): \(box)")
        }
        #expect(renderer.compositor.cache.shadowsMade == 3)
    }

    @Test func anUnchangedSubtreeKeepsItsShadowMask() {
        let (scene, caster, square) = clearCaster(blur: 4)
        // The shadow fades in and the sublayer changes colour: neither changes the mask.
        let fade = BasicAnimation(keyPath: "shadowOpacity")
        fade.fromValue = .number(0.2)
        fade.toValue = .number(1)
        fade.duration = 1
        try? caster.addAnimation(fade, forKey: "fade")
        let tint = BasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = .color(rgb(255, 255, 255))
        tint.toValue = .color(rgb(0, 0, 255))
        tint.duration = 1
        try? square.addAnimation(tint, forKey: "tint")
        let renderer = HeadlessRenderer(threads: 1)
        let frame = FrameBuffer(width: 200, height: 150)
        var reds: [UInt8] = []
        for time in [0.1, 0.4, 0.7] {
            renderer.frame(scene, at: time, into: frame)
            reds.append(frame.pixel(x: 96, y: 71).r)
        }
        #expect(renderer.compositor.cache.shadowsMade == 1)
        // The shadow itself still fades in.
        #expect(reds[0] < reds[1] && reds[1] < reds[2], "\(reds)")
    }

    @Test func aShadowInsideADelayedReplicatorFollowsEachInstance() throws {
        // Two instances 100 apart, 0.5 s apart, of the clear caster whose square moves right.
        let scene = makeScene(width: 300, height: 150)
        let replicator = addReplicator(scene, to: scene.root, size: Size(width: 300, height: 150), count: 2, dx: 150, delay: 0.5)
        let caster = addLayer(Layer(scene: scene), to: replicator, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                              position: Point(x: 50, y: 50)) {
            $0.set(.shadowOpacity, 1)
            $0.set(.shadowColor, rgb(255, 0, 0))
            $0.set(.shadowOffset, Size(width: 0, height: 30))
            $0.set(.shadowRadius, 0)
        }
        let square = addLayer(Layer(scene: scene), to: caster, bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                              position: Point(x: 20, y: 20), color: rgb(255, 255, 255))
        try square.addAnimation(linear("position.x", from: 20, to: 80, duration: 1), forKey: "move")
        let frame = render(scene, width: 300, height: 150, at: 1 - 1e-9)
        // Instance 0 at ≈ 1 s: square at x 70…90, shadow below it at y 40…60; instance 1 at 0.5 s:
        // square at 150 + 40…60.
        #expect(pixel(frame, 80, 50, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(frame, 50, 50, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 200, 50, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(frame, 230, 50, is: (0, 0, 0), tolerance: 0))
    }
}
