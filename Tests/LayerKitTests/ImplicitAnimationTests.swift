import Testing
import LayerKit
import TestSupport

/// Implicit animations: setting a property of a layer on screen animates it.
struct ImplicitAnimationTests {
    @Test func settingAPropertyAnimatesFromThePresentationValue() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        driver.scene.perform { layer[.opacity] = .number(0.2) }
        #expect(layer.number(.opacity) == 0.2)
        #expect(layer.animationKeys() == ["opacity"])
        driver.frame(at: 0.125)
        let expected = 1 + (0.2 - 1) * TimingFunction.default.evaluate(0.5)
        #expect(close(layer.number(.opacity, .presentation), expected))
        driver.frame(at: 0.3)
        #expect(layer.number(.opacity, .presentation) == 0.2)
        #expect(layer.animationKeys().isEmpty)
    }

    @Test func disableActionsSetsAtOnce() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        driver.scene.perform(actionsDisabled: true) { layer[.opacity] = .number(0.2) }
        #expect(layer.animationKeys().isEmpty)
        #expect(layer.number(.opacity, .presentation) == 0.2)
    }

    @Test func aLayerAddedInTheSameTransactionDoesNotAnimate() throws {
        let driver = FrameDriver()
        driver.scene.perform {
            let layer = Layer(scene: driver.scene)
            try? driver.root.addSublayer(layer)
            layer.set(.position, Point(x: 50, y: 50))
            #expect(layer.animationKeys().isEmpty)
        }
    }

    @Test func theRootLayerDoesNotAnimate() {
        let driver = FrameDriver()
        driver.scene.perform { driver.root[.backgroundColor] = .color(.white) }
        #expect(driver.root.animationKeys().isEmpty)
        #expect(driver.root.color(.backgroundColor, .presentation) == .white)
    }

    @Test func layerActionSwitches() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        layer.actions = ["position": .disabled]
        driver.scene.perform {
            layer.set(.position, Point(x: 5, y: 5))
            layer.set(.opacity, 0.5)
        }
        #expect(layer.animationKeys() == ["opacity"])
        layer.actionsEnabled = false
        driver.scene.perform { layer[.bounds] = .rect(Rect(x: 0, y: 0, width: 3, height: 3)) }
        #expect(layer.animationKeys() == ["opacity"])
    }

    @Test func transactionSettingsShapeImplicitAnimations() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        driver.scene.perform {
            driver.scene.transactions.setAnimationDuration(1)
            driver.scene.transactions.setAnimationTimingFunction(.linear)
            layer.set(.opacity, 0)
        }
        driver.frame(at: 0.5)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
    }

    @Test func settingFrameAnimatesBoundsAndPosition() {
        let driver = FrameDriver()
        let layer = driver.committedLayer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        driver.scene.perform { layer.frame = Rect(x: 100, y: 0, width: 30, height: 10) }
        #expect(Set(layer.animationKeys()) == ["bounds", "position"])
        #expect(layer.frame == Rect(x: 100, y: 0, width: 30, height: 10))
    }

    @Test func animationsAddedToALayerNotYetInTheTreeStartWhenItJoins() throws {
        let driver = FrameDriver()
        driver.run(until: 1)
        let layer = Layer(scene: driver.scene)
        try layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 1), forKey: "a")
        driver.run(until: 3)
        try driver.root.addSublayer(layer)
        driver.frame(at: 3.5)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
    }
}
