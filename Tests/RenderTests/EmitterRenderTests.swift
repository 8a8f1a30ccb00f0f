import LayerKit
@testable import Render
import Testing
import TestSupport

/// Emitter layers drawn: where particles land, their colour, size and age, blending, ordering,
/// the layer's transform and clipping, and repeatability.
@Suite struct EmitterRenderTests {
    /// A white disk of radius 8 (an 18-pixel image).
    static let disk = try? Image.circle(radius: 8)

    /// A scene with one emitter layer covering it, at the origin, holding copies of `cells`.
    func emitterScene(_ cells: [EmitterCell], configure: (EmitterLayer) -> Void = { _ in }) -> (Scene, EmitterLayer) {
        let scene = makeScene()
        let layer = addLayer(EmitterLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                             position: Point(x: 100, y: 75)) {
            $0.emitterCells = cells
            $0.set(.emitterPosition, Point(x: 100, y: 75))
            configure($0)
        }
        return (scene, layer)
    }

    /// A still cell showing the disk.
    func still(_ configure: (EmitterCell) -> Void = { _ in }) -> EmitterCell {
        let c = EmitterCell()
        c.name = "c"
        c.contents = Self.disk
        c.set(.lifetime, 10)
        configure(c)
        return c
    }

    /// Bursts `count` particles now (they are born at the next frame, `at`) and draws that frame.
    func burst(_ scene: Scene, _ layer: EmitterLayer, _ count: Int = 1, at t: Double) -> FrameBuffer {
        try? layer.emit(count)
        return render(scene, at: t)
    }

    @Test func aParticleIsItsImageAtItsPlace() {
        let (scene, layer) = emitterScene([still()])
        let frame = burst(scene, layer, at: 0)
        #expect(pixel(frame, 100, 75, is: (255, 255, 255)))
        #expect(pixel(frame, 100, 68, is: (255, 255, 255)))
        #expect(pixel(frame, 100, 60, is: (0, 0, 0)))
        #expect(pixel(frame, 120, 75, is: (0, 0, 0)))
        #expect(paintedCount(frame) > 150 && paintedCount(frame) < 260, "a disk of radius 8: \(paintedCount(frame))")
    }

    @Test func colourMultipliesTheContentsAndScaleSizesIt() {
        let (scene, layer) = emitterScene([still { $0[.color] = .color(rgb(255, 0, 0)); $0[.scale] = .number(2) }])
        let frame = burst(scene, layer, at: 0)
        #expect(pixel(frame, 100, 75, is: (255, 0, 0)))
        #expect(pixel(frame, 100 + 12, 75, is: (255, 0, 0)), "twice the size: radius 16")
        #expect(pixel(frame, 100 + 19, 75, is: (0, 0, 0)))
    }

    @Test func colourSpeedsChangeParticlesAsTheyAge() {
        let (scene, layer) = emitterScene([still {
            $0[.color] = .color(Color(r: 0, g: 0, b: 1, a: 1)); $0[.redSpeed] = .number(1); $0[.blueSpeed] = .number(-1)
            $0.set(.alphaSpeed, -0.5)
        }])
        _ = burst(scene, layer, at: 0)
        let frame = render(scene, at: 0.5)
        // Half a second on: red 0.5, blue 0.5, alpha 0.75, over black.
        #expect(pixel(frame, 100, 75, is: (96, 0, 96), tolerance: 3))
        let later = render(scene, at: 2)
        #expect(pixel(later, 100, 75, is: (0, 0, 0)), "faded out by 2 s")
    }

    @Test func spinTurnsParticles() {
        let bar = Image(width: 20, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 20 * 2 * 4))
        let (scene, layer) = emitterScene([still { $0.contents = bar; $0[.spin] = .number(.pi / 2) }])
        let flat = burst(scene, layer, at: 0)
        #expect(pixel(flat, 108, 75, is: (255, 255, 255)) && pixel(flat, 100, 83, is: (0, 0, 0)))
        let turned = render(scene, at: 1)
        #expect(pixel(turned, 100, 83, is: (255, 255, 255)) && pixel(turned, 108, 75, is: (0, 0, 0)))
    }

    @Test func additiveModeBrightensOverlaps() {
        func centre(_ mode: EmitterRenderMode) -> Int {
            let (scene, layer) = emitterScene([still { $0[.color] = .color(Color(r: 0.3, g: 0.3, b: 0.3, a: 1)) }]) {
                $0[.renderMode] = mode.animationValue
            }
            return Int(burst(scene, layer, 2, at: 0).pixel(x: 100, y: 75).r)
        }
        #expect(abs(centre(.unordered) - 77) <= 2)
        #expect(abs(centre(.additive) - 153) <= 2)
    }

    /// Two particles on one spot, the older one redder: which shows depends on the order.
    @Test(arguments: [(EmitterRenderMode.oldestFirst, (0, 0, 255)), (.oldestLast, (128, 0, 128)),
                      (.backToFront, (128, 0, 128)), (.unordered, (0, 0, 255))])
    func renderModesOrderParticles(mode: EmitterRenderMode, expected: (Int, Int, Int)) {
        let (scene, layer) = emitterScene([still {
            $0[.color] = .color(Color(r: 0, g: 0, b: 1, a: 1)); $0[.redSpeed] = .number(1); $0[.blueSpeed] = .number(-1)
        }]) {
            $0[.renderMode] = mode.animationValue
            $0.set(.emitterZPosition, 10)
        }
        _ = burst(scene, layer, at: 0)
        scene.perform(actionsDisabled: true) { layer[.emitterZPosition] = .number(-10) }
        let frame = burst(scene, layer, at: 0.5)
        #expect(pixel(frame, 100, 75, is: expected, tolerance: 3), "\(mode): \(frame.pixel(x: 100, y: 75))")
    }

    @Test func particlesFollowTheLayersTransform() {
        let (scene, layer) = emitterScene([still()]) {
            $0.set(.transform, Transform3D(translationX: -50, y: 20))
            $0.set(.emitterPosition, Point(x: 60, y: 30))
        }
        let frame = burst(scene, layer, at: 0)
        let spot = project(layer, 60, 30)
        #expect(Int(spot.x.rounded()) == 10 && Int(spot.y.rounded()) == 50)
        #expect(pixel(frame, 10, 50, is: (255, 255, 255)))
        #expect(pixel(frame, 60, 30, is: (0, 0, 0)))
    }

    @Test func perspectiveAndClippingStillDrawParticles() {
        let (scene, layer) = emitterScene([still()]) {
            var t = Transform3D.identity
            t.m34 = -1.0 / 300
            $0.set(.transform, t.rotated(by: 0.4, x: 0, y: 1, z: 0))
            $0.set(.emitterPosition, Point(x: 100, y: 75))
        }
        let frame = burst(scene, layer, at: 0)
        #expect(pixel(frame, 100, 75, is: (255, 255, 255)))
        // A masking superlayer cuts the particle in half.
        let clipped = makeScene()
        let mask = addLayer(Layer(scene: clipped), to: clipped.root, bounds: Rect(x: 0, y: 0, width: 100, height: 150),
                            position: Point(x: 50, y: 75)) { $0[.masksToBounds] = .bool(true) }
        let inner = addLayer(EmitterLayer(scene: clipped), to: mask, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                             position: Point(x: 100, y: 75)) {
            $0.emitterCells = [still()]
            $0.set(.emitterPosition, Point(x: 100, y: 75))
        }
        let half = burst(clipped, inner, at: 0)
        #expect(pixel(half, 97, 75, is: (255, 255, 255)))
        #expect(pixel(half, 103, 75, is: (0, 0, 0)))
    }

    @Test func nothingIsDrawnWithoutContentsOrWhenDisabled() {
        let (scene, layer) = emitterScene([still { $0.contents = nil }, still { $0[.enabled] = .bool(false) }])
        let frame = burst(scene, layer, at: 0)
        #expect(layer.particleCount == 1, "the disabled cell makes none")
        #expect(paintedCount(frame) == 0)
    }

    @Test func aSeededEmitterRendersTheSameBytes() {
        func frame(threads: Int) -> [UInt32] {
            let (scene, _) = emitterScene([still {
                $0[.birthRate] = .number(200); $0[.velocity] = .number(60); $0[.velocityRange] = .number(40)
                $0[.emissionRange] = .number(2 * .pi); $0[.spinRange] = .number(3); $0[.scaleRange] = .number(0.5)
                $0.set(.alphaSpeed, -0.2)
            }]) { $0[.seed] = .number(42); $0[.timeOffset] = .number(3) }
            let renderer = HeadlessRenderer(threads: threads)
            let out = FrameBuffer(width: 200, height: 150)
            for i in 0...30 { renderer.frame(scene, at: Double(i) / 30, into: out) }
            return out.pixels
        }
        let one = frame(threads: 1)
        #expect(one == frame(threads: 1))
        #expect(one == frame(threads: 2))
        #expect(one.filter { $0 & 0xFF_FFFF != 0 }.count > 2000)
    }

    @Test func eachCellIsOneDrawCall() {
        let other = try? Image.circle(radius: 4)
        let (scene, _) = emitterScene([still { $0[.birthRate] = .number(500) },
                                       still { $0[.birthRate] = .number(500); $0.contents = other }]) {
            $0.set(.timeOffset, 1)
        }
        let compositor = Compositor()
        scene.beginFrame(at: 0)
        let list = compositor.compose(scene, width: 200, height: 150)
        scene.endFrame()
        #expect(compositor.statistics.particles == 1000)
        #expect(list.commands.count == 2)
    }
}
