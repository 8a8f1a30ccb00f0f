import LayerKit
@testable import Render
import Testing
import TestSupport

/// A layer filling `scene` (of `width` × `height`) whose sublayers share one perspective: its
/// sublayerTransform's m34 is -1 / `eye`, so the vanishing point is its middle.
@discardableResult
func addPerspectiveStage(_ scene: Scene, width: Double, height: Double, eye: Double) -> Layer {
    addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: width, height: height),
             position: Point(x: width / 2, y: height / 2)) {
        var perspective = Transform3D.identity
        perspective.m34 = -1 / eye
        $0.set(.sublayerTransform, perspective)
    }
}

/// A replicator of `scene` filling `size` from `parent`'s origin: `count` instances, each moved
/// by (`dx`, `dy`) and `delay` seconds later than the one before.
@discardableResult
func addReplicator(_ scene: Scene, to parent: Layer, size: Size, count: Int, dx: Double, dy: Double = 0, delay: Double,
                   configure: (ReplicatorLayer) -> Void = { _ in }) -> ReplicatorLayer {
    addLayer(ReplicatorLayer(scene: scene), to: parent, bounds: Rect(x: 0, y: 0, width: size.width, height: size.height),
                    position: Point(x: size.width / 2, y: size.height / 2)) {
        $0.set(.instanceCount, Double(count))
        $0.set(.instanceTransform, Transform3D(translationX: dx, y: dy))
        $0.set(.instanceDelay, delay)
        configure($0)
    }
}

/// The point (x, y) of a layer's bounds on screen, through its matrices up to the root (which
/// the tests leave at the screen's origin), flattening each level as Core Animation does.
func project(_ layer: Layer, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
    var px = x, py = y
    var current: Layer? = layer
    while let l = current, l.superlayer != nil {
        let m = l.matrixToSuperlayer(.presentation)
        let w = px * m.m14 + py * m.m24 + m.m44
        let nx = (px * m.m11 + py * m.m21 + m.m41) / w
        let ny = (px * m.m12 + py * m.m22 + m.m42) / w
        px = nx
        py = ny
        current = l.superlayer
    }
    return (px, py)
}

/// Expects each (x, y) of `frame` to be its straight colour, exactly.
func expectPixels(_ frame: FrameBuffer, _ expected: [(x: Int, y: Int, rgb: (Int, Int, Int))],
                  sourceLocation: SourceLocation = #_sourceLocation) {
    for e in expected {
        let p = frame.pixel(x: e.x, y: e.y)
        #expect(pixel(frame, e.x, e.y, is: e.rgb, tolerance: 0), "at \(e.x), \(e.y): \(p)", sourceLocation: sourceLocation)
    }
}

/// Evaluates and composes one frame of `scene` at `time` with `compositor` (which keeps its
/// cache from frame to frame).
func composeFrame(_ scene: Scene, with compositor: Compositor, at time: Double, width: Int = 200, height: Int = 150) {
    scene.beginFrame(at: time)
    compositor.compose(scene, width: width, height: height)
    scene.endFrame()
}
