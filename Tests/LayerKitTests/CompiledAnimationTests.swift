import Foundation
import Testing
@testable import LayerKit
import TestSupport

/// Layers whose animations are all numbers run them through a compiled program; every other
/// layer through the general evaluator. Both must show the same presentation, and the compiled
/// one must follow model changes, fill rules and callbacks as the general one does.
struct CompiledAnimationTests {
    /// Seed 000's three animations on one layer: a fall with ease-in sine, a turn, a keyframed fade.
    func seedAnimations(duration: Double = 8, phase: Double = 1.3) -> [PropertyAnimation] {
        let fall = basic("transform.translation.y", from: .number(0), to: .number(180), duration: duration) {
            $0.timingFunction = TimingFunction(easing: .sine, .easeIn)
        }
        let turn = basic("transform.rotation.z", from: .number(0), to: .number(-3 * Double.pi), duration: duration) {
            $0.timingFunction = .easeOut
        }
        let fade = KeyframeAnimation(keyPath: "opacity")
        fade.values = [.number(0), .number(1), .number(1), .number(0)]
        fade.keyTimes = [0, 0.3, 0.6, 1]
        fade.duration = duration
        fade.timingFunction = TimingFunction(easing: .sine, .easeInOut)
        for a in [fall, turn, fade] as [PropertyAnimation] {
            a.repeatCount = .infinity
            a.timeOffset = phase
        }
        return [fall, turn, fade]
    }

    /// An endless, cumulative keyframed opacity whose segments have curves of their own.
    func cumulativePulse() -> KeyframeAnimation {
        let pulse = KeyframeAnimation(keyPath: "opacity")
        pulse.values = [.number(0.2), .number(1), .number(0.4), .number(0.9)]
        pulse.keyTimes = [0, 0.25, 0.7, 1]
        pulse.timingFunctions = [.easeIn, TimingFunction(easing: .bounce, .easeOut), .linear]
        pulse.duration = 2.2
        pulse.isCumulative = true
        pulse.repeatCount = .infinity
        return pulse
    }

    /// Runs `animations()` on a layer of its own (compiled) and inside a group on another (the
    /// general path; a group begins with the layer's animations, so its children see the same
    /// times), from `start` to `end`, holding their transform, opacity and position to 1e-12.
    /// Returns the compiled layer. `change` is applied to both layers' models halfway.
    private func compareCompiledAndGeneral(_ animations: () -> [PropertyAnimation], model: Transform3D = .identity,
                                           from start: Double, to end: Double, by step: Double,
                                           change: ((Layer) -> Void)? = nil) throws -> Layer {
        let driver = FrameDriver()
        let direct = driver.committedLayer(), grouped = driver.committedLayer()
        driver.scene.perform(actionsDisabled: true) {
            direct.set(.transform, model)
            grouped.set(.transform, model)
        }
        driver.frame(at: start)
        for (i, a) in animations().enumerated() { try direct.addAnimation(a, forKey: "a\(i)") }
        let group = AnimationGroup()
        group.animations = animations()
        group.duration = 1_000
        try grouped.addAnimation(group, forKey: "group")
        // One layer compiled, the other on the general path: the comparison is between the two.
        #expect(direct.currentProgram() != nil && grouped.currentProgram() == nil)
        var changed = change == nil
        for t in stride(from: start, through: end, by: step) {
            if !changed && t > (start + end) / 2, let change {
                driver.scene.perform(actionsDisabled: true) {
                    change(direct)
                    change(grouped)
                }
                changed = true
            }
            driver.frame(at: t)
            let a = direct.transform(.transform, .presentation), b = grouped.transform(.transform, .presentation)
            for (x, y) in zip(a.entries, b.entries) { #expect(close(x, y, 1e-12), "transform at \(t)") }
            let c = direct.transform(.sublayerTransform, .presentation), d = grouped.transform(.sublayerTransform, .presentation)
            for (x, y) in zip(c.entries, d.entries) { #expect(close(x, y, 1e-12), "sublayer transform at \(t)") }
            #expect(close(direct.number(.opacity, .presentation), grouped.number(.opacity, .presentation), 1e-12), "opacity at \(t)")
            #expect(close(direct.point(.position, .presentation).x, grouped.point(.position, .presentation).x, 1e-12), "x at \(t)")
            #expect(close(direct.point(.position, .presentation).y, grouped.point(.position, .presentation).y, 1e-12), "y at \(t)")
        }
        return direct
    }

    @Test func compiledAndGeneralEvaluationAgree() throws {
        let direct = try compareCompiledAndGeneral({ seedAnimations() }, model: Transform3D(scaleX: 0.2, y: 0.2),
                                                   from: 0.5, to: 20, by: 0.37)
        // Something actually moved: the fall and the fade are under way.
        #expect(direct.transform(.transform, .presentation).m42 > 0)
    }

    @Test func compiledAndGeneralAgreeOnCumulativeCyclesAndSegmentCurves() throws {
        // Linear, cumulative and autoreversing steps, a cubic Bézier, and keyframes whose
        // segments have curves of their own: each compiled form against the general path.
        func animations() -> [PropertyAnimation] {
            let drift = basic("position.x", from: .number(10), to: .number(30), duration: 1.5) {
                $0.isCumulative = true
                $0.repeatCount = 5
                $0.fillMode = .forwards
                $0.isRemovedOnCompletion = false
            }
            let sway = basic("transform.rotation.z", from: .number(-0.5), to: .number(0.5), duration: 0.8) {
                $0.autoreverses = true
                $0.repeatCount = .infinity
                $0.timingFunction = TimingFunction(controlPoints: 0.3, -0.4, 0.6, 1.5)
            }
            return [drift, sway, cumulativePulse()]
        }
        let direct = try compareCompiledAndGeneral(animations, from: 0.25, to: 12, by: 0.173)
        // The drift piled up five cycles, each on the 30 the one before ended on, and holds
        // there; the pulse keeps climbing.
        #expect(close(direct.point(.position, .presentation).x, 5 * 30, 1e-9))
        #expect(direct.number(.opacity, .presentation) > 2)
    }

    @Test func compiledAndGeneralAgreeWhenStepsShareTheirTiming() throws {
        // A step with its predecessor's timing reuses its fraction, and with its curve too its
        // eased fraction. Here: a turn about x (a general transform) and a scale sharing both;
        // a sublayer turn sharing the timing only; then a step whose timing differs by its
        // offset alone, which must not share, followed by two that share with it.
        func animations() -> [PropertyAnimation] {
            func endless(_ a: PropertyAnimation, offset: Double) -> PropertyAnimation {
                a.repeatCount = .infinity
                a.timeOffset = offset
                return a
            }
            let easeIn = TimingFunction(easing: .sine, .easeIn)
            let tilt = basic("transform.rotation.x", from: .number(0), to: .number(1.2), duration: 2) { $0.timingFunction = easeIn }
            let grow = basic("transform.scale.y", from: .number(1), to: .number(2), duration: 2) { $0.timingFunction = easeIn }
            let spin = basic("sublayerTransform.rotation.z", from: .number(0), to: .number(2), duration: 2)
            let slide = basic("position.x", from: .number(0), to: .number(50), duration: 2) { $0.timingFunction = easeIn }
            let fade = KeyframeAnimation(keyPath: "opacity")
            fade.values = [.number(0), .number(1), .number(0.5)]
            fade.keyTimes = [0, 0.4, 1]
            fade.duration = 2
            fade.timingFunction = easeIn
            let nudge = basic("transform.translation.x", from: .number(0), to: .number(10), duration: 2) { $0.isAdditive = true }
            let hop = KeyframeAnimation(keyPath: "position.y")
            hop.values = [.number(5), .number(25), .number(15)]
            hop.keyTimes = [0, 0.3, 0.8, 1]
            hop.calculationMode = .discrete
            hop.duration = 2
            return [endless(tilt, offset: 0.4), endless(grow, offset: 0.4), endless(spin, offset: 0.4),
                    endless(slide, offset: 0.5), endless(fade, offset: 0.5), endless(nudge, offset: 0.5),
                    endless(hop, offset: 0.5)]
        }
        let direct = try compareCompiledAndGeneral(animations, model: Transform3D(scaleX: 0.5, y: 0.5),
                                                   from: 0.25, to: 9, by: 0.173)
        #expect(direct.transform(.sublayerTransform, .presentation) != .identity)
        #expect([5, 25, 15].contains(direct.point(.position, .presentation).y))
    }

    @Test func endlessStepsOfEveryKindAgreeWithTheGeneralPath() throws {
        // Endless animations on the compiled loop's endless path: a partial slot, an additive
        // and cumulative keyframed slot with segment curves, the sine family in each mode, other
        // easings and a Bézier, autoreversing, a speed and offsets, a scale that multiplies all
        // three, and components of a simple model transform.
        func animations() -> [PropertyAnimation] {
            let fall = basic("transform.translation.y", from: .number(0), to: .number(120), duration: 3) {
                $0.timingFunction = TimingFunction(easing: .sine, .easeOut)
                $0.timeOffset = 0.3
            }
            let spin = basic("transform.rotation.z", from: .number(-1), to: .number(2), duration: 1.7) {
                $0.timingFunction = TimingFunction(controlPoints: 0.3, -0.4, 0.6, 1.5)
                $0.autoreverses = true
            }
            let grow = basic("transform.scale", from: .number(1), to: .number(1.5), duration: 2.1) {
                $0.isAdditive = true
                $0.speed = 1.5
            }
            let stretch = basic("transform.scale.x", from: .number(0.5), to: .number(2), duration: 1.3) {
                $0.timingFunction = TimingFunction(easing: .bounce, .easeInOut)
            }
            let drift = basic("position.x", from: .number(10), to: .number(40), duration: 2.5) {
                $0.timingFunction = TimingFunction(easing: .sine, .easeInOut)
                $0.isCumulative = true
            }
            let pulse = cumulativePulse()
            pulse.isAdditive = true
            let all: [PropertyAnimation] = [fall, spin, grow, stretch, drift, pulse]
            for a in all { a.repeatCount = .infinity }
            return all
        }
        let direct = try compareCompiledAndGeneral(animations, model: Transform3D(scaleX: 0.5, y: 0.25),
                                                   from: 0.25, to: 12, by: 0.173)
        #expect(direct.point(.position, .presentation).x > 40)
    }

    @Test func anEndlessAnimationWithAnEndlessDurationHoldsItsStart() throws {
        // A cycle that time cannot be divided into (an infinite duration) holds the animation at
        // its start, on the compiled loop's endless path as on the general path.
        func animations() -> [PropertyAnimation] {
            let still = basic("opacity", from: .number(0.3), to: .number(1), duration: .infinity) { $0.repeatCount = .infinity }
            let turn = basic("transform.rotation.z", from: .number(0), to: .number(1), duration: 2) { $0.repeatCount = .infinity }
            return [still, turn]
        }
        let direct = try compareCompiledAndGeneral(animations, from: 0.5, to: 4, by: 0.3)
        #expect(direct.number(.opacity, .presentation) == 0.3)
    }

    @Test func aCompiledProgramFollowsChangesToTheModel() throws {
        // A partial slot starts from the model's point, an additive slot adds to the model's
        // value, and a simple transform's components come from the model transform: changed
        // halfway, each shows in the next frame.
        func animations() -> [PropertyAnimation] {
            let rise = basic("position.y", from: .number(0), to: .number(100), duration: 2)
            let fade = basic("opacity", from: .number(0), to: .number(0.4), duration: 2) { $0.isAdditive = true }
            let turn = basic("transform.rotation.z", from: .number(0), to: .number(Double.pi), duration: 2)
            for a in [rise, fade, turn] { a.repeatCount = .infinity }
            return [rise, fade, turn]
        }
        let direct = try compareCompiledAndGeneral(animations, model: Transform3D(scaleX: 2, y: 3), from: 0.5, to: 6,
                                                   by: 0.25) { layer in
            layer.set(.position, Point(x: 321, y: 7))
            layer.set(.opacity, 0.1)
            layer.set(.transform, Transform3D(translationX: 5, y: 6, z: 0))
        }
        #expect(close(direct.point(.position, .presentation).x, 321))
        #expect(direct.transform(.transform, .presentation).m41 == 5)
    }

    @Test func aCompiledProgramScrubbedBackBeforeItsBeginShowsTheModel() throws {
        // A paused superlayer's time can go back: scrubbed to before its sublayer's animations
        // began, the sublayer shows its model values, as the general path does; scrubbed forward
        // again, the animations show.
        let driver = FrameDriver()
        let parent = driver.committedLayer()
        let child = Layer(scene: driver.scene)
        child.set(.opacity, 0.9)
        try parent.addSublayer(child)
        driver.frame(at: 1)
        let fade = basic("opacity", from: .number(0), to: .number(1), duration: 2) { $0.repeatCount = .infinity }
        let turn = basic("transform.rotation.z", from: .number(0), to: .number(1), duration: 2) { $0.repeatCount = .infinity }
        try child.addAnimation(fade, forKey: "fade")
        try child.addAnimation(turn, forKey: "turn")
        driver.run(until: 2)
        #expect(child.currentProgram() != nil)
        #expect(close(child.number(.opacity, .presentation), 0.5, 0.02))
        driver.scene.perform(actionsDisabled: true) {
            parent.set(.speed, 0)
            parent.set(.timeOffset, 0.5)
        }
        driver.frame(at: 2.5)
        #expect(child.number(.opacity, .presentation) == 0.9)
        #expect(child.transform(.transform, .presentation) == .identity)
        driver.scene.perform(actionsDisabled: true) { parent[.timeOffset] = .number(2) }
        driver.frame(at: 3)
        #expect(close(child.number(.opacity, .presentation), 0.5))
    }

    @Test func aTransformThatLeavesTheFiniteAndComesBackShowsAsTheGeneralPath() throws {
        // A scale that passes through infinity takes the general composition, which may put NaN
        // anywhere; back among finite numbers, every entry must be right again. The turn about
        // z, the depth scale and the opacity move all the while.
        func animations() -> [PropertyAnimation] {
            let stretch = KeyframeAnimation(keyPath: "transform.scale.x")
            stretch.values = [.number(1), .number(2), .number(.infinity), .number(2), .number(1)]
            stretch.keyTimes = [0, 0.25, 0.5, 0.75, 1]
            stretch.duration = 2
            let deep = basic("transform.scale.z", from: .number(1), to: .number(3), duration: 1.5)
            let turn = basic("transform.rotation.z", from: .number(0), to: .number(3), duration: 1.3)
            let fade = basic("opacity", from: .number(0.2), to: .number(1), duration: 0.7)
            let all: [PropertyAnimation] = [stretch, deep, turn, fade]
            for a in all { a.repeatCount = .infinity }
            return all
        }
        let driver = FrameDriver()
        let direct = driver.committedLayer(), grouped = driver.committedLayer()
        for (i, a) in animations().enumerated() { try direct.addAnimation(a, forKey: "a\(i)") }
        let group = AnimationGroup()
        group.animations = animations()
        group.duration = 1_000
        try grouped.addAnimation(group, forKey: "group")
        var sawNaN = false, sawFinite = false
        for t in stride(from: 0.05, through: 6, by: 0.07) {
            driver.frame(at: t)
            let a = direct.transform(.transform, .presentation), b = grouped.transform(.transform, .presentation)
            // (The group's children reach their times by other arithmetic: the last bits may differ.)
            for (x, y) in zip(a.entries, b.entries) {
                #expect(x == y || (x.isNaN && y.isNaN) || close(x, y, 1e-12), "compiled \(x), general \(y) at \(t)")
            }
            #expect(close(direct.number(.opacity, .presentation), grouped.number(.opacity, .presentation), 1e-12))
            if a.entries.contains(where: \.isNaN) { sawNaN = true } else if sawNaN { sawFinite = true }
        }
        #expect(sawNaN && sawFinite)
        #expect(direct.currentProgram() != nil)
    }

    @Test func layersOfEveryKindTakeTurnsInOneFrame() throws {
        // Layers whose steps are all endless and under way, layers with a finite animation or one
        // not begun yet, and a layer with timing of its own, interleaved: every one shows what
        // the general path shows.
        let driver = FrameDriver()
        var pairs: [(direct: Layer, grouped: Layer)] = []
        for i in 0..<8 {
            func animations() -> [PropertyAnimation] {
                var list: [PropertyAnimation] = seedAnimations(duration: 2 + Double(i) / 4, phase: Double(i) / 10)
                if i % 3 == 1 { list.append(basic("position.x", from: .number(0), to: .number(50), duration: 3)) }
                if i % 3 == 2 { list[0].beginTime = 0.6 + Double(i) / 10 }
                return list
            }
            let direct = driver.committedLayer(), grouped = driver.committedLayer()
            if i == 5 {
                driver.scene.perform(actionsDisabled: true) {
                    direct.set(.speed, 1.25)
                    grouped.set(.speed, 1.25)
                }
            }
            for (k, a) in animations().enumerated() { try direct.addAnimation(a, forKey: "a\(k)") }
            let group = AnimationGroup()
            group.animations = animations()
            group.duration = 1_000
            try grouped.addAnimation(group, forKey: "group")
            pairs.append((direct, grouped))
        }
        for t in stride(from: 0.1, through: 5, by: 0.21) {
            driver.frame(at: t)
            for (i, pair) in pairs.enumerated() {
                let a = pair.direct.transform(.transform, .presentation), b = pair.grouped.transform(.transform, .presentation)
                for (x, y) in zip(a.entries, b.entries) { #expect(close(x, y, 1e-12), "layer \(i) at \(t)") }
                #expect(close(pair.direct.number(.opacity, .presentation), pair.grouped.number(.opacity, .presentation), 1e-12))
                #expect(close(pair.direct.point(.position, .presentation).x, pair.grouped.point(.position, .presentation).x, 1e-12))
            }
        }
        #expect(pairs.allSatisfy { $0.direct.currentProgram() != nil })
    }

    @Test func compiledAndGeneralAgreeOnASimpleTransformBesideASublayerTransform() throws {
        // The transform stays simple (its seven components), while the sublayer transform is
        // worked on in full: both from the model, in one program.
        func animations() -> [PropertyAnimation] {
            let fall = basic("transform.translation.y", from: .number(0), to: .number(90), duration: 3)
            let turn = basic("sublayerTransform.rotation.z", from: .number(0), to: .number(1), duration: 3) {
                $0.isAdditive = true
            }
            for a in [fall, turn] { a.repeatCount = .infinity }
            return [fall, turn]
        }
        let direct = try compareCompiledAndGeneral(animations, model: Transform3D(scaleX: 2, y: 3),
                                                   from: 0.2, to: 7, by: 0.29)
        #expect(direct.transform(.transform, .presentation).m42 > 0)
    }

    @Test func aSublayerTurnAloneStartsFromTheModelSublayerTransform() throws {
        // Only the sublayer transform is animated: its compiled steps start from the model's
        // sublayer transform (a scale here), not from the identity.
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("sublayerTransform.rotation.z", from: .number(0), to: .number(Double.pi),
                                                 duration: 2)) {
            $0.set(.sublayerTransform, Transform3D(scaleX: 2, y: 3))
        }
        driver.frame(at: 1)
        let m = layer.transform(.sublayerTransform, .presentation)
        // A scale of (2, 3) then a quarter turn: x goes to (0, 2), y to (-3, 0).
        #expect(abs(m.m11) < 1e-12 && abs(m.m12 - 2) < 1e-12)
        #expect(abs(m.m21 + 3) < 1e-12 && abs(m.m22) < 1e-12)
    }

    @Test(arguments: ["transform.translation.y", "transform.rotation.z", "transform.scale.x"],
          [Double.infinity, -Double.infinity, Double.nan, Double.greatestFiniteMagnitude])
    func aComponentBeyondFiniteShowsAsTheGeneralPathShowsIt(_ keyPath: String, _ end: Double) throws {
        // A compiled simple transform multiplies itself out only when its seven components are
        // finite; otherwise it takes the general composition, like the general path.
        let driver = FrameDriver()
        let direct = driver.committedLayer(), grouped = driver.committedLayer()
        let wild = basic(keyPath, from: .number(0), to: .number(end), duration: 2)
        let turn = basic(keyPath == "transform.rotation.z" ? "transform.translation.x" : "transform.rotation.z",
                         from: .number(0), to: .number(1), duration: 2)
        try direct.addAnimation(wild, forKey: "wild")
        try direct.addAnimation(turn, forKey: "turn")
        let group = AnimationGroup()
        group.animations = [wild, turn]
        group.duration = 2
        try grouped.addAnimation(group, forKey: "group")
        driver.frame(at: 0.5)
        let a = direct.transform(.transform, .presentation), b = grouped.transform(.transform, .presentation)
        for (x, y) in zip(a.entries, b.entries) {
            #expect(x == y || (x.isNaN && y.isNaN), "compiled \(x), general \(y)")
        }
    }

    @Test func componentsWhoseSumOverflowsShowAsTheGeneralPathShowsThem() throws {
        // Each component is finite, but together they overflow the finiteness test's sum: the
        // compiled transform takes the general composition, which must give the same matrix.
        let driver = FrameDriver()
        let direct = driver.committedLayer(), grouped = driver.committedLayer()
        let big = Double.greatestFiniteMagnitude
        let across = basic("transform.translation.x", from: .number(big), to: .number(big), duration: 2)
        let down = basic("transform.translation.y", from: .number(big), to: .number(big), duration: 2)
        let turn = basic("transform.rotation.z", from: .number(0), to: .number(1), duration: 2)
        for (i, a) in [across, down, turn].enumerated() { try direct.addAnimation(a, forKey: "a\(i)") }
        let group = AnimationGroup()
        group.animations = [across, down, turn]
        group.duration = 2
        try grouped.addAnimation(group, forKey: "group")
        driver.frame(at: 0.5)
        let a = direct.transform(.transform, .presentation), b = grouped.transform(.transform, .presentation)
        #expect(a.m41 == big && a.m42 == big)
        for (x, y) in zip(a.entries, b.entries) { #expect(x == y, "compiled \(x), general \(y)") }
    }

    @Test func aComponentAnimationFollowsChangesToTheOtherComponents() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("position.y", from: .number(0), to: .number(100), duration: 2))
        driver.frame(at: 1)
        #expect(close(layer.point(.position, .presentation).y, 50))
        driver.scene.perform(actionsDisabled: true) { layer[.position] = .point(Point(x: 321, y: 7)) }
        driver.frame(at: 1.5)
        let p = layer.point(.position, .presentation)
        #expect(close(p.x, 321))
        #expect(close(p.y, 75))
    }

    @Test func anAdditiveAnimationAddsToTheModelValueEveryFrame() throws {
        let driver = FrameDriver()
        let a = basic("opacity", from: .number(0), to: .number(0.4), duration: 2) { $0.isAdditive = true }
        let layer = try driver.layer(with: a) { $0[.opacity] = .number(0.5) }
        driver.frame(at: 1)
        #expect(close(layer.number(.opacity, .presentation), 0.5 + 0.2))
        driver.scene.perform(actionsDisabled: true) { layer[.opacity] = .number(0.1) }
        driver.frame(at: 1.5)
        #expect(close(layer.number(.opacity, .presentation), 0.1 + 0.3))
    }

    @Test func aTurnComposesWithTheModelTransformAsItChanges() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("transform.rotation.z", from: .number(0), to: .number(Double.pi), duration: 2))
        driver.frame(at: 1)
        var m = layer.transform(.transform, .presentation)
        #expect(close(m.m11, 0, 1e-12) && close(m.m12, 1, 1e-12))
        driver.scene.perform(actionsDisabled: true) { layer[.transform] = .transform(Transform3D(scaleX: 2, y: 3)) }
        driver.frame(at: 1)
        m = layer.transform(.transform, .presentation)
        #expect(close(m.m12, 2, 1e-12) && close(m.m21, -3, 1e-12))
    }

    @Test func beforeItBeginsAndAfterItEndsTheModelShows() throws {
        let driver = FrameDriver()
        let a = basic("transform.rotation.z", from: .number(1), to: .number(2), duration: 1) { $0.beginTime = 5 }
        let fade = basic("opacity", from: .number(0), to: .number(0.5), duration: 1) { $0.beginTime = 5 }
        let layer = try driver.layer(with: a) { $0[.opacity] = .number(0.9) }
        try layer.addAnimation(fade, forKey: "fade")
        driver.frame(at: 2)
        #expect(layer.transform(.transform, .presentation) == .identity)
        #expect(close(layer.number(.opacity, .presentation), 0.9))
        driver.frame(at: 5.5)
        #expect(close(layer.number(.opacity, .presentation), 0.25))
        #expect(layer.transform(.transform, .presentation) != .identity)
        driver.frame(at: 7)
        #expect(layer.transform(.transform, .presentation) == .identity)
        #expect(close(layer.number(.opacity, .presentation), 0.9))
    }

    @Test func startAndStopCallbacksRunOnceInOrder() throws {
        let driver = FrameDriver()
        var events: [String] = []
        let a = basic("opacity", from: .number(0), to: .number(1), duration: 0.5)
        a.onStart = { _ in events.append("start") }
        a.onStop = { _, finished in events.append("stop \(finished)") }
        let layer = try driver.layer(with: a)
        driver.run(for: 1)
        #expect(events == ["start", "stop true"])
        #expect(layer.animationCount == 0)
    }

    @Test(arguments: [0.0, 1e-9, 0.5, 1, Double.pi / 4, Double.pi / 2, 3, -7.25, 100.5, 98_765.4321, -1e5, 2e6, 1e12])
    func composedTurnsMatchTheRotationMatrix(_ angle: Double) {
        var parts = TransformParts()
        parts.rotationZ = angle
        let composed = Transform3D(parts: parts)
        let expected = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
        for (x, y) in zip(composed.entries, expected.entries) { #expect(abs(x - y) <= 4e-16 * max(1, abs(angle))) }
    }

    @Test func keyframeSegmentsAreFoundAsAScanFindsThem() {
        // The segment is counted without a branch; a scan from the start, stopping at the first
        // key time above the fraction, must agree at every fraction: at the key times
        // themselves, between them, and with key times repeated.
        var random = SeededRandom(seed: 7)
        for n in 2...9 {
            for _ in 0..<20 {
                var times = (0..<n).map { _ in (random.nextUnit() * 8).rounded() / 8 }.sorted()
                times[0] = 0
                let values = (0..<n).map { _ in random.nextUnit() * 10 - 5 }
                let track = NumberKeyframes(times: times, values: values, curves: [], discrete: false)
                defer { track.deallocate() }
                for f in times + (0...40).map({ Double($0) / 40 }) + [-0.5, 1.5] {
                    var expected: Double
                    if n == 1 || f <= times[0] {
                        expected = values[0]
                    } else if f >= times[n - 1] {
                        expected = values[n - 1]
                    } else {
                        var i = 0
                        while i + 2 < n && f >= times[i + 1] { i += 1 }
                        let span = times[i + 1] - times[i]
                        let local = span > 0 ? (f - times[i]) / span : 1
                        expected = values[i] + (values[i + 1] - values[i]) * local
                    }
                    #expect(track.value(at: f) == expected, "times \(times) at \(f)")
                }
            }
        }
    }

    @Test func sineEasingMatchesItsFormula() {
        let easeIn = TimingFunction(easing: .sine, .easeIn), inOut = TimingFunction(easing: .sine, .easeInOut)
        for i in 0...1000 {
            let t = Double(i) / 1000
            #expect(abs(easeIn.evaluate(t) - (1 - cos(t * Double.pi / 2))) <= 3e-16)
            #expect(abs(inOut.evaluate(t) - (1 - cos(Double.pi * t)) / 2) <= 3e-16)
        }
    }
}
