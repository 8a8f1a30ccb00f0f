import LayerKit
@testable import Render
import Testing
import TestSupport

@Suite struct RobustnessTests {
    static let extremes: [Double] = [0, -1, 1e-300, 1e300, -1e300, .infinity, -.infinity, .nan, 1e9]

    @Test(arguments: extremes)
    func extremeValuesDrawWithoutCrashing(value: Double) throws {
        let scene = makeScene()
        // Content sizes: huge finite values make 4096-pixel canvases, correct but slow in a
        // debug build; the non-finite ones still reach the rasterizers.
        let size = value.isFinite ? min(value, 64) : value
        let image = try Image.circle(radius: 4)
        let replicator = addLayer(ReplicatorLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                                  position: Point(x: 50, y: 50), color: rgb(10, 20, 30)) {
            $0.set(.instanceCount, value.isFinite ? min(value, 3) : value)
            $0.set(.instanceTransform, Transform3D(scaleX: value, y: 1))
        }
        let layer = addLayer(Layer(scene: scene), to: replicator, bounds: Rect(x: value, y: 0, width: value, height: 40),
                             position: Point(x: value, y: 20), color: rgb(255, 0, 0)) {
            var t = Transform3D(rotationAngle: value, x: 0, y: 1, z: 0)
            t.m34 = value
            $0.set(.transform, t)
            $0.set(.cornerRadius, value)
            $0.set(.borderWidth, value)
            $0.set(.shadowOpacity, 1)
            $0.set(.shadowRadius, value.isFinite ? min(value, 8) : value)
            $0.set(.masksToBounds, true)
            $0.set(.opacity, value)
            $0.set(.contentsRect, Rect(x: value, y: 0, width: value, height: 1))
            $0.contents = image
        }
        addLayer(TextLayer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: size, height: size),
                 position: .zero) {
            $0.string = "x"
            $0.set(.fontSize, size)
        }
        addLayer(ShapeLayer(scene: scene), to: layer, bounds: .zero, position: .zero) {
            var path = Path()
            path.move(to: Point(x: size, y: 0))
            path.addLine(to: Point(x: 10, y: size))
            $0.path = path
            $0.set(.lineWidth, size)
            $0.set(.strokeColor, Color.white)
            $0.set(.lineDashPattern, [value, 1])
            $0.set(.strokeEnd, value)
        }
        addLayer(GradientLayer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 30, height: 30), position: .zero) {
            $0.set(.colors, [.white, .black])
            $0.set(.locations, [value, 1])
            $0.set(.startPoint, Point(x: value, y: 0))
            $0[.gradientType] = GradientType.radial.animationValue
        }
        _ = render(scene, threads: 2)
    }
}
