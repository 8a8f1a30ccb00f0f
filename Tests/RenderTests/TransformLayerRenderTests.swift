import Foundation
import LayerKit
@testable import Render
import Testing
import TestSupport

/// Transform layers on screen: a cube's faces hide one another by depth, where a plain layer
/// flattens them into its plane, as Core Animation draws both.
struct TransformLayerRenderTests {
    static let turns = [0, Double.pi / 2, Double.pi, -Double.pi / 2]
    static let colors = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]

    /// A 100-point cube of four side faces (red front, green right, blue back, yellow left) in
    /// `container` (a transform layer or a plain one) turned by `angle` about y, centred at
    /// (200, 150) on a stage with perspective (the eye 500 points away).
    @discardableResult
    static func cube(_ scene: Scene, _ container: Layer, angle: Double) -> [Layer] {
        let stage = addPerspectiveStage(scene, width: 400, height: 300, eye: 500)
        addLayer(container, to: stage, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                 position: Point(x: 200, y: 150)) {
            $0.set(.transform, Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0))
        }
        return zip(turns, colors).map { turn, c in
            addLayer(Layer(scene: scene), to: container, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                     position: Point(x: 50, y: 50), color: rgb(c.0, c.1, c.2)) {
                $0[.transform] = .transform(Transform3D(translationX: 0, y: 0, z: 50)
                    .concatenating(Transform3D(rotationAngle: turn, x: 0, y: 1, z: 0)))
            }
        }
    }

    /// The colour of the face turned most towards the viewer (largest cos(angle + turn)).
    static func nearestColor(_ angle: Double) -> (Int, Int, Int) {
        colors[turns.indices.max { cos(angle + turns[$0]) < cos(angle + turns[$1]) } ?? 0]
    }

    @Test(arguments: [0.0, 0.5, 1.2, 2.2, Double.pi, 3.9, 5.9])
    func theCubesFrontFaceHidesItsBackFace(angle: Double) {
        let scene = makeScene(width: 400, height: 300)
        Self.cube(scene, TransformLayer(scene: scene), angle: angle)
        let frame = render(scene, width: 400, height: 300)
        #expect(pixel(frame, 200, 150, is: Self.nearestColor(angle), tolerance: 0))
    }

    @Test func aPlainLayerFlattensTheSameFacesIntoItsPlane() {
        // Flattened, the faces are drawn in order in one plane: the back face (third) covers
        // the front one, and the side faces, edge-on, add nothing.
        for (container, expected) in [(true, (255, 0, 0)), (false, (0, 0, 255))] {
            let scene = makeScene(width: 400, height: 300)
            Self.cube(scene, container ? TransformLayer(scene: scene) : Layer(scene: scene), angle: 0)
            let frame = render(scene, width: 400, height: 300)
            #expect(pixel(frame, 200, 150, is: expected, tolerance: 0))
            // In 3D the front face, 50 points nearer, shows 500 / 450 times as large (55 points
            // from the centre); flattened, it does not reach past 50.
            #expect(pixel(frame, 200 + 53, 150, is: container ? (255, 0, 0) : (0, 0, 0), tolerance: 0))
        }
    }

    /// Core Animation flattens every layer but a transform layer into its superlayer's plane: a
    /// sublayer 10 points in front of its turned superlayer stays on it (no parallax), and a
    /// sibling of the superlayer at zPosition 5 covers it although in 3D it would be behind.
    @Test func aPlainLayersSublayersAreFlattenedIntoItsPlane() {
        for flat in [true, false] {
            let scene = makeScene(width: 400, height: 300)
            let stage = addPerspectiveStage(scene, width: 400, height: 300, eye: 500)
            let card: Layer = flat ? Layer(scene: scene) : TransformLayer(scene: scene)
            addLayer(card, to: stage, bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 200, y: 150),
                     color: rgb(255, 0, 0)) {
                $0.set(.transform, Transform3D(rotationAngle: 0.8, x: 0, y: 1, z: 0))
            }
            addLayer(Layer(scene: scene), to: card, bounds: Rect(x: 0, y: 0, width: 8, height: 40),
                     position: Point(x: 50, y: 50), color: rgb(0, 255, 0)) { $0[.zPosition] = .number(10) }
            let frame = render(scene, width: 400, height: 300)
            // Flattened, the green bar stays at the card's centre; in 3D it moves 10 sin 0.8 ≈ 7
            // points sideways (the way the turn takes its front).
            let green = (0...20).map { pixel(frame, 190 + $0, 150, is: (0, 255, 0), tolerance: 0) }
            let centre = (green.indices.filter { green[$0] }.reduce(0, +)) / max(1, green.filter { $0 }.count) + 190
            if flat {
                #expect(abs(centre - 200) <= 1)
            } else {
                #expect(abs(centre - 200) >= 5)
            }
            // A sibling at zPosition 5 over the card covers the bar when it is flattened.
            if flat {
                addLayer(Layer(scene: scene), to: stage, bounds: Rect(x: 0, y: 0, width: 30, height: 10),
                         position: Point(x: 200, y: 150), color: rgb(0, 0, 255)) { $0[.zPosition] = .number(5) }
                #expect(pixel(render(scene, width: 400, height: 300), 200, 150, is: (0, 0, 255), tolerance: 0))
            }
        }
    }

    @Test func aTransformLayerDrawsNothingOfItsOwn() throws {
        let scene = makeScene()
        let image = try Image.circle(radius: 20, color: rgb(0, 255, 0))
        addLayer(TransformLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                 position: Point(x: 100, y: 75), color: rgb(255, 0, 0)) {
            $0.set(.borderWidth, 4)
            $0.set(.borderColor, rgb(255, 255, 255))
            $0.set(.shadowOpacity, 1)
            $0.contents = image
        }
        #expect(paintedCount(render(scene)) == 0)
    }

    @Test func itsOpacityAppliesToEachSublayerAlone() {
        // Two white squares, one over the other, in a transform layer at opacity 0.5: each is
        // drawn at half, so where they overlap 0.75 of white shows (a group would show 0.5).
        let scene = makeScene()
        let group = addLayer(TransformLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                             position: Point(x: 100, y: 75)) { $0[.opacity] = .number(0.5) }
        for x in [40.0, 60.0] {
            addLayer(Layer(scene: scene), to: group, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                     position: Point(x: x, y: 50), color: rgb(255, 255, 255))
        }
        let frame = render(scene)
        #expect(pixel(frame, 100, 75, is: (191, 191, 191), tolerance: 2))
        #expect(pixel(frame, 75, 75, is: (128, 128, 128), tolerance: 2))
    }

    @Test func oneSidedFacesTurnedAwayAreNotDrawn() {
        for doubleSided in [true, false] {
            let scene = makeScene(width: 400, height: 300)
            let faces = Self.cube(scene, TransformLayer(scene: scene), angle: 0)
            // Only the back face, turned away from the viewer.
            faces[0].set(.hidden, true)
            faces[2].set(.doubleSided, doubleSided)
            let frame = render(scene, width: 400, height: 300)
            #expect(pixel(frame, 200, 150, is: doubleSided ? (0, 0, 255) : (0, 0, 0), tolerance: 0))
        }
    }
}
