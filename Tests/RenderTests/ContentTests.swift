import LayerKit
@testable import Render
import Testing
import TestSupport

@Suite struct ContentTests {
    /// Painted pixels inside a rectangle of the frame.
    private func painted(_ frame: FrameBuffer, x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for py in y { for px in x where !pixel(frame, px, py, is: (0, 0, 0), tolerance: 0) { n += 1 } }
        return n
    }

    @Test func textDrawsGlyphs() {
        let scene = makeScene(width: 300, height: 100)
        addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 300, height: 60),
                 position: Point(x: 150, y: 30)) {
            $0.string = "Snowglobe"
            $0.set(.fontSize, 32)
            $0.set(.foregroundColor, rgb(255, 255, 255))
        }
        let frame = render(scene, width: 300, height: 100)
        let inked = painted(frame, x: 0..<300, y: 0..<60)
        #expect(inked > 500)
        #expect(painted(frame, x: 0..<300, y: 60..<100) == 0)
        // Left-aligned: the glyphs start near the left edge and end well before the right.
        #expect(painted(frame, x: 0..<20, y: 0..<60) > 0)
        #expect(painted(frame, x: 250..<300, y: 0..<60) == 0)
    }

    @Test func japaneseTextDrawsGlyphsFromTheFallbackFont() {
        let scene = makeScene(width: 300, height: 100)
        addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 300, height: 60),
                 position: Point(x: 150, y: 30)) {
            $0.string = "すのうふれいく"
            $0.set(.fontSize, 32)
        }
        let frame = render(scene, width: 300, height: 100)
        // Seven wide glyphs, each inked (no empty boxes of a missing glyph would be this dense
        // across the whole run).
        #expect(painted(frame, x: 0..<300, y: 0..<60) > 1500)
        for glyph in 0..<7 {
            let x0 = glyph * 32
            #expect(painted(frame, x: x0..<(x0 + 32), y: 0..<60) > 40, "glyph \(glyph) has ink")
        }
    }

    @Test func aFontFileIsUsedAndAMissingOneFallsBack() {
        func ink(_ font: String?) -> Int {
            let scene = makeScene(width: 300, height: 60)
            addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 300, height: 60),
                     position: Point(x: 150, y: 30)) {
                $0.string = "Heavy"
                $0.font = font
            }
            return painted(render(scene, width: 300, height: 60), x: 0..<300, y: 0..<60)
        }
        let regular = ink(nil)
        let bold = ink("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        let missing = ink("/no/such/font.ttf")
        #expect(bold > regular + regular / 10)
        #expect(missing == regular)
    }

    @Test func textAlignmentMovesTheLine() {
        var firstInked: [TextAlignment: Int] = [:]
        for alignment in [TextAlignment.left, .center, .right] {
            let scene = makeScene(width: 300, height: 60)
            addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 300, height: 60),
                     position: Point(x: 150, y: 30)) {
                $0.string = "abc"
                $0[.alignmentMode] = alignment.animationValue
            }
            let frame = render(scene, width: 300, height: 60)
            firstInked[alignment] = (0..<300).first { x in (0..<60).contains { !pixel(frame, x, $0, is: (0, 0, 0), tolerance: 0) } }
        }
        let left = firstInked[.left] ?? -1, centre = firstInked[.center] ?? -1, right = firstInked[.right] ?? -1
        #expect(left < centre && centre < right)
    }

    @Test func textIsRasterizedOnlyWhenItChanges() {
        let scene = makeScene()
        let text = addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 40),
                            position: Point(x: 100, y: 75)) { $0.string = "one" }
        let compositor = Compositor()
        for t in 0..<3 {
            scene.beginFrame(at: Double(t) / 60)
            compositor.compose(scene, width: 200, height: 150)
            scene.endFrame()
        }
        #expect(compositor.statistics.rasterizations == 1)
        text.string = "two"
        scene.beginFrame(at: 1)
        compositor.compose(scene, width: 200, height: 150)
        scene.endFrame()
        #expect(compositor.statistics.rasterizations == 2)
    }

    /// Layers showing the same content share one drawing, and layers made anew with the same
    /// content (a reload's) find it drawn: only what differs is rasterized.
    @Test func sameContentOnOtherLayersIsDrawnOnce() {
        let scene = makeScene()
        func label(_ string: String, at y: Double) -> TextLayer {
            addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 40),
                     position: Point(x: 100, y: y)) { $0.string = string }
        }
        var labels = [label("same", at: 30), label("same", at: 80), label("other", at: 130)]
        let compositor = Compositor()
        var before = DrawList(width: 200, height: 150)
        // Long enough for the cache to drop what was not used lately: content a layer shows stays.
        for frame in 0..<300 {
            scene.beginFrame(at: Double(frame) / 60)
            before = compositor.compose(scene, width: 200, height: 150)
            scene.endFrame()
        }
        #expect(compositor.statistics.rasterizations == 2)
        // The layers go, and new ones show the same: nothing is drawn again, and the frame is the same.
        for old in labels { old.removeFromSuperlayer() }
        labels = [label("same", at: 30), label("same", at: 80), label("other", at: 130)]
        scene.beginFrame(at: 5)
        let after = compositor.compose(scene, width: 200, height: 150)
        scene.endFrame()
        #expect(compositor.statistics.rasterizations == 2)
        #expect(after.drawsTheSame(as: before, colors: true))
        labels[1].string = "changed"
        scene.beginFrame(at: 6)
        compositor.compose(scene, width: 200, height: 150)
        scene.endFrame()
        #expect(compositor.statistics.rasterizations == 3)
    }

    /// Content no layer shows any more is kept within the pool's budget.
    @Test func theContentPoolKeepsWithinItsBudget() {
        var pool = ContentPool()
        pool.budget = 3 * 100 * 100 * 4
        func content() -> RasterizedContent? {
            RasterizedContent(texture: RenderTexture(width: 100, height: 100, pixels: Array(repeating: 0, count: 10_000), label: "test"),
                              rect: .zero)
        }
        let scene = makeScene()
        let keys = (0..<5).map { i in
            let layer = GradientLayer(scene: scene)
            layer.set(.endPoint, Point(x: 0, y: Double(i) / 4))
            return TextureCache.ContentKey.gradient(GradientContent(layer, .model))
        }
        for (frame, key) in keys.enumerated() { _ = pool.value(for: key, frame: frame, make: content) }
        #expect(pool.made == 5)
        // The last three are kept; the first two were dropped and are made again.
        for (frame, key) in keys.enumerated().reversed() { _ = pool.value(for: key, frame: 10 + frame, make: content) }
        #expect(pool.made == 7)
    }

    @Test func shapeFillsItsPath() {
        let scene = makeScene()
        addLayer(ShapeLayer(scene: scene), to: scene.root, bounds: .zero, position: Point(x: 0, y: 0)) {
            $0.path = Path.ellipse(in: Rect(x: 50, y: 25, width: 100, height: 100))
            $0.set(.fillColor, rgb(255, 0, 0))
            $0.set(.anchorPoint, Point.zero)
        }
        let frame = render(scene)
        #expect(pixel(frame, 100, 75, is: (255, 0, 0)))
        #expect(pixel(frame, 55, 30, is: (0, 0, 0)))
        // Area of a circle of radius 50.
        #expect(abs(paintedCount(frame) - 7854) < 250)
    }

    @Test func strokeEndDrawsPartOfTheStroke() {
        var counts: [Double] = []
        for end in [1.0, 0.5] {
            let scene = makeScene()
            addLayer(ShapeLayer(scene: scene), to: scene.root, bounds: .zero, position: .zero) {
                var path = Path()
                path.move(to: Point(x: 20, y: 75))
                path.addLine(to: Point(x: 180, y: 75))
                $0.path = path
                $0.set(.anchorPoint, Point.zero)
                $0.set(.fillColor, Color.clear)
                $0.set(.strokeColor, rgb(0, 255, 0))
                $0.set(.lineWidth, 6)
                $0.set(.strokeEnd, end)
            }
            let frame = render(scene)
            counts.append(Double(paintedCount(frame)))
            #expect(pixel(frame, 30, 75, is: (0, 255, 0)))
            #expect(pixel(frame, 170, 75, is: end == 1 ? (0, 255, 0) : (0, 0, 0)))
        }
        #expect(abs(counts[1] / counts[0] - 0.5) < 0.05)
    }

    @Test func dashedStrokeHasGaps() {
        let scene = makeScene()
        addLayer(ShapeLayer(scene: scene), to: scene.root, bounds: .zero, position: .zero) {
            var path = Path()
            path.move(to: Point(x: 0, y: 75))
            path.addLine(to: Point(x: 200, y: 75))
            $0.path = path
            $0.set(.anchorPoint, Point.zero)
            $0.set(.strokeColor, rgb(255, 255, 255))
            $0.set(.lineWidth, 4)
            $0.set(.lineDashPattern, [10, 10])
        }
        let frame = render(scene)
        #expect(pixel(frame, 5, 75, is: (255, 255, 255)))
        #expect(pixel(frame, 15, 75, is: (0, 0, 0)))
        #expect(pixel(frame, 25, 75, is: (255, 255, 255)))
    }

    @Test func roundCapsReachPastTheEnds() {
        var widths: [Int] = []
        for cap in [LineCap.butt, .round] {
            let scene = makeScene()
            addLayer(ShapeLayer(scene: scene), to: scene.root, bounds: .zero, position: .zero) {
                var path = Path()
                path.move(to: Point(x: 50, y: 75))
                path.addLine(to: Point(x: 150, y: 75))
                $0.path = path
                $0.set(.anchorPoint, Point.zero)
                $0.set(.strokeColor, rgb(255, 255, 255))
                $0.set(.lineWidth, 20)
                $0[.lineCap] = cap.animationValue
            }
            let frame = render(scene)
            widths.append((0..<200).filter { !pixel(frame, $0, 75, is: (0, 0, 0), tolerance: 0) }.count)
        }
        #expect(widths[0] == 100)
        #expect(widths[1] >= 118)
    }

    @Test func axialGradientRunsFromStartToEnd() {
        let scene = makeScene()
        addLayer(GradientLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                 position: Point(x: 100, y: 75)) {
            $0.set(.colors, [rgb(255, 0, 0), rgb(0, 0, 255)])
            $0.set(.startPoint, Point(x: 0, y: 0.5))
            $0.set(.endPoint, Point(x: 1, y: 0.5))
        }
        let frame = render(scene)
        #expect(pixel(frame, 0, 75, is: (254, 0, 1), tolerance: 4))
        #expect(pixel(frame, 199, 75, is: (1, 0, 254), tolerance: 4))
        #expect(pixel(frame, 100, 75, is: (127, 0, 127), tolerance: 4))
    }

    @Test func radialGradientIsBrightestAtItsCentre() {
        let scene = makeScene()
        addLayer(GradientLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                 position: Point(x: 100, y: 75)) {
            $0.set(.colors, [rgb(255, 255, 255), rgb(0, 0, 0)])
            $0[.gradientType] = GradientType.radial.animationValue
            $0.set(.startPoint, Point(x: 0.5, y: 0.5))
            $0.set(.endPoint, Point(x: 1, y: 1))
        }
        let frame = render(scene)
        #expect(frame.pixel(x: 100, y: 75).r > 245)
        #expect(frame.pixel(x: 150, y: 75).r < frame.pixel(x: 120, y: 75).r)
        #expect(frame.pixel(x: 199, y: 75).r < 10)
    }

    @Test func replicatorDrawsEachInstanceTransformedAndColoured() {
        let scene = makeScene(width: 300, height: 100)
        let replicator = addLayer(ReplicatorLayer(scene: scene), to: scene.root,
                                  bounds: Rect(x: 0, y: 0, width: 300, height: 100), position: Point(x: 150, y: 50)) {
            $0.set(.instanceCount, 4)
            $0.set(.instanceTransform, Transform3D(translationX: 60, y: 0))
            $0.set(.instanceColor, rgb(255, 255, 255))
            $0.set(.instanceRedOffset, -0.25)
        }
        addLayer(Layer(scene: scene), to: replicator, bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                 position: Point(x: 30, y: 50), color: rgb(255, 255, 255))
        let frame = render(scene, width: 300, height: 100)
        for i in 0..<4 {
            let red = 255 - i * 64
            #expect(pixel(frame, 30 + 60 * i, 50, is: (red, 255, 255), tolerance: 2), "instance \(i)")
        }
        #expect(pixel(frame, 30 + 60 * 4, 50, is: (0, 0, 0)))
    }

    @Test func replicatorRotatesInstancesAboutItsCentre() {
        let scene = makeScene(width: 200, height: 200)
        let replicator = addLayer(ReplicatorLayer(scene: scene), to: scene.root,
                                  bounds: Rect(x: 0, y: 0, width: 200, height: 200), position: Point(x: 100, y: 100)) {
            $0.set(.instanceCount, 4)
            $0.set(.instanceTransform, Transform3D(rotationAngle: Double.pi / 2, x: 0, y: 0, z: 1))
        }
        addLayer(Layer(scene: scene), to: replicator, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                 position: Point(x: 100, y: 30), color: rgb(255, 255, 255))
        let frame = render(scene, width: 200, height: 200)
        for (x, y) in [(100, 30), (170, 100), (100, 170), (30, 100)] {
            #expect(pixel(frame, x, y, is: (255, 255, 255)), "instance at (\(x), \(y))")
        }
    }

    @Test(arguments: [ContentsGravity.resize, .resizeAspect, .center, .topLeft])
    func contentsGravityPlacesTheImage(gravity: ContentsGravity) throws {
        let scene = makeScene()
        let bytes = [UInt8](repeating: 255, count: 20 * 10 * 4)
        let image = try #require(Image(width: 20, height: 10, premultipliedRGBA: bytes))
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                             position: Point(x: 100, y: 75)) {
            $0.contents = image
            $0[.contentsGravity] = gravity.animationValue
        }
        let frame = render(scene)
        let count = paintedCount(frame)
        switch gravity {
        case .resize: #expect(count == 10_000)
        case .resizeAspect:
            #expect(abs(count - 5_000) <= 100)
            #expect(pixel(frame, 100, 75, is: (255, 255, 255)))
            #expect(pixel(frame, 100, 30, is: (0, 0, 0)))
        case .center:
            #expect(count == 200)
            #expect(pixel(frame, 100, 75, is: (255, 255, 255)))
        default:
            #expect(count == 200)
            #expect(pixel(frame, 51, 26, is: (255, 255, 255)))
        }
        _ = layer
    }

    @Test func contentsRectShowsPartOfTheImage() throws {
        let scene = makeScene()
        // Left half red, right half green.
        var bytes: [UInt8] = []
        for _ in 0..<10 { for x in 0..<20 { bytes += x < 10 ? [255, 0, 0, 255] : [0, 255, 0, 255] } }
        let image = try #require(Image(width: 20, height: 10, premultipliedRGBA: bytes))
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 50),
                 position: Point(x: 100, y: 75)) {
            $0.contents = image
            $0.set(.contentsRect, Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        }
        let frame = render(scene)
        #expect(pixel(frame, 55, 75, is: (0, 255, 0)))
        #expect(pixel(frame, 145, 75, is: (0, 255, 0)))
    }
}
