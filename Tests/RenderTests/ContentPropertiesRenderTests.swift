import LayerKit
@testable import Render
import SDLSoftware
import Testing
import TestSupport

/// Issue 26's content properties on screen: nine-slice corners keep their size, contentsScale
/// shrinks an image, maskedCorners rounds only the corners asked, `nearest` draws hard texel
/// edges on both draw paths, and a shadowPath casts its own shape.
@Suite(.serialized) struct ContentPropertiesRenderTests {
    /// A `size` × `size` image whose texels are `color(x, y)`, opaque.
    static func image(_ size: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> Image {
        var bytes: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                let c = color(x, y)
                bytes += [c.0, c.1, c.2, 255]
            }
        }
        return try #require(Image(width: size, height: size, premultipliedRGBA: bytes))
    }

    /// 12 × 12: red corners of 4 × 4, green edges, a blue centre.
    static func nineSlice() throws -> Image {
        try image(12) { x, y in
            let edgeX = x < 4 || x >= 8, edgeY = y < 4 || y >= 8
            return edgeX && edgeY ? (255, 0, 0) : (edgeX || edgeY ? (0, 255, 0) : (0, 0, 255))
        }
    }

    @Test func nineSliceCornersKeepTheirSizeWhenTheLayerIsStretched() throws {
        let image = try Self.nineSlice()
        for sliced in [true, false] {
            let scene = makeScene()
            // 120 × 80 at (20, 30): ten times as wide as the image, nearly seven times as tall.
            addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 120, height: 80),
                     position: Point(x: 80, y: 70)) {
                $0.contents = image
                if sliced { $0[.contentsCenter] = .rect(Rect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)) }
            }
            let frame = render(scene)
            // The corners: 4 × 4 points, the image's own texels, at each corner.
            for (x, y) in [(21, 31), (138, 31), (21, 108), (138, 108)] {
                #expect(pixel(frame, x, y, is: (255, 0, 0), tolerance: 0))
            }
            // Past a corner (beyond the texels filtering blends there): an edge when sliced, still
            // the stretched corner when not.
            let edge = sliced ? (0, 255, 0) : (255, 0, 0)
            #expect(pixel(frame, 40, 31, is: edge, tolerance: 0))
            #expect(pixel(frame, 21, 50, is: edge, tolerance: 0))
            #expect(pixel(frame, 80, 31, is: (0, 255, 0), tolerance: 0))
            #expect(pixel(frame, 80, 70, is: (0, 0, 255), tolerance: 0))
        }
    }

    @Test func nineSliceCornersShrinkTogetherWhenTheLayerIsSmaller() throws {
        let scene = makeScene()
        // 4 points wide: the two 4-point corner columns shrink to 2 each, no centre.
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 4, height: 40),
                 position: Point(x: 102, y: 70)) {
            $0.contents = try? Self.nineSlice()
            $0.set(.contentsCenter, Rect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12))
        }
        let frame = render(scene)
        #expect(pixel(frame, 101, 70, is: (0, 255, 0), tolerance: 8))
        #expect(pixel(frame, 104, 70, is: (0, 0, 0), tolerance: 0))
    }

    @Test func contentsScaleTwoDrawsTheImageHalfAsBig() throws {
        let image = try Self.image(20) { _, _ in (255, 255, 255) }
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                 position: Point(x: 100, y: 75)) {
            $0.contents = image
            $0.set(.contentsGravity, "center")
            $0.set(.contentsScale, 2)
        }
        #expect(paintedCount(render(scene)) == 10 * 10)
    }

    @Test func maskedCornersRoundOnlyTheCornersAsked() {
        let scene = makeScene()
        // A 60 × 60 square at (20, 20) with corners of 20, only the top-right one rounded.
        let square = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                              position: Point(x: 50, y: 50), color: rgb(255, 255, 255)) {
            $0.set(.cornerRadius, 20)
            $0.maskedCorners = .maxXMinY
        }
        // The same, clipping a sublayer (masksToBounds), the bottom-left corner rounded.
        let clip = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                            position: Point(x: 140, y: 50)) {
            $0.set(.cornerRadius, 20)
            $0.set(.masksToBounds, true)
            $0.maskedCorners = .minXMaxY
        }
        addLayer(Layer(scene: scene), to: clip, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                 position: Point(x: 30, y: 30), color: rgb(0, 255, 0))
        let frame = render(scene)
        #expect(pixel(frame, 78, 21, is: (0, 0, 0), tolerance: 0))         // top-right: rounded away
        for (x, y) in [(21, 21), (21, 78), (78, 78)] {
            #expect(pixel(frame, x, y, is: (255, 255, 255), tolerance: 0))  // the others square
        }
        #expect(pixel(frame, 111, 78, is: (0, 0, 0), tolerance: 0))        // bottom-left: clipped
        for (x, y) in [(111, 21), (168, 21), (168, 78)] {
            #expect(pixel(frame, x, y, is: (0, 255, 0), tolerance: 0))
        }
        _ = square
    }

    @Test func maskedCornersShapeTheBorderToo() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                 position: Point(x: 50, y: 50)) {
            $0.set(.cornerRadius, 20)
            $0.set(.borderWidth, 4)
            $0.set(.borderColor, rgb(255, 255, 255))
            $0.maskedCorners = [.minXMinY]
        }
        let frame = render(scene)
        #expect(pixel(frame, 21, 21, is: (0, 0, 0), tolerance: 0))         // rounded
        #expect(pixel(frame, 78, 21, is: (255, 255, 255), tolerance: 0))  // square: the border reaches it
    }

    /// A 4 × 4 checkerboard of black and white texels drawn 40 × 40 points at (20, 20).
    func checkerboard(magnification: String) throws -> Scene {
        let image = try Self.image(4) { x, y in (x + y) % 2 == 0 ? (255, 255, 255) : (0, 0, 0) }
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                 position: Point(x: 40, y: 40)) {
            $0.contents = image
            $0.set(.magnificationFilter, magnification)
        }
        return scene
    }

    /// Whether every pixel of each 10 × 10 cell is the cell's texel, and each step is hard.
    func cellsAreHard(_ frame: FrameBuffer) -> Bool {
        for y in 0..<40 {
            for x in 0..<40 {
                let white = (x / 10 + y / 10) % 2 == 0
                let v = white ? 255 : 0
                if !pixel(frame, 20 + x, 20 + y, is: (v, v, v), tolerance: 0) { return false }
            }
        }
        return true
    }

    @Test func nearestMagnificationKeepsTexelsHardInTheRasterizer() throws {
        #expect(cellsAreHard(render(try checkerboard(magnification: "nearest"))))
        // Linear filtering blends across each step.
        let linear = render(try checkerboard(magnification: "linear"))
        #expect(!cellsAreHard(linear))
        #expect(!pixel(linear, 29, 25, is: (255, 255, 255), tolerance: 8))
    }

    @Test func nearestMagnificationKeepsTexelsHardThroughSDL() throws {
        for (filter, hard) in [("nearest", true), ("linear", false)] {
            let scene = try checkerboard(magnification: filter)
            let compositor = Compositor()
            scene.beginFrame(at: 0)
            let list = compositor.compose(scene, width: 200, height: 150)
            let target = try SDLSoftwareTarget(width: 200, height: 150)
            try target.draw(list)
            let frame = try target.readPixels()
            scene.endFrame()
            #expect(cellsAreHard(frame) == hard)
        }
    }

    @Test func anEmitterCellsNearestFilterKeepsParticlesHard() throws {
        let image = try Self.image(4) { x, y in (x + y) % 2 == 0 ? (255, 255, 255) : (0, 0, 0) }
        for (filter, hard) in [(TextureFilter.nearest, true), (.linear, false)] {
            let scene = makeScene()
            let cell = EmitterCell()
            cell.contents = image
            cell.set(.lifetime, 10)
            cell.set(.scale, 10)
            cell.magnificationFilter = filter
            // One particle, 40 × 40 points, centred at (40, 40): the checkerboard at (20, 20).
            let layer = addLayer(EmitterLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                                 position: Point(x: 100, y: 75)) {
                $0.emitterCells = [cell]
                $0.set(.emitterPosition, Point(x: 40, y: 40))
            }
            try layer.emit(1)
            #expect(cellsAreHard(render(scene)) == hard)
        }
    }

    @Test func nearestMinificationReadsTheImageItself() throws {
        // A checkerboard of 2 × 2-texel cells drawn at a quarter size: linear reads the mipmap
        // level that averages it to grey; nearest picks whole texels, black or white.
        let image = try Self.image(64) { x, y in (x / 2 + y / 2) % 2 == 0 ? (255, 255, 255) : (0, 0, 0) }
        for filter in ["linear", "nearest"] {
            let scene = makeScene()
            addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 16, height: 16),
                     position: Point(x: 40, y: 40)) {
                $0.contents = image
                $0.set(.minificationFilter, filter)
            }
            let frame = render(scene)
            var grey = 0
            for y in 33..<47 {
                for x in 33..<47 {
                    let p = frame.pixel(x: x, y: y)
                    if p.r > 40 && p.r < 215 { grey += 1 }
                }
            }
            #expect(filter == "linear" ? grey > 150 : grey == 0)
        }
    }

    @Test func aShadowPathCastsItsShapeWhateverTheLayerDraws() {
        let scene = makeScene()
        // A layer drawing nothing, with a white shadow path: a 40 × 20 rectangle right of it.
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                 position: Point(x: 40, y: 40)) {
            $0.set(.shadowOpacity, 1)
            $0.set(.shadowRadius, 0)
            $0.set(.shadowOffset, Size(width: 0, height: 0))
            $0.set(.shadowColor, rgb(255, 255, 255))
            $0.shadowPath = Path.rect(Rect(x: 60, y: 10, width: 40, height: 20))
        }
        let frame = render(scene)
        // The layer is at (20, 20): the path covers x 80..<120, y 30..<50.
        #expect(pixel(frame, 100, 40, is: (255, 255, 255), tolerance: 2))
        #expect(pixel(frame, 40, 40, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 100, 55, is: (0, 0, 0), tolerance: 0))
        #expect(paintedCount(frame) >= 40 * 20 && paintedCount(frame) <= 44 * 24)
    }

    @Test func aShadowPathReplacesTheShadowOfTheSublayers() {
        let scene = makeScene()
        let parent = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                              position: Point(x: 40, y: 40)) {
            $0.set(.shadowOpacity, 1)
            $0.set(.shadowRadius, 0)
            $0.set(.shadowOffset, Size(width: 100, height: 0))
            $0.set(.shadowColor, rgb(255, 0, 0))
            $0.shadowPath = Path.ellipse(in: Rect(x: 0, y: 0, width: 40, height: 40))
        }
        addLayer(Layer(scene: scene), to: parent, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                 position: Point(x: 20, y: 20), color: rgb(0, 0, 255))
        let frame = render(scene)
        // The shadow is the circle moved 100 right, not the square the sublayer draws.
        #expect(pixel(frame, 140, 40, is: (255, 0, 0), tolerance: 2))
        #expect(pixel(frame, 122, 22, is: (0, 0, 0), tolerance: 0))
        #expect(pixel(frame, 22, 22, is: (0, 0, 255), tolerance: 0))
    }
}
