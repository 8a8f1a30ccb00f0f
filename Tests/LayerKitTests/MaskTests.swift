import LayerKit
import TestSupport
import Testing

/// A layer's mask: its placement rules, its life on screen with its layer, and its animations.
@Suite struct MaskTests {
    @Test func aMaskAnimatesInItsLayersTime() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let mask = Layer(scene: driver.scene)
        try layer.setMask(mask)
        var stopped: Bool?
        let move = basic("position.x", from: .number(0), to: .number(100), duration: 2) {
            $0.timingFunction = .linear
            $0.onStop = { _, finished in stopped = finished }
        }
        try mask.addAnimation(move, forKey: "move")
        driver.run(until: 0.5)
        #expect(close(mask.point(.position, .presentation).x, 25, 1e-6))
        driver.run(until: 1.5)
        #expect(close(mask.point(.position, .presentation).x, 75, 1e-6))
        #expect(stopped == nil)
        driver.run(until: 2.1)
        #expect(stopped == true)
        #expect(mask.animationCount == 0)
    }

    @Test func aMaskTakesItsLayersTimingAndNestedMasksAnimateToo() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        layer.set(.speed, 2)
        let mask = Layer(scene: driver.scene)
        let inner = Layer(scene: driver.scene)
        let innerMask = Layer(scene: driver.scene)
        try mask.addSublayer(inner)
        try inner.setMask(innerMask)
        try layer.setMask(mask)
        try innerMask.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 4) {
            $0.timingFunction = .linear
        }, forKey: "fade")
        driver.run(until: 0.5)
        // Twice as fast as the media clock: a quarter of the way at 0.5 s.
        #expect(close(innerMask.number(.opacity, .presentation), 0.25, 1e-6))
    }

    @Test func aMaskIsOnScreenWhileItsLayerIs() throws {
        let driver = FrameDriver()
        let layer = Layer(scene: driver.scene)
        let mask = Layer(scene: driver.scene)
        try layer.setMask(mask)
        #expect(!mask.isInTree)
        try driver.root.addSublayer(layer)
        #expect(mask.isInTree)
        layer.removeFromSuperlayer()
        #expect(!mask.isInTree)
        try driver.root.addSublayer(layer)
        try layer.setMask(nil)
        #expect(!mask.isInTree && mask.maskedLayer == nil && layer.mask == nil)
    }

    @Test func whatCannotBeAMask() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let child = Layer(scene: driver.scene)
        try layer.addSublayer(child)
        let loose = Layer(scene: driver.scene)
        #expect(throws: MaskError.inTree) { try Layer(scene: driver.scene).setMask(driver.root) }
        #expect(throws: MaskError.cycle) { try layer.setMask(driver.root) }
        #expect(throws: MaskError.cycle) { try child.setMask(layer) }
        #expect(throws: MaskError.cycle) { try layer.setMask(layer) }
        #expect(throws: MaskError.inTree) { try loose.setMask(child) }
        try layer.setMask(loose)
        try layer.setMask(loose)
        let other = Layer(scene: driver.scene)
        #expect(throws: MaskError.alreadyMask) { try other.setMask(loose) }
        // A mask's mask may not be the layer it masks, nor may a mask join a tree.
        #expect(throws: MaskError.cycle) { try loose.setMask(layer) }
        #expect(throws: HierarchyError.isMask) { try driver.root.addSublayer(loose) }
        let elsewhere = Scene(size: Size(width: 10, height: 10))
        #expect(throws: MaskError.differentScene) { try other.setMask(Layer(scene: elsewhere)) }
        // A layer cannot go into its own mask's subtree.
        let holder = Layer(scene: driver.scene)
        try other.setMask(holder)
        #expect(throws: HierarchyError.cycle) { try holder.addSublayer(other) }
    }
}
