import LayerKit
import Testing
import TestSupport

/// `path` and `shadowPath` animate as Apple's CAShapeLayer documentation says: "Paths will
/// interpolate as a linear blend of the 'on-line' points"; "if the two paths have a different
/// number of control points or segments the results are undefined" (refused here). And
/// `lineDashPattern` is animatable.
struct PathAnimationTests {
    static func square(_ x: Double, _ y: Double, _ side: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: x, y: y))
        path.addLine(to: Point(x: x + side, y: y))
        path.addCurve(to: Point(x: x + side, y: y + side), control1: Point(x: x + side * 1.2, y: y),
                      control2: Point(x: x + side * 1.2, y: y + side))
        path.addLine(to: Point(x: x, y: y + side))
        path.closeSubpath()
        return path
    }

    func shape(_ driver: FrameDriver) throws -> ShapeLayer {
        let shape = ShapeLayer(scene: driver.scene)
        shape.path = Self.square(100, 100, 200)
        try driver.root.addSublayer(shape)
        driver.frame(at: 0.1)
        return shape
    }

    @Test func aPathMorphsPointByPoint() throws {
        let driver = FrameDriver()
        let shape = try shape(driver)
        try shape.addAnimation(basic("path", from: .path(Self.square(100, 100, 200)), to: .path(Self.square(150, 150, 100)),
                                     duration: 2) { $0.timingFunction = .linear }, forKey: "shrink")
        driver.frame(at: 1.1)
        #expect(shape.path(.presentation) == Self.square(125, 125, 150))
        #expect(shape.path == Self.square(100, 100, 200), "the model keeps its path")
        driver.frame(at: 3)
        #expect(shape.path(.presentation) == Self.square(100, 100, 200))
    }

    @Test func keyframesAndSpringsMorphToo() throws {
        let driver = FrameDriver()
        let shape = try shape(driver)
        let keyframes = KeyframeAnimation(keyPath: "path")
        keyframes.values = [.path(Self.square(0, 0, 100)), .path(Self.square(100, 0, 100)), .path(Self.square(100, 100, 100))]
        keyframes.duration = 2
        keyframes.calculationMode = .linear
        try shape.addAnimation(keyframes, forKey: "walk")
        driver.frame(at: 0.6)
        #expect(shape.path(.presentation) == Self.square(50, 0, 100))
        driver.frame(at: 1.6)
        #expect(shape.path(.presentation) == Self.square(100, 50, 100))
        shape.removeAllAnimations()
        let spring = SpringAnimation(keyPath: "path")
        spring.fromValue = .path(Self.square(0, 0, 100))
        spring.toValue = .path(Self.square(100, 0, 100))
        spring.damping = 5
        try shape.addAnimation(spring, forKey: "spring")
        var furthest = 0.0
        for step in 1...120 {
            driver.frame(at: 1.6 + Double(step) / 60)
            if case .move(let start)? = shape.path(.presentation)?.elements.first { furthest = max(furthest, start.x) }
        }
        #expect(furthest > 100, "an underdamped spring overshoots the target path: \(furthest)")
    }

    @Test func pathsOfOtherElementsAreRefusedAndAnImplicitChangeShowsAtOnce() throws {
        let driver = FrameDriver()
        let shape = try shape(driver)
        var line = Path()
        line.move(to: .zero)
        line.addLine(to: Point(x: 10, y: 10))
        #expect(throws: AnimationError.self) { try shape.addAnimation(basic("path", to: .path(line)), forKey: "bad") }
        do {
            try shape.addAnimation(basic("path", to: .path(line)), forKey: "bad")
        } catch {
            #expect(error.description == "the paths of a 'path' animation must have the same elements to morph: toValue has "
                + "2 elements, the value on screen has 5; build them with the same calls in the same order")
        }
        // Implicitly: to a path of the same elements it animates; to another it shows at once.
        driver.scene.perform { shape.path = Self.square(200, 200, 50) }
        #expect(shape.animationCount == 1)
        driver.frame(at: 0.15)
        #expect(shape.path(.presentation) != Self.square(200, 200, 50))
        driver.frame(at: 1)
        shape.removeAllAnimations()
        driver.scene.perform { shape.path = line }
        #expect(shape.animationCount == 0)
        driver.frame(at: 1.05)
        #expect(shape.path(.presentation) == line)
    }

    @Test func aShadowPathAndADashPatternAnimate() throws {
        let driver = FrameDriver()
        let shape = try shape(driver)
        shape.shadowPath = Self.square(0, 0, 100)
        try shape.addAnimation(basic("shadowPath", to: .path(Self.square(0, 0, 200)), duration: 2) {
            $0.timingFunction = .linear
        }, forKey: "grow")
        try shape.addAnimation(basic("lineDashPattern", from: .numbers([4, 4]), to: .numbers([20, 10]), duration: 2) {
            $0.timingFunction = .linear
        }, forKey: "dash")
        driver.frame(at: 1.1)
        #expect(shape.shadowPath(.presentation) == Self.square(0, 0, 150))
        #expect(shape.value(.lineDashPattern, .presentation) == .numbers([12, 7]))
    }
}
