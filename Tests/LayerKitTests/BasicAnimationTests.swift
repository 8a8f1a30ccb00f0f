import Testing
import LayerKit
import TestSupport

/// CABasicAnimation's from/to/by rules, additive and cumulative, checked on presentation values.
struct BasicAnimationTests {
    /// Opacity half way through a one-second animation on a layer whose model opacity is 0.2.
    func opacityHalfway(_ animation: BasicAnimation) throws -> Double {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        driver.scene.perform(actionsDisabled: true) { layer[.opacity] = .number(0.2) }
        driver.frame(at: 1)
        try layer.addAnimation(animation, forKey: "fade")
        driver.frame(at: 1.5)
        return layer.number(.opacity, .presentation)
    }

    @Test(arguments: [
        ("from and to", 0.0 as Double?, 1.0 as Double?, nil as Double?, 0.5),
        ("from and by", 0.4, nil, 0.4, 0.6),
        ("to and by", nil, 1.0, 0.5, 0.75),
        ("from only: to the current value", 0.4, nil, nil, 0.3),
        ("to only: from the current value", nil, 1.0, nil, 0.6),
        ("by only: current to current + by", nil, nil, 0.4, 0.4),
        ("none: previous to current", nil, nil, nil, 0.2),
    ])
    func fromToByCombinations(_ name: String, from: Double?, to: Double?, by: Double?, expected: Double) throws {
        let a = basic("opacity", from: from.map { .number($0) }, to: to.map { .number($0) }, by: by.map { .number($0) })
        #expect(close(try opacityHalfway(a), expected), "\(name)")
    }

    @Test func additiveAddsToTheModelValue() throws {
        let a = basic("opacity", from: .number(0), to: .number(0.4)) { $0.isAdditive = true }
        #expect(close(try opacityHalfway(a), 0.4))
    }

    @Test func cumulativeContinuesFromTheLastRepeat() throws {
        let driver = FrameDriver()
        let a = basic("position.x", from: .number(0), to: .number(10)) { $0.isCumulative = true; $0.repeatCount = 3 }
        let layer = try driver.layer(with: a)
        driver.frame(at: 2.5)
        #expect(close(layer.point(.position, .presentation).x, 25))
    }

    /// Apple: each cycle shows "the value at the end of the previous repeat cycle, plus the value
    /// of the current repeat cycle": from 5 to 10, the second cycle runs 15 → 20.
    @Test(arguments: ["position.x", "position"])
    func eachCumulativeCycleAddsTheValueThePreviousOneEndedOn(_ keyPath: String) throws {
        let number = keyPath == "position.x"
        func value(_ x: Double) -> AnimationValue { number ? .number(x) : .point(Point(x: x, y: 0)) }
        let driver = FrameDriver()
        let a = basic(keyPath, from: value(5), to: value(10)) { $0.isCumulative = true; $0.repeatCount = 3 }
        let layer = try driver.layer(with: a)
        var xs: [Double] = []
        for t in [0.5, 1.5, 2.5] {
            driver.frame(at: t)
            xs.append(layer.point(.position, .presentation).x)
        }
        #expect(close(xs[0], 7.5) && close(xs[1], 17.5) && close(xs[2], 27.5), "\(xs)")
    }

    /// An autoreversing cycle ends where it began, so that is what the next one adds.
    @Test func anAutoreversedCumulativeCycleAddsItsStartValue() throws {
        let driver = FrameDriver()
        let a = basic("position.x", from: .number(5), to: .number(10)) {
            $0.isCumulative = true; $0.autoreverses = true; $0.repeatCount = 2
        }
        let layer = try driver.layer(with: a)
        driver.frame(at: 2.5)
        #expect(close(layer.point(.position, .presentation).x, 12.5))
    }

    /// `byValue` alone on a gradient's `colors` runs from the model's colours to them plus it,
    /// colour by colour.
    @Test func byValueAloneOnGradientColorsStartsFromTheModelColors() throws {
        let driver = FrameDriver()
        let gradient = GradientLayer(scene: driver.scene)
        try driver.root.addSublayer(gradient)
        let model = [Color(r: 0.2, g: 0.3, b: 0.4, a: 0.5), Color(r: 0.4, g: 0.3, b: 0.2, a: 0.5)]
        driver.scene.perform(actionsDisabled: true) { gradient[.colors] = .colors(model) }
        let by = Color(r: 0.2, g: 0.1, b: 0.2, a: 0.1)
        try gradient.addAnimation(basic("colors", by: .colors([by, by])), forKey: "tint")
        driver.frame(at: 0.5)
        guard case .colors(let shown) = gradient.value(.colors, .presentation) else {
            Issue.record("colors are not colours")
            return
        }
        let expected = [Color(r: 0.3, g: 0.35, b: 0.5, a: 0.55), Color(r: 0.5, g: 0.35, b: 0.3, a: 0.55)]
        #expect(shown.count == 2)
        for (a, b) in zip(shown, expected) {
            #expect(close(a.r, b.r) && close(a.g, b.g) && close(a.b, b.b) && close(a.a, b.a), "\(a) vs \(b)")
        }
    }

    /// A reversed animation on a layer: compiled (`position.x`) and general (`position`) alike,
    /// it plays from its timeOffset back to its start, then stops and is removed.
    @Test(arguments: ["position.x", "position"])
    func negativeSpeedPlaysTheAnimationBackwards(_ keyPath: String) throws {
        let number = keyPath == "position.x"
        func value(_ x: Double) -> AnimationValue { number ? .number(x) : .point(Point(x: x, y: 0)) }
        let driver = FrameDriver()
        var finished: Bool?
        let a = basic(keyPath, from: value(0), to: value(100), duration: 2) {
            $0.speed = -1
            $0.timeOffset = 2
            $0.onStop = { _, done in finished = done }
        }
        let layer = try driver.layer(with: a) { l in
            driver.scene.perform(actionsDisabled: true) { l[.position] = .point(Point(x: 7, y: 0)) }
        }
        var xs: [Double] = []
        for t in [0.0, 0.5, 1.5] {
            driver.frame(at: t)
            xs.append(layer.point(.position, .presentation).x)
        }
        #expect(close(xs[0], 100) && close(xs[1], 75) && close(xs[2], 25), "\(xs)")
        driver.frame(at: 2.1)
        #expect(finished == true)
        #expect(layer.animationKeys().isEmpty)
        #expect(layer.point(.position, .presentation).x == 7)
    }

    @Test func presentationFollowsTheTimingFunction() throws {
        let driver = FrameDriver()
        let a = basic("position.x", from: .number(0), to: .number(100)) { $0.timingFunction = .easeIn }
        let layer = try driver.layer(with: a)
        driver.frame(at: 0.5)
        let expected = 100 * TimingFunction.easeIn.evaluate(0.5)
        #expect(close(layer.point(.position, .presentation).x, expected))
        #expect(expected < 40)
    }

    @Test func modelShowsAgainAfterTheAnimationIsRemoved() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("opacity", from: .number(0), to: .number(0.5), duration: 1))
        driver.frame(at: 0.5)
        #expect(close(layer.number(.opacity, .presentation), 0.25))
        driver.frame(at: 1.2)
        #expect(layer.animationKeys().isEmpty)
        #expect(layer.number(.opacity, .presentation) == 1)
        #expect(layer.number(.opacity) == 1)
    }

    @Test func fillForwardsHoldsTheEndValueWhileTheModelIsUnchanged() throws {
        let driver = FrameDriver()
        let a = basic("opacity", from: .number(0), to: .number(0.5)) {
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        let layer = try driver.layer(with: a)
        driver.frame(at: 3)
        #expect(layer.animationKeys() == ["test"])
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        #expect(layer.number(.opacity) == 1)
        layer.removeAnimation(forKey: "test")
        #expect(layer.number(.opacity, .presentation) == 1)
    }

    @Test func fillBackwardsShowsTheStartBeforeBeginTime() throws {
        let driver = FrameDriver()
        let a = basic("opacity", from: .number(0.1), to: .number(0.5)) {
            $0.beginTime = 2
            $0.fillMode = .backwards
        }
        let layer = try driver.layer(with: a)
        driver.frame(at: 1)
        #expect(close(layer.number(.opacity, .presentation), 0.1))
        driver.frame(at: 2.5)
        #expect(close(layer.number(.opacity, .presentation), 0.3))
    }

    @Test func addingCopiesTheAnimation() throws {
        let driver = FrameDriver()
        let a = basic("opacity", from: .number(0), to: .number(1))
        let layer = try driver.layer(with: a)
        a.toValue = .number(0)
        a.duration = 100
        driver.frame(at: 0.5)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        #expect(layer.animation(forKey: "test") !== a)
    }

    @Test func aSecondAnimationUnderTheSameKeyReplacesTheFirst() throws {
        let driver = FrameDriver()
        var stopped: [Bool] = []
        let first = basic("opacity", from: .number(0), to: .number(1)) { $0.onStop = { _, finished in stopped.append(finished) } }
        let layer = try driver.layer(with: first, key: "fade")
        try layer.addAnimation(basic("opacity", from: .number(1), to: .number(0)), forKey: "fade")
        #expect(stopped == [false])
        driver.frame(at: 0.25)
        #expect(close(layer.number(.opacity, .presentation), 0.75))
        #expect(layer.animationKeys() == ["fade"])
    }

    @Test func laterAnimationsApplyOnTopAndAdditiveOnesStack() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        try layer.addAnimation(basic("position.x", from: .number(0), to: .number(100)), forKey: "a")
        try layer.addAnimation(basic("position.x", from: .number(0), to: .number(10)) { $0.isAdditive = true }, forKey: "b")
        driver.frame(at: 0.5)
        #expect(close(layer.point(.position, .presentation).x, 55))
        try layer.addAnimation(basic("position.x", from: .number(7), to: .number(7)), forKey: "c")
        driver.frame(at: 0.6)
        #expect(close(layer.point(.position, .presentation).x, 7))
    }

    @Test func startAndStopCallbacksRunAfterTheFrame() throws {
        let driver = FrameDriver()
        var events: [String] = []
        let a = basic("opacity", from: .number(0), to: .number(1), duration: 0.5) {
            $0.onStart = { _ in events.append("start") }
            $0.onStop = { _, finished in events.append("stop \(finished)") }
        }
        _ = try driver.layer(with: a)
        #expect(events.isEmpty)
        driver.frame(at: 0.1)
        #expect(events == ["start"])
        driver.frame(at: 0.6)
        #expect(events == ["start", "stop true"])
    }

    @Test func zeroDurationUsesTheTransactionDuration() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        driver.scene.perform {
            driver.scene.transactions.setAnimationDuration(2)
            try? layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 0), forKey: "a")
        }
        driver.frame(at: 1)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        try layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 0), forKey: "b")
        driver.frame(at: 1.125)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
    }

    @Test func wrongValueKindsAreReportedWhenAdded() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let a = basic("opacity", from: .point(Point(x: 1, y: 2)), to: .number(1))
        #expect(throws: AnimationError.wrongValue(field: "fromValue", keyPath: "opacity", expected: .number, got: .point)) {
            try layer.addAnimation(a, forKey: "x")
        }
        #expect(layer.animationKeys().isEmpty)
    }

    @Test func unknownKeyPathsAreReportedWhenAdded() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        #expect(throws: AnimationError.self) { try layer.addAnimation(basic("opactiy", to: .number(1)), forKey: "x") }
        do {
            try layer.addAnimation(basic("opactiy", to: .number(1)), forKey: "x")
        } catch {
            #expect(error.description == "unknown key path 'opactiy' on Layer (did you mean 'opacity'?)")
        }
    }
}
