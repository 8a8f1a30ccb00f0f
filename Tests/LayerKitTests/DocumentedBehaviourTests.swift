import Foundation
import Testing
import LayerKit
import TestSupport

/// Behaviour Apple's documentation decides that other Core Animation test suites found
/// Snowglobe diverging from (issue 39), each held by the values a script would see.
struct DocumentedBehaviourTests {
    /// A paused animation (speed 0) stands at its time offset, and an offset at the end of its
    /// active duration shows its end value. CAMediaTiming: local time is (parent time − begin
    /// time) × speed + timeOffset, so at speed 0 it is the offset for ever; an animation's value at
    /// the end of its duration is its toValue (its last keyframe). Apple's pausing idiom (Technical
    /// Q&A QA1673) scrubs by exactly this offset, and scrubbing to the end must show the end.
    /// Compiled (a number alone) and general (in a group) alike.
    @Test(arguments: [false, true])
    func aPausedAnimationAtItsEndShowsItsEndValue(grouped: Bool) throws {
        func shown(_ animation: PropertyAnimation, offset: Double) throws -> Double {
            animation.speed = 0
            animation.timeOffset = offset
            let added: Animation
            if grouped {
                let group = AnimationGroup()
                group.animations = [animation]
                group.duration = 5
                added = group
            } else {
                added = animation
            }
            let driver = FrameDriver()
            let layer = try driver.layer(with: added)
            driver.frame(at: 0.5)
            return layer.point(.position, .presentation).x
        }
        let keyframes = { () -> KeyframeAnimation in
            let k = KeyframeAnimation(keyPath: "position.x")
            k.values = [.number(0), .number(50), .number(100)]
            k.duration = 1
            return k
        }
        #expect(try shown(basic("position.x", from: .number(0), to: .number(100)), offset: 1) == 100)
        #expect(try shown(keyframes(), offset: 1) == 100)
        #expect(try shown(basic("position.x", from: .number(0), to: .number(100)), offset: 0.25) == 25)
        #expect(try shown(basic("position.x", from: .number(0), to: .number(100)), offset: 0) == 0)
    }

    /// "discrete: Each keyframe value is used in turn, no interpolated values are calculated"
    /// (CAAnimationCalculationMode), and along a path "the end point of a line-to or curve-to
    /// segment defines the keyframe value" (CAKeyframeAnimation.path): the layer jumps from point
    /// to point, never between them, each holding an equal share of the duration.
    @Test func discreteAlongAPathJumpsBetweenItsPoints() throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        path.addCurve(to: Point(x: 100, y: 100), control1: Point(x: 200, y: 0), control2: Point(x: 200, y: 100))
        path.closeSubpath()
        let a = KeyframeAnimation(keyPath: "position")
        a.path = path
        a.calculationMode = .discrete
        a.duration = 1
        let driver = FrameDriver()
        let layer = try driver.layer(with: a)
        // Four keyframes (the start, the line's end, the curve's end, the close's end), a quarter each.
        let expected: [(Double, Point)] = [(0.1, Point(x: 0, y: 0)), (0.3, Point(x: 100, y: 0)), (0.45, Point(x: 100, y: 0)),
                                           (0.55, Point(x: 100, y: 100)), (0.7, Point(x: 100, y: 100)), (0.8, Point(x: 0, y: 0))]
        for (t, point) in expected {
            driver.frame(at: t)
            #expect(layer.point(.position, .presentation) == point, "at \(t)")
        }
    }

    /// rotationMode "determines whether objects animating along the path rotate to match the path
    /// tangent": the turn is the path's, on top of whatever rotation the layer shows, so another
    /// animation of the rotation (added before or after) composes with it rather than replacing it.
    @Test(arguments: [(RotationMode.auto, Double.pi / 2), (.autoReverse, 3 * Double.pi / 2)])
    func rotationModeComposesWithAnAnimatedRotation(_ mode: RotationMode, turn: Double) throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 0, y: 100))
        let follow = KeyframeAnimation(keyPath: "position")
        follow.path = path
        follow.rotationMode = mode
        follow.duration = 1
        let spin = basic("transform.rotation.z", from: .number(0), to: .number(1))
        for spinFirst in [false, true] {
            let driver = FrameDriver()
            let layer = try driver.layer(with: spinFirst ? spin : follow)
            try layer.addAnimation(spinFirst ? follow : spin, forKey: "second")
            driver.frame(at: 0.5)
            let m = layer.transform(.transform, .presentation)
            let angle = atan2(m.m12, m.m11), want = atan2(sin(turn + 0.5), cos(turn + 0.5))
            #expect(close(angle, want, 1e-9), "spin first: \(spinFirst), \(angle) vs \(want)")
            #expect(layer.point(.position, .presentation) == Point(x: 0, y: 50))
        }
    }

    /// isAdditive: "the value specified by the animation will be added to the current render tree
    /// value to produce the new render tree value. The addition function is type-dependent". A
    /// `transform.scale.x` animation's values are numbers, so an additive one adds its number to
    /// the scale: values 0, 0.5, 0 pulse a layer of scale 2 to 2.5 and back. Keyframe and basic,
    /// compiled (alone) and general (in a group) alike.
    @Test(arguments: [false, true])
    func additiveScaleAnimationsAddToTheScale(grouped: Bool) throws {
        func scales(_ animation: PropertyAnimation, at times: [Double]) throws -> [Double] {
            animation.isAdditive = true
            let added: Animation
            if grouped {
                let group = AnimationGroup()
                group.animations = [animation]
                group.duration = 1
                added = group
            } else {
                added = animation
            }
            let driver = FrameDriver()
            let layer = try driver.layer(with: added) { l in
                driver.scene.perform(actionsDisabled: true) { l[.transform] = .transform(Transform3D(scaleX: 2, y: 5)) }
            }
            return times.map { t in
                driver.frame(at: t)
                let m = layer.transform(.transform, .presentation)
                return (m.m11 * 1000).rounded() / 1000 + (m.m22 == 5 ? 0 : .nan)
            }
        }
        let pulse = KeyframeAnimation(keyPath: "transform.scale.x")
        pulse.values = [.number(0), .number(0.5), .number(0)]
        pulse.duration = 1
        #expect(try scales(pulse, at: [0, 0.25, 0.5, 0.75]) == [2, 2.25, 2.5, 2.25])
        #expect(try scales(basic("transform.scale.x", from: .number(0), to: .number(1)), at: [0, 0.5]) == [2, 2.5])
        let uniform = basic("transform.scale", from: .number(0), to: .number(1))
        uniform.isAdditive = true
        let driver = FrameDriver()
        let layer = try driver.layer(with: uniform) { l in
            driver.scene.perform(actionsDisabled: true) { l[.transform] = .transform(Transform3D(scaleX: 2, y: 3)) }
        }
        driver.frame(at: 0.5)
        let m = layer.transform(.transform, .presentation)
        #expect(close(m.m11, 2.5) && close(m.m22, 3.5), "\(m)")
    }

    /// Apple leaves an animation between colour lists of different lengths undefined: rather than
    /// pair colours up to the shorter list (showing neither), `addAnimation` refuses it, naming
    /// both lengths. A change of the model's colours to a different number shows at once.
    @Test func gradientColourListsOfDifferentLengthsAreRefused() throws {
        let red = Color(r: 1, g: 0, b: 0, a: 1), blue = Color(r: 0, g: 0, b: 1, a: 1)
        let driver = FrameDriver()
        let gradient = GradientLayer(scene: driver.scene)
        gradient[.colors] = .colors([red, blue])
        try driver.root.addSublayer(gradient)
        driver.frame(at: 0.1)
        func refusal(_ animation: Animation) -> String? {
            do {
                try gradient.addAnimation(animation, forKey: "colors")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(refusal(basic("colors", from: .colors([red, blue]), to: .colors([red, blue, red])))
            == "the colour lists of a 'colors' animation must be as long as each other: fromValue has 2 colours, toValue has 3")
        #expect(refusal(basic("colors", to: .colors([red])))
            == "the colour lists of a 'colors' animation must be as long as each other: toValue has 1 colour, the value on screen has 2")
        let keyframes = KeyframeAnimation(keyPath: "colors")
        keyframes.values = [.colors([red, blue]), .colors([blue, red]), .colors([red, blue, red])]
        #expect(refusal(keyframes)
            == "the colour lists of a 'colors' animation must be as long as each other: values[1] has 2 colours, values[3] has 3")
        #expect(gradient.animationCount == 0)
        #expect(refusal(basic("colors", from: .colors([red, blue]), to: .colors([blue, red]))) == nil)
        gradient.removeAllAnimations()
        // Implicitly, to three colours: no animation, the new colours at once.
        gradient[.colors] = .colors([blue, red, blue])
        driver.frame(at: 0.2)
        #expect(gradient.animationCount == 0)
        #expect(gradient.value(.colors, .presentation) == .colors([blue, red, blue]))
    }
}
