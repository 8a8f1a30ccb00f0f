import Foundation
import LayerKit
import Testing

/// CATransformLayer's model: its sublayers keep their 3D places, sorted together by depth, and
/// hit testing and point conversion pass through it in 3D.
struct TransformLayerTests {
    /// The turns about y of a cube's side faces: front, right, back, left.
    static let turns = [0, Double.pi / 2, Double.pi, -Double.pi / 2]

    /// A 100-point cube of four side faces in a transform layer, centred at (200, 150) in a
    /// container with perspective (eye 500 points away), turned by `angle` about y.
    static func cube(_ scene: Scene, angle: Double) throws -> (cube: TransformLayer, faces: [Layer]) {
        let stage = Layer(scene: scene)
        stage.set(.bounds, Rect(x: 0, y: 0, width: 400, height: 300))
        stage.set(.position, Point(x: 200, y: 150))
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        stage.set(.sublayerTransform, perspective)
        try scene.root.addSublayer(stage)
        let cube = TransformLayer(scene: scene)
        cube.set(.bounds, Rect(x: 0, y: 0, width: 100, height: 100))
        cube.set(.position, Point(x: 200, y: 150))
        cube.set(.transform, Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0))
        try stage.addSublayer(cube)
        var faces: [Layer] = []
        for turn in turns {
            let face = Layer(scene: scene)
            face.set(.bounds, Rect(x: 0, y: 0, width: 100, height: 100))
            face.set(.position, Point(x: 50, y: 50))
            face[.transform] = .transform(Transform3D(translationX: 0, y: 0, z: 50)
                .concatenating(Transform3D(rotationAngle: turn, x: 0, y: 1, z: 0)))
            try cube.addSublayer(face)
            faces.append(face)
        }
        return (cube, faces)
    }

    /// The face turned most towards the viewer: the one whose normal's z, cos(angle + turn), is
    /// largest, whichever way a positive angle turns.
    static func nearest(_ faces: [Layer], angle: Double) -> Layer {
        let index = turns.indices.max { cos(angle + turns[$0]) < cos(angle + turns[$1]) } ?? 0
        return faces[index]
    }

    @Test(arguments: [0.0, 0.4, 1.3, 2.0, Double.pi, 3.6, 5.0])
    func sublayersAreSortedBackToFrontByDepth(angle: Double) throws {
        let scene = Scene(size: Size(width: 400, height: 300))
        let (cube, faces) = try Self.cube(scene, angle: angle)
        var leaves: [TransformLayerLeaf] = []
        cube.leaves(matrix: cube.matrixToSuperlayer(.model), .model, into: &leaves)
        #expect(leaves.count == 4)
        #expect(leaves.last?.layer === Self.nearest(faces, angle: angle))
        #expect(zip(leaves, leaves.dropFirst()).allSatisfy { $0.depth <= $1.depth })
    }

    @Test func nestedTransformLayersAreSortedTogetherAndHiddenOnesLeftOut() throws {
        let scene = Scene(size: Size(width: 400, height: 300))
        let (cube, faces) = try Self.cube(scene, angle: 0)
        // A nested transform layer holding a face nearer than the cube's front face.
        let inner = TransformLayer(scene: scene)
        inner.set(.bounds, Rect(x: 0, y: 0, width: 100, height: 100))
        inner.set(.position, Point(x: 50, y: 50))
        inner.set(.opacity, 0.5)
        let near = Layer(scene: scene)
        near.set(.bounds, Rect(x: 0, y: 0, width: 20, height: 20))
        near.set(.position, Point(x: 50, y: 50))
        near.set(.zPosition, 80)
        try inner.addSublayer(near)
        try cube.insertSublayer(inner, at: 0)
        var leaves: [TransformLayerLeaf] = []
        cube.leaves(matrix: cube.matrixToSuperlayer(.model), .model, into: &leaves)
        #expect(leaves.count == 5)
        #expect(leaves.last?.layer === near)
        #expect(leaves.last?.opacity == 0.5)
        #expect(leaves[leaves.count - 2].layer === faces[0])
        inner.set(.hidden, true)
        cube.leaves(matrix: cube.matrixToSuperlayer(.model), .model, into: &leaves)
        #expect(leaves.count == 4 && !leaves.contains { $0.layer === near })
    }

    /// Core Animation: "CALayer will pass over transform layers directly to their sublayers,
    /// applying the effects of the transform layer's geometry when hit-testing each sublayer."
    @Test(arguments: [0.0, 0.5, 2.5, Double.pi, 4.5])
    func hitTestingPassesOverTheTransformLayerToTheNearestFace(angle: Double) throws {
        let scene = Scene(size: Size(width: 400, height: 300))
        let (cube, faces) = try Self.cube(scene, angle: angle)
        let hit = scene.root.hitTest(Point(x: 200, y: 150))
        #expect(hit === Self.nearest(faces, angle: angle))
        #expect(scene.root.hitTest(Point(x: 200, y: 150)) !== cube)
        // Inside the transform layer's bounds but on no face (the cube seen edge-on would be the
        // only way to miss it at the centre): a corner of the bounds far from the faces.
        for face in faces { face[.hidden] = .bool(true) }
        #expect(scene.root.hitTest(Point(x: 152, y: 102)) === cube.superlayer)
    }

    @Test func pointsConvertThroughATransformLayerIn3D() throws {
        let scene = Scene(size: Size(width: 400, height: 300))
        let (_, faces) = try Self.cube(scene, angle: 0)
        // The front face is 50 points nearer than the cube's plane: with the eye 500 points away
        // it shows 500 / 450 times as large. Flattened into the cube's plane first, it would not.
        let corner = try #require(faces[0].convertPoint(Point(x: 0, y: 0), to: nil))
        #expect(abs(corner.x - (200 - 50 * 500 / 450.0)) < 1e-9)
        #expect(abs(corner.y - (150 - 50 * 500 / 450.0)) < 1e-9)
        let back = try #require(faces[0].convertPoint(corner, from: nil))
        #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
    }

    @Test func aTransformLayerIsAKindOfLayer() {
        let scene = Scene(size: Size(width: 100, height: 100))
        let layer = Layer.make(.transform, scene: scene)
        #expect(layer is TransformLayer)
        #expect(layer.kind == .transform && LayerKind(rawValue: "TransformLayer") == .transform)
        #expect(layer.number(.opacity) == 1)
    }
}
