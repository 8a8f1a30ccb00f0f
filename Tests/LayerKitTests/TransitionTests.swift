import Testing
import LayerKit
import TestSupport

/// CATransition: its progress over time, the appearance it starts from, its key, its completion.
struct TransitionTests {
    private let red = Color(r: 1, g: 0, b: 0)
    private let blue = Color(r: 0, g: 0, b: 1)

    private func transition(_ type: TransitionType = .fade, duration: Double = 1) -> Transition {
        let t = Transition()
        t.type = type
        t.duration = duration
        return t
    }

    private func progress(_ layer: Layer) -> Double? {
        layer.transitionShown(.presentation)?.progress
    }

    /// A layer on screen running `t`, added at the driver's time and begun at its next frame.
    private func running(_ t: Transition) -> (FrameDriver, Layer, start: Double) {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        driver.scene.perform { try? layer.addAnimation(t) }
        driver.frame(at: driver.time)
        return (driver, layer, driver.time)
    }

    @Test func progressRunsLinearlyFromStartToEndProgress() throws {
        let t = transition()
        t.startProgress = 0.2
        t.endProgress = 0.6
        let (driver, layer, start) = running(t)
        #expect(close(try #require(progress(layer)), 0.2))
        driver.run(until: start + 0.5)
        #expect(close(try #require(progress(layer)), 0.4, 1e-9))
        driver.run(until: start + 0.75)
        #expect(close(try #require(progress(layer)), 0.5, 1e-9))
    }

    @Test func progressFollowsTheTimingFunction() throws {
        let t = transition()
        t.timingFunction = .easeIn
        let (driver, layer, start) = running(t)
        driver.run(until: start + 0.5)
        let eased = TimingFunction.easeIn.evaluate(0.5)
        #expect(close(try #require(progress(layer)), eased, 1e-6))
        #expect(eased < 0.4)
    }

    @Test func anEndBelowTheStartHoldsTheStart() throws {
        let t = transition()
        t.startProgress = 0.7
        t.endProgress = 0.3
        let (driver, layer, _) = running(t)
        driver.run(for: 0.5)
        #expect(close(try #require(progress(layer)), 0.7))
    }

    @Test func itRunsUnderTheKeyTransitionAndASecondReplacesTheFirst() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        var stops: [Bool] = []
        let first = transition(.push)
        first.onStop = { _, finished in stops.append(finished) }
        driver.scene.perform { try? layer.addAnimation(first, forKey: "mine") }
        #expect(layer.animationKeys() == ["transition"])
        driver.run(for: 0.2)
        driver.scene.perform { try? layer.addAnimation(self.transition(.reveal)) }
        #expect(layer.animationKeys() == ["transition"])
        #expect((layer.animation(forKey: "transition") as? Transition)?.type == .reveal)
        driver.frame(at: driver.time)
        #expect(stops == [false])
    }

    @Test func itEndsAndRunsItsCompletionLikeAnyAnimation() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        var stopped: Bool?
        var completed = 0.0
        let t = transition(duration: 0.5)
        t.onStop = { _, finished in stopped = finished }
        let tx = driver.scene.transactions
        driver.scene.perform {
            tx.begin()
            tx.setCompletionBlock { completed = driver.scene.time }
            try? layer.addAnimation(t)
            try? tx.commit()
        }
        let start = driver.time
        driver.run(until: start + 0.4)
        #expect(stopped == nil && completed == 0)
        #expect(progress(layer) != nil)
        driver.run(until: start + 0.6)
        #expect(stopped == true)
        #expect(completed >= start + 0.5)
        #expect(progress(layer) == nil)
        #expect(layer.animationKeys().isEmpty)
    }

    /// The idiom both ways round: a change before and after `addAnimation` in one transaction;
    /// the transition starts from the layer as it was when the transaction began.
    @Test(arguments: [true, false])
    func itStartsFromTheAppearanceBeforeTheTransaction(changeFirst: Bool) throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let label = TextLayer(scene: driver.scene)
        label.string = "old"
        label.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        let dot = Layer(scene: driver.scene)
        dot.set(.backgroundColor, red)
        driver.scene.perform {
            try? layer.addSublayer(label)
            try? layer.addSublayer(dot)
        }
        driver.run(for: 0.1)
        driver.scene.perform {
            if changeFirst {
                label.string = "new"
                dot.set(.backgroundColor, blue)
                dot.removeFromSuperlayer()
            }
            try? layer.addAnimation(transition())
            if !changeFirst {
                label.string = "new"
                dot.set(.backgroundColor, blue)
                dot.removeFromSuperlayer()
            }
        }
        driver.run(for: 0.1)
        let before = StateSlot.before(try #require(layer.transitionShown(.presentation)).before)
        #expect(label.string(before) == "old")
        #expect(label.string == "new")
        #expect(layer.sublayers(before).count == 2)
        #expect(layer.sublayers.count == 1)
        #expect(dot.color(.backgroundColor, before) == red)
        // The change shows at once in the "after" appearance: the transition takes the place of
        // its implicit animation.
        #expect(dot.animationKeys().isEmpty)
        #expect(dot.color(.backgroundColor, .presentation) == blue)
    }

    @Test func changesInTheSubtreeMakeNoImplicitAnimationsButTheLayersGeometryDoes() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let child = Layer(scene: driver.scene)
        driver.scene.perform { try? layer.addSublayer(child) }
        driver.run(for: 0.1)
        driver.scene.perform {
            child.set(.opacity, 0.5)
            layer.set(.backgroundColor, blue)
            try? layer.addAnimation(transition())
            child.set(.position, Point(x: 30, y: 30))
            layer.set(.position, Point(x: 80, y: 80))
        }
        #expect(child.animationKeys().isEmpty)
        #expect(layer.animationKeys() == ["transition", "position"])
    }

    @Test func aLaterTransactionAnimatesImplicitlyAgain() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let child = Layer(scene: driver.scene)
        driver.scene.perform { try? layer.addSublayer(child) }
        driver.run(for: 0.1)
        driver.scene.perform { try? layer.addAnimation(transition()) }
        driver.run(for: 0.1)
        driver.scene.perform { child[.opacity] = .number(0.5) }
        #expect(child.animationKeys() == ["opacity"])
    }

    @Test func lookingAtAnotherMomentPutsTheProgressBack() throws {
        let (driver, layer, start) = running(transition())
        driver.run(until: start + 0.25)
        var seen: Double?
        driver.scene.withPresentation(at: start + 0.75) { seen = progress(layer) }
        #expect(close(try #require(seen), 0.75, 1e-9))
        // A direct read after a moment was drawn asks for the presentation at the scene's time.
        driver.scene.ensurePresentation()
        #expect(close(try #require(progress(layer)), 0.25, 1e-9))
    }
}
