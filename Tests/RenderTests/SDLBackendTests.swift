import LayerKit
@testable import Render
import SDLSoftware
import Testing
import TestSupport

@Suite(.serialized) struct SDLBackendTests {
    private func scene() throws -> Scene {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 40),
                 position: Point(x: 50, y: 50), color: rgb(255, 0, 0))
        let sprite = try Image.circle(radius: 20, color: rgb(0, 255, 0))
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 42, height: 42),
                 position: Point(x: 140, y: 90)) {
            $0.contents = sprite
            $0.set(.opacity, 0.5)
            $0.set(.transform, Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1))
        }
        return scene
    }

    @Test func softwareRendererDrawsTheSameDrawList() throws {
        let scene = try scene()
        let compositor = Compositor()
        scene.beginFrame(at: 0)
        let list = compositor.compose(scene, width: 200, height: 150)
        let headless = FrameBuffer(width: 200, height: 150)
        HeadlessBackend(threads: 1).draw(list, into: headless)
        let target = try SDLSoftwareTarget(width: 200, height: 150)
        try target.draw(list)
        let sdl = try target.readPixels()
        scene.endFrame()
        // Solid colour: the same pixels.
        #expect(pixel(sdl, 50, 50, is: (255, 0, 0), tolerance: 0))
        #expect(pixel(sdl, 19, 50, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(sdl, 21, 50, is: (255, 0, 0), tolerance: 0))
        // The translucent sprite: the same place and about the same colour.
        #expect(pixel(sdl, 140, 90, is: (0, 128, 0), tolerance: 6))
        #expect(pixel(headless, 140, 90, is: (0, 128, 0), tolerance: 6))
        var differing = 0
        for y in 0..<150 {
            for x in 0..<200 where !pixel(sdl, x, y, is: { let p = headless.pixel(x: x, y: y); return (Int(p.r), Int(p.g), Int(p.b)) }(), tolerance: 24) {
                differing += 1
            }
        }
        // Only edge pixels may differ (SDL's own sampling and coverage rules).
        #expect(differing < 200)
    }

    @Test func texturesUploadOncePerTexture() throws {
        let scene = try scene()
        let compositor = Compositor()
        let target = try SDLSoftwareTarget(width: 200, height: 150)
        for t in 0..<3 {
            scene.beginFrame(at: Double(t) / 60)
            try target.draw(compositor.compose(scene, width: 200, height: 150))
            scene.endFrame()
        }
        // The white texture for solid colours and the circle.
        #expect(target.backend.uploadedTextureCount == 2)
    }

    @Test func aBlendModeSDLCannotDrawIsRefusedNotDrawnAsNormal() throws {
        let scene = try scene()
        let plain = Compositor()
        scene.beginFrame(at: 0)
        let target = try SDLSoftwareTarget(width: 200, height: 150)
        #expect(target.backend.canDraw(plain.compose(scene, width: 200, height: 150)))
        scene.root.sublayers[0].compositingFilter = .overlayBlendMode
        let list = Compositor().compose(scene, width: 200, height: 150)
        scene.endFrame()
        #expect(list.commands.contains { $0.blend == .overlay })
        #expect(!target.backend.canDraw(list))
        #expect(throws: SDLError.self) { try target.draw(list) }
    }
}
