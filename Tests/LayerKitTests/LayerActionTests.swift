import Testing
import LayerKit
import TestSupport

/// A layer's `actions`: an animation of one's own for a key, filled in as the default action is;
/// the default action; and setting values by key path, which animates as setting a property does.
struct LayerActionTests {
    @Test func anActionsAnimationRunsWithItsOwnDurationFromTheOldValue() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let custom = BasicAnimation(keyPath: "")
        custom.duration = 1
        layer.actions = ["opacity": .animation(custom)]
        driver.scene.perform { layer[.opacity] = .number(0) }
        #expect(layer.animationKeys() == ["opacity"])
        let running = layer.animation(forKey: "opacity") as? BasicAnimation
        #expect(running?.keyPath == "opacity")
        #expect(running?.fromValue == .number(1))
        #expect(running?.toValue == nil)
        // Linear (no timing function of its own, none in the transaction) over its own second.
        driver.frame(at: 0.25)
        #expect(close(layer.number(.opacity, .presentation), 0.75))
        driver.frame(at: 0.5)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        driver.frame(at: 1.01)
        #expect(layer.number(.opacity, .presentation) == 0)
    }

    @Test func anActionKeepsTheValuesItHasAndTakesTheTransactionsTimingFunctionWhenItHasNone() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let custom = BasicAnimation(keyPath: "")
        custom.toValue = .number(0.5)
        layer.actions = ["opacity": .animation(custom)]
        driver.scene.perform {
            driver.scene.transactions.setAnimationDuration(2)
            driver.scene.transactions.setAnimationTimingFunction(.easeIn)
            layer.set(.opacity, 0)
        }
        // From the old value to its own toValue, over the transaction's 2 s, eased in.
        driver.frame(at: 1)
        let f = TimingFunction.easeIn.evaluate(0.5)
        #expect(close(layer.number(.opacity, .presentation), 1 + (0.5 - 1) * f))
    }

    @Test func theTablesAnimationIsCopiedForEachChange() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let custom = BasicAnimation(keyPath: "")
        custom.duration = 1
        layer.actions = ["opacity": .animation(custom)]
        driver.scene.perform { layer[.opacity] = .number(0) }
        custom.duration = 4
        #expect(custom.fromValue == nil)
        driver.frame(at: 0.5)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        // The next change uses the animation as it is now.
        driver.scene.perform { layer[.position] = .point(Point(x: 1, y: 1)) }
        driver.frame(at: 1.5)
        driver.scene.perform { layer[.opacity] = .number(1) }
        driver.frame(at: 2.5)
        #expect(close(layer.number(.opacity, .presentation), 0.25))
    }

    @Test func aKeyframeOrSpringActionAnimatesTheKey() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let shake = KeyframeAnimation(keyPath: "")
        shake.values = [.number(0), .number(10), .number(0)]
        shake.duration = 1
        shake.isAdditive = true
        let spring = SpringAnimation(keyPath: "")
        layer.actions = ["zPosition": .animation(shake), "opacity": .animation(spring)]
        driver.scene.perform {
            layer.set(.zPosition, 5)
            layer.set(.opacity, 0)
        }
        #expect((layer.animation(forKey: "zPosition") as? KeyframeAnimation)?.keyPath == "zPosition")
        #expect((layer.animation(forKey: "opacity") as? SpringAnimation)?.fromValue == .number(1))
        driver.frame(at: 0.5)
        #expect(close(layer.number(.zPosition, .presentation), 15))
        #expect(layer.number(.opacity, .presentation) < 1)
    }

    @Test func aDisabledKeyStillSetsAtOnce() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        layer.actions = ["opacity": .disabled]
        driver.scene.perform { layer[.opacity] = .number(0.3) }
        #expect(layer.animationKeys().isEmpty)
        #expect(layer.number(.opacity, .presentation) == 0.3)
    }

    @Test func anActionOfTheWrongKindIsAnErrorAfterTheValueIsSet() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let wrong = BasicAnimation(keyPath: "")
        wrong.toValue = .color(.white)
        layer.actions = ["opacity": .animation(wrong)]
        driver.scene.perform {
            #expect(throws: PropertyError.actionFailed(
                key: "opacity", .wrongValue(field: "toValue", keyPath: "opacity", expected: .number, got: .color))) {
                try layer.setValue(.number(0), for: .opacity)
            }
        }
        #expect(layer.number(.opacity) == 0)
    }

    @Test func theDefaultActionIsABasicAnimationWithTheTransactionsSettings() {
        let driver = FrameDriver()
        let plain = Layer.defaultAction(forKey: "position")
        #expect(plain?.keyPath == "position")
        #expect(plain?.duration == 0.25)
        #expect(plain?.timingFunction?.evaluate(0.3) == TimingFunction.default.evaluate(0.3))
        #expect(plain?.fromValue == nil && plain?.toValue == nil)
        driver.scene.perform {
            driver.scene.transactions.setAnimationDuration(3)
            driver.scene.transactions.setAnimationTimingFunction(.linear)
            let set = Layer.defaultAction(forKey: "transform.rotation.z", transactions: driver.scene.transactions)
            #expect(set?.duration == 3)
            #expect(set?.timingFunction?.evaluate(0.3) == 0.3)
        }
        #expect(Layer.defaultAction(forKey: "masksToBounds") == nil)
        #expect(Layer.defaultAction(forKey: "nonsense") == nil)
        #expect(Layer.defaultAction(forKey: "fontSize", kind: .text) != nil)
    }

    @Test func settingAComponentAnimatesItsPropertyImplicitly() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        layer.set(.position, Point(x: 10, y: 20))
        driver.frame(at: 0)
        driver.scene.perform {
            driver.scene.transactions.setAnimationTimingFunction(.linear)
            try? layer.setValue(.number(110), forKeyPath: "position.x")
        }
        #expect(layer.point(.position) == Point(x: 110, y: 20))
        #expect(layer.animationKeys() == ["position"])
        driver.frame(at: 0.125)
        #expect(close(layer.point(.position, .presentation).x, 60))
        #expect(try layer.value(forKeyPath: "position.x") == .number(110))
        #expect(try layer.value(forKeyPath: "position.x", .presentation) == .number(60))
    }

    @Test func settingATransformComponentKeepsTheOthers() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        driver.scene.perform(actionsDisabled: true) {
            try? layer.setValue(.number(2), forKeyPath: "transform.scale")
            try? layer.setValue(.number(0.5), forKeyPath: "transform.rotation.z")
            try? layer.setValue(.number(3), forKeyPath: "sublayerTransform.scale")
            try? layer.setValue(.number(7), forKeyPath: "bounds.size.width")
        }
        #expect(close(try layer.value(forKeyPath: "transform.rotation.z").number, 0.5))
        #expect(close(try layer.value(forKeyPath: "transform.scale.x").number, 2))
        #expect(close(try layer.value(forKeyPath: "sublayerTransform.scale").number, 3))
        #expect(layer.rect(.bounds).width == 7)
        #expect(layer.animationKeys().isEmpty)
    }

    @Test func settingAnEmitterCellsPropertyByKeyPathAnimatesIt() throws {
        let driver = FrameDriver()
        let emitter = driver.emitter([cell("snow", birthRate: 10)])
        driver.scene.perform {
            driver.scene.transactions.setAnimationTimingFunction(.linear)
            try? emitter.setValue(.number(30), forKeyPath: "emitterCells.snow.birthRate")
        }
        #expect(emitter.animationKeys() == ["emitterCells.snow.birthRate"])
        driver.frame(at: 0.125)
        #expect(close(try emitter.value(forKeyPath: "emitterCells.snow.birthRate", .presentation).number, 20))
        #expect(try emitter.value(forKeyPath: "emitterCells.snow.birthRate") == .number(30))
        emitter.actions = ["emitterCells.snow.birthRate": .disabled]
        driver.scene.perform { try? emitter.setValue(.number(5), forKeyPath: "emitterCells.snow.birthRate") }
        #expect(try emitter.value(forKeyPath: "emitterCells.snow.birthRate", .presentation) == .number(5))
    }

    @Test func settingAFiltersInputByKeyPathAnimatesIt() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        try layer.setFilters([Filter(kind: .gaussianBlur, name: "blur")])
        try layer.setValue(.number(4), forKeyPath: "filters.blur.inputRadius")
        driver.frame(at: 0.1)
        driver.scene.perform {
            driver.scene.transactions.setAnimationTimingFunction(.linear)
            try? layer.setValue(.number(12), forKeyPath: "filters.blur.inputRadius")
        }
        #expect(layer.animationKeys() == ["filters.blur.inputRadius"])
        driver.frame(at: 0.225)
        #expect(close(try layer.value(forKeyPath: "filters.blur.inputRadius", .presentation).number, 8))
        #expect(try layer.value(forKeyPath: "filters.blur.inputRadius") == .number(12))
        #expect(throws: PropertyError.self) { try layer.setValue(.number(1), forKeyPath: "filters.glow.inputRadius") }
    }

    @Test func unknownKeyPathsAreErrorsWithASuggestion() {
        let layer = Layer(scene: Scene(size: Size(width: 10, height: 10)))
        #expect(throws: PropertyError.keyPath(.unknownProperty(keyPath: "positon.x", on: .layer, suggestion: "position"))) {
            try layer.setValue(.number(1), forKeyPath: "positon.x")
        }
        #expect(throws: PropertyError.wrongKind(name: "position.x", expected: .number, got: .color)) {
            try layer.setValue(.color(.white), forKeyPath: "position.x")
        }
        #expect(throws: KeyPathError.self) { try layer.value(forKeyPath: "emitterCells.a.birthRate") }
    }
}
