import Testing
import LayerKit
import TestSupport

/// A frame visits the layers it must through a plan made from the tree and kept from frame to
/// frame. Whatever changes between frames — the tree, a layer's animations, its timing, its model
/// transform — the next frame must show it, and a layer gone from the tree must be left alone.
struct PresentationPlanTests {
    /// A layer whose opacity goes from 0 to 1 over `duration` seconds from now.
    private func fading(_ driver: FrameDriver, duration: Double = 2) throws -> Layer {
        try driver.layer(with: basic("opacity", from: .number(0), to: .number(1), duration: duration))
    }

    @Test func aLayerAddedAfterFramesHaveRunAnimatesFromItsNextFrame() throws {
        let driver = FrameDriver()
        let first = try fading(driver)
        driver.frame(at: 0.5)
        let second = try fading(driver)
        driver.frame(at: 1)
        #expect(close(first.number(.opacity, .presentation), 0.5))
        #expect(close(second.number(.opacity, .presentation), 0.25))
    }

    @Test func anAnimationAddedToAStillLayerShowsAtTheNextFrame() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        driver.frame(at: 0.5)
        try layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 2), forKey: "fade")
        driver.frame(at: 1.5)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
    }

    @Test func anAnimationReplacedUnderItsKeyShowsTheNewValues() throws {
        let driver = FrameDriver()
        let layer = try fading(driver)
        driver.frame(at: 0.5)
        try layer.addAnimation(basic("opacity", from: .number(1), to: .number(0.5), duration: 1), forKey: "test")
        driver.frame(at: 1)
        #expect(close(layer.number(.opacity, .presentation), 0.75))
        layer.removeAllAnimations()
        driver.frame(at: 1.25)
        #expect(close(layer.number(.opacity, .presentation), 1))
    }

    @Test func aLayerRemovedFromTheTreeStopsAdvancingAndGoesOnWhenItIsBack() throws {
        let driver = FrameDriver()
        var stops = 0
        let animation = basic("opacity", from: .number(0), to: .number(1), duration: 1)
        animation.onStop = { _, _ in stops += 1 }
        let layer = try driver.layer(with: animation)
        driver.frame(at: 0.5)
        layer.removeFromSuperlayer()
        driver.run(until: 2)
        #expect(stops == 0)
        #expect(layer.animationCount == 1)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        try driver.root.addSublayer(layer)
        driver.frame(at: 2.1)
        #expect(stops == 1)
    }

    @Test func aLayerFreedAfterItsRemovalIsNotVisited() throws {
        let driver = FrameDriver()
        var layers: [Layer] = try (0..<20).map { _ in try fading(driver) }
        let kept = layers[19]
        driver.frame(at: 0.5)
        for layer in layers.dropLast() { layer.removeFromSuperlayer() }
        layers.removeAll()
        driver.frame(at: 1)
        #expect(driver.root.sublayers.count == 1)
        #expect(close(kept.number(.opacity, .presentation), 0.5))
    }

    @Test func sublayersFollowTheirSuperlayersSpeedAsItIsSetAndChanged() throws {
        let driver = FrameDriver()
        let parent = driver.committedLayer()
        let child = Layer(scene: driver.scene)
        try parent.addSublayer(child)
        try child.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 8), forKey: "fade")
        driver.frame(at: 1)
        #expect(close(child.number(.opacity, .presentation), 1.0 / 8))
        // From here the parent's time runs at twice the media time: it was 1 at media time 1.
        driver.scene.perform { parent[.speed] = .number(2); parent[.beginTime] = .number(0.5) }
        driver.frame(at: 2)
        #expect(close(child.number(.opacity, .presentation), 3.0 / 8))
        driver.scene.perform { parent[.speed] = .number(4); parent[.beginTime] = .number(1.25) }
        driver.frame(at: 2.5)
        #expect(close(child.number(.opacity, .presentation), 5.0 / 8))
        driver.scene.perform { parent[.speed] = .number(1); parent[.beginTime] = .number(0) }
        driver.frame(at: 3)
        #expect(close(child.number(.opacity, .presentation), 3.0 / 8))
    }

    @Test func aLayerMovedUnderAPausedSuperlayerStops() throws {
        let driver = FrameDriver()
        let paused = driver.committedLayer()
        driver.scene.perform { paused[.speed] = .number(0); paused[.timeOffset] = .number(0.5) }
        let layer = try fading(driver)
        driver.frame(at: 1)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        // Its animation began at local time 0; under the paused layer, local time stays 0.5.
        try paused.addSublayer(layer)
        driver.frame(at: 1.5)
        driver.frame(at: 1.75)
        #expect(close(layer.number(.opacity, .presentation), 0.25))
    }

    @Test func aModelTransformChangedMidAnimationIsTheNewBase() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("transform.translation.y", from: .number(0), to: .number(100), duration: 2))
        driver.frame(at: 1)
        driver.scene.perform(actionsDisabled: true) { layer[.transform] = .transform(Transform3D(translationX: 7, y: 0, z: 0)) }
        driver.frame(at: 1.5)
        let m = layer.transform(.transform, .presentation)
        #expect(close(m.m41, 7) && close(m.m42, 75))
    }

    @Test func aTreeTwoThousandLayersDeepIsEvaluated() throws {
        let driver = FrameDriver()
        var chain: [Layer] = []
        var parent = driver.root
        for _ in 0..<2_000 {
            let layer = Layer(scene: driver.scene)
            try parent.addSublayer(layer)
            chain.append(layer)
            parent = layer
        }
        try parent.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 2), forKey: "fade")
        driver.frame(at: 1)
        #expect(close(parent.number(.opacity, .presentation), 0.5))
        // Take the chain apart from the bottom, so that no release recurses two thousand deep.
        for layer in chain.reversed() { layer.removeFromSuperlayer() }
    }
}
