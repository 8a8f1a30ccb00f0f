import Foundation
import LayerKit
@testable import Render
import Testing
import TestSupport

@Suite struct CompositorGeometryTests {
    @Test func layerLandsWherePositionAndAnchorPutIt() {
        let scene = makeScene()
        // 40×20 with anchor (0, 0) at (30, 50): covers x 30..<70, y 50..<70.
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 20),
                 position: Point(x: 30, y: 50), color: rgb(255, 0, 0)) {
            $0.set(.anchorPoint, Point(x: 0, y: 0))
        }
        let frame = render(scene)
        #expect(pixel(frame, 30, 50, is: (255, 0, 0)))
        #expect(pixel(frame, 69, 69, is: (255, 0, 0)))
        #expect(pixel(frame, 29, 50, is: (0, 0, 0)))
        #expect(pixel(frame, 70, 60, is: (0, 0, 0)))
        #expect(pixel(frame, 40, 70, is: (0, 0, 0)))
        #expect(paintedCount(frame) == 40 * 20)
    }

    @Test func defaultAnchorCentresTheLayerOnItsPosition() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 20, height: 10),
                 position: Point(x: 100, y: 75), color: rgb(0, 255, 0))
        let frame = render(scene)
        #expect(pixel(frame, 90, 70, is: (0, 255, 0)))
        #expect(pixel(frame, 109, 79, is: (0, 255, 0)))
        #expect(pixel(frame, 89, 75, is: (0, 0, 0)))
        #expect(pixel(frame, 110, 75, is: (0, 0, 0)))
        #expect(paintedCount(frame) == 200)
    }

    @Test func opacityBlendsOverWhatIsBehind() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                 position: Point(x: 50, y: 50), color: rgb(255, 255, 255)) { $0[.opacity] = .number(0.5) }
        let frame = render(scene)
        #expect(pixel(frame, 50, 50, is: (128, 128, 128), tolerance: 2))
    }

    @Test func opacityIsInheritedByTheSubtree() {
        let scene = makeScene()
        let parent = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                              position: Point(x: 60, y: 60)) { $0[.opacity] = .number(0.5) }
        addLayer(Layer(scene: scene), to: parent, bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                 position: Point(x: 50, y: 50), color: rgb(0, 0, 255)) { $0[.opacity] = .number(0.5) }
        let frame = render(scene)
        // 0.5 × 0.5 of blue over black.
        #expect(pixel(frame, 60, 60, is: (0, 0, 64), tolerance: 2))
    }

    @Test func hiddenAndTransparentSubtreesCostNothing() {
        let scene = makeScene()
        let hidden = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                              position: Point(x: 50, y: 50), color: rgb(255, 0, 0)) { $0[.hidden] = .bool(true) }
        let clear = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                             position: Point(x: 50, y: 50), color: rgb(255, 0, 0)) { $0[.opacity] = .number(0) }
        for parent in [hidden, clear] {
            for _ in 0..<10 {
                addLayer(Layer(scene: scene), to: parent, bounds: Rect(x: 0, y: 0, width: 5, height: 5),
                         position: Point(x: 10, y: 10), color: rgb(0, 255, 0))
            }
        }
        let compositor = Compositor()
        scene.beginFrame(at: 0)
        let list = compositor.compose(scene, width: 200, height: 150)
        scene.endFrame()
        #expect(list.triangleCount == 0)
        #expect(compositor.statistics.layersVisited == 1)
    }

    @Test func offScreenLayersAddNoGeometry() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                 position: Point(x: -100, y: 50), color: rgb(255, 0, 0))
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                 position: Point(x: 50, y: 500), color: rgb(255, 0, 0))
        scene.beginFrame(at: 0)
        let list = Compositor().compose(scene, width: 200, height: 150)
        scene.endFrame()
        #expect(list.triangleCount == 0)
    }

    @Test func spritesSharingATextureBatchIntoOneDrawCall() throws {
        let scene = makeScene()
        let image = try Image.circle(radius: 4)
        for i in 0..<50 {
            addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 8, height: 8),
                     position: Point(x: Double(i * 3 + 10), y: 40)) {
                $0.contents = image
                $0.set(.transform, Transform3D(rotationAngle: Double(i) * 0.3, x: 0, y: 0, z: 1))
            }
        }
        scene.beginFrame(at: 0)
        let list = Compositor().compose(scene, width: 200, height: 150)
        scene.endFrame()
        #expect(list.commands.count == 1)
        #expect(list.triangleCount == 100)
    }

    @Test(arguments: [0.0, 0.5, 1.2])
    func rotationAndScalePutCornersWhereTheMatrixSays(angle: Double) {
        let scene = makeScene(width: 300, height: 300)
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 80, height: 40),
                             position: Point(x: 150, y: 150), color: rgb(255, 255, 0)) {
            let t = Transform3D(scaleX: 1.5, y: 0.8).concatenating(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1))
            $0.set(.transform, t)
        }
        let frame = render(scene, width: 300, height: 300)
        checkCorners(of: layer, in: frame)
    }

    @Test func perspectivePutsCornersWhereTheMatrixSays() {
        let scene = makeScene(width: 300, height: 300)
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 120, height: 90),
                             position: Point(x: 150, y: 150), color: rgb(0, 255, 255)) {
            var t = Transform3D.identity
            t.m34 = -1.0 / 300
            t = Transform3D(rotationAngle: 0.9, x: 0, y: 1, z: 0).concatenating(t)
            $0.set(.transform, t)
        }
        let frame = render(scene, width: 300, height: 300)
        checkCorners(of: layer, in: frame)
        // The near side (rotating about y, the right edge comes forward) is taller than the far one.
        let left = project(layer, 0, 0), right = project(layer, 120, 0)
        let leftBottom = project(layer, 0, 90), rightBottom = project(layer, 120, 90)
        #expect(abs(rightBottom.y - right.y) != abs(leftBottom.y - left.y))
    }

    @Test func sublayerTransformPerspectiveAppliesToSublayers() {
        let scene = makeScene(width: 300, height: 300)
        let container = addPerspectiveStage(scene, width: 300, height: 300, eye: 400)
        let card = addLayer(Layer(scene: scene), to: container, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                            position: Point(x: 150, y: 150), color: rgb(255, 0, 255)) {
            $0.set(.transform, Transform3D(rotationAngle: 0.7, x: 1, y: 0, z: 0))
        }
        let frame = render(scene, width: 300, height: 300)
        checkCorners(of: card, in: frame)
    }

    @Test func doubleSidedFalseHidesALayerFacingAway() {
        for doubleSided in [true, false] {
            let scene = makeScene()
            addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                     position: Point(x: 100, y: 75), color: rgb(255, 0, 0)) {
                $0.set(.doubleSided, doubleSided)
                $0.set(.transform, Transform3D(rotationAngle: Double.pi * 0.8, x: 0, y: 1, z: 0))
            }
            let frame = render(scene)
            #expect(pixel(frame, 100, 75, is: doubleSided ? (255, 0, 0) : (0, 0, 0)))
        }
    }

    @Test func doubleSidedFalseStillDrawsALayerFacingTheViewer() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                 position: Point(x: 100, y: 75), color: rgb(255, 0, 0)) {
            $0.set(.doubleSided, false)
            $0.set(.transform, Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0))
        }
        #expect(pixel(render(scene), 100, 75, is: (255, 0, 0)))
    }

    @Test func cornerRadiusLeavesTheCornersClear() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 80),
                 position: Point(x: 100, y: 75), color: rgb(255, 255, 255)) { $0[.cornerRadius] = .number(20) }
        let frame = render(scene)
        // Bounds cover x 50..<150, y 35..<115.
        for (x, y) in [(51, 36), (148, 36), (51, 113), (148, 113)] {
            #expect(pixel(frame, x, y, is: (0, 0, 0)), "corner (\(x), \(y)) should be clear")
        }
        for (x, y) in [(100, 36), (51, 75), (100, 75), (148, 75), (100, 113)] {
            #expect(pixel(frame, x, y, is: (255, 255, 255)), "(\(x), \(y)) should be filled")
        }
    }

    @Test func roundedCornersAreAntialiasedAndStraightEdgesStaySharp() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 80),
                 position: Point(x: 100, y: 75), color: rgb(255, 255, 255)) { $0[.cornerRadius] = .number(20) }
        let frame = render(scene)
        // Along the top-left arc (centre (70, 55), radius 20) some pixels are partly covered.
        var partial = 0
        for y in 35..<55 {
            for x in 50..<70 {
                let r = Int(frame.pixel(x: x, y: y).r)
                if r > 30 && r < 225 { partial += 1 }
            }
        }
        #expect(partial >= 10)
        // The straight top edge at y = 35 is whole pixels: inside full, outside empty.
        #expect(pixel(frame, 100, 35, is: (255, 255, 255), tolerance: 0))
        #expect(pixel(frame, 100, 34, is: (0, 0, 0), tolerance: 0))
    }

    @Test func masksToBoundsClipsSublayers() {
        for masks in [false, true] {
            let scene = makeScene()
            let parent = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                                  position: Point(x: 100, y: 75)) { $0[.masksToBounds] = .bool(masks) }
            // A child twice the parent's size, centred on it.
            addLayer(Layer(scene: scene), to: parent, bounds: Rect(x: 0, y: 0, width: 120, height: 120),
                     position: Point(x: 30, y: 30), color: rgb(0, 255, 0))
            let frame = render(scene)
            #expect(pixel(frame, 100, 75, is: (0, 255, 0)))
            #expect(pixel(frame, 60, 75, is: masks ? (0, 0, 0) : (0, 255, 0)))
            #expect(paintedCount(frame) == (masks ? 3600 : 120 * 120))
        }
    }

    @Test func masksToBoundsClipsThroughARotation() {
        let scene = makeScene()
        let parent = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                              position: Point(x: 100, y: 75)) {
            $0.set(.masksToBounds, true)
            $0.set(.transform, Transform3D(rotationAngle: Double.pi / 4, x: 0, y: 0, z: 1))
        }
        addLayer(Layer(scene: scene), to: parent, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                 position: Point(x: 30, y: 30), color: rgb(0, 255, 0))
        let frame = render(scene)
        // A diamond of half-diagonal 42.4 around (100, 75).
        #expect(pixel(frame, 100, 75 - 40, is: (0, 255, 0)))
        #expect(pixel(frame, 100 - 30, 75 - 30, is: (0, 0, 0)))
        #expect(abs(paintedCount(frame) - 3600) < 120)
    }

    @Test func borderIsDrawnInsideTheBoundsOverSublayers() {
        let scene = makeScene()
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 40),
                             position: Point(x: 100, y: 75), color: rgb(0, 0, 255)) {
            $0.set(.borderWidth, 5)
            $0.set(.borderColor, rgb(255, 0, 0))
        }
        addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 60, height: 40),
                 position: Point(x: 30, y: 20), color: rgb(0, 255, 0))
        let frame = render(scene)
        // Bounds: x 70..<130, y 55..<95.
        #expect(pixel(frame, 72, 75, is: (255, 0, 0)))
        #expect(pixel(frame, 100, 93, is: (255, 0, 0)))
        #expect(pixel(frame, 100, 75, is: (0, 255, 0)))
        #expect(pixel(frame, 69, 75, is: (0, 0, 0)))
    }

    /// A border wider than the corner radius has square inner corners, and is drawn.
    @Test func aBorderWiderThanTheCornerRadiusIsDrawn() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 40),
                 position: Point(x: 100, y: 75), color: rgb(0, 0, 255)) {
            $0.set(.borderWidth, 6)
            $0.set(.cornerRadius, 2)
            $0.set(.borderColor, rgb(255, 0, 0))
        }
        let frame = render(scene)
        // Bounds: x 70..<130, y 55..<95; the inner edge at 76 and 124, 61 and 89.
        #expect(pixel(frame, 72, 75, is: (255, 0, 0)))
        #expect(pixel(frame, 100, 92, is: (255, 0, 0)))
        #expect(pixel(frame, 74, 59, is: (255, 0, 0)))
        #expect(pixel(frame, 100, 75, is: (0, 0, 255)))
        #expect(pixel(frame, 78, 63, is: (0, 0, 255)))
    }

    @Test func zPositionOrdersSiblings() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                 position: Point(x: 100, y: 75), color: rgb(255, 0, 0)) { $0[.zPosition] = .number(1) }
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                 position: Point(x: 100, y: 75), color: rgb(0, 255, 0))
        #expect(pixel(render(scene), 100, 75, is: (255, 0, 0)))
    }

    @Test func shadowFallsOutsideTheLayerAtItsOffset() {
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                 position: Point(x: 100, y: 75), color: rgb(255, 255, 255)) {
            $0.set(.shadowOpacity, 1)
            $0.set(.shadowColor, rgb(255, 0, 0))
            $0.set(.shadowOffset, Size(width: 10, height: 10))
            $0.set(.shadowRadius, 2)
        }
        let frame = render(scene)
        // Layer covers 80..<120 × 55..<95; the shadow reaches past its bottom-right corner.
        #expect(frame.pixel(x: 125, y: 100).r > 100)
        #expect(frame.pixel(x: 125, y: 100).g < 20)
        #expect(pixel(frame, 100, 75, is: (255, 255, 255)))
        #expect(pixel(frame, 70, 45, is: (0, 0, 0)))
    }

    /// Checks that pixels just inside each projected corner are painted and just outside are not.
    private func checkCorners(of layer: Layer, in frame: FrameBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        let b = layer.rect(.bounds, .presentation)
        let corners = [project(layer, b.minX, b.minY), project(layer, b.maxX, b.minY),
                       project(layer, b.maxX, b.maxY), project(layer, b.minX, b.maxY)]
        let cx = corners.map(\.x).reduce(0, +) / 4, cy = corners.map(\.y).reduce(0, +) / 4
        for c in corners {
            let dx = cx - c.x, dy = cy - c.y
            let length = (dx * dx + dy * dy).squareRoot()
            let inside = (x: Int((c.x + dx / length * 4).rounded(.down)), y: Int((c.y + dy / length * 4).rounded(.down)))
            let outside = (x: Int((c.x - dx / length * 3).rounded(.down)), y: Int((c.y - dy / length * 3).rounded(.down)))
            #expect(!pixel(frame, inside.x, inside.y, is: (0, 0, 0), tolerance: 10), "inside \(inside) of corner \(c)",
                    sourceLocation: sourceLocation)
            #expect(pixel(frame, outside.x, outside.y, is: (0, 0, 0), tolerance: 0), "outside \(outside) of corner \(c)",
                    sourceLocation: sourceLocation)
        }
    }
}

@Suite struct PerspectiveTextureTests {
    /// A texture whose left half is red and right half blue, on a card tilted away in strong
    /// perspective: the colour boundary must land where the matrix puts the card's middle
    /// (affine interpolation across the whole quad would put it elsewhere).
    @Test func perspectiveDoesNotBendTheTexture() throws {
        var bytes: [UInt8] = []
        for _ in 0..<64 { for x in 0..<64 { bytes += x < 32 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let image = try #require(Image(width: 64, height: 64, premultipliedRGBA: bytes))
        let scene = makeScene(width: 400, height: 300)
        let card = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 240, height: 160),
                            position: Point(x: 200, y: 150)) {
            $0.contents = image
            var p = Transform3D.identity
            p.m34 = -1.0 / 250
            $0.set(.transform, Transform3D(rotationAngle: 1.0, x: 0, y: 1, z: 0).concatenating(p))
        }
        let frame = render(scene, width: 400, height: 300)
        let middle = project(card, 120, 80)
        let y = Int(middle.y)
        let x = Int(middle.x.rounded())
        // The affine guess: the midpoint of the projected left and right edges.
        let affine = (project(card, 0, 80).x + project(card, 240, 80).x) / 2
        #expect(abs(affine - middle.x) > 8, "the test needs a strong perspective")
        #expect(pixel(frame, x - 3, y, is: (255, 0, 0), tolerance: 40))
        #expect(pixel(frame, x + 3, y, is: (0, 0, 255), tolerance: 40))
    }
}
