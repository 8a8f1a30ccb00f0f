import Testing
import LayerKit
import TestSupport

/// The layer model: defaults, the tree, geometry, hit testing, time.
struct LayerTests {
    /// Adding sublayers one by one grows the list in place: a list copied at every insertion
    /// made building a tree of 10,000 layers take minutes.
    @Test func addingSublayersDoesNotCopyTheList() throws {
        let driver = FrameDriver()
        let parent = driver.committedLayer()
        var buffers: Set<UInt> = []
        driver.scene.perform {
            for _ in 0..<2_000 {
                try? parent.addSublayer(Layer(scene: driver.scene))
                parent.sublayers.withUnsafeBufferPointer { buffers.insert(UInt(bitPattern: $0.baseAddress)) }
            }
        }
        #expect(parent.sublayers.count == 2_000)
        #expect(buffers.count < 40, "the list was copied \(buffers.count) times")
    }

    /// A script's VM can hold layers after their scene is gone: they are out of any tree, and
    /// setting their properties neither reaches the freed scene nor animates.
    /// The tree's revision changes with every sublayer gained or lost, and with nothing else:
    /// the viewer's overlay re-walks its tree only then.
    @Test func theTreeRevisionFollowsSublayersOnly() throws {
        let driver = FrameDriver()
        let parent = driver.committedLayer()
        let child = Layer(scene: driver.scene)
        var revision = driver.scene.treeRevision
        driver.scene.perform { try? parent.addSublayer(child) }
        #expect(driver.scene.treeRevision != revision)
        revision = driver.scene.treeRevision
        driver.scene.perform { child.set(.opacity, 0.5) }
        driver.run(for: 1)
        #expect(driver.scene.treeRevision == revision)
        driver.scene.perform { child.removeFromSuperlayer() }
        #expect(driver.scene.treeRevision != revision)
    }

    @Test func layersThatOutliveTheirSceneAreOutOfTheTree() throws {
        var scene: Scene? = Scene(size: Size(width: 100, height: 100))
        weak let gone = scene
        let child = Layer(scene: scene!)
        let grandchild = Layer(scene: scene!)
        let root = scene!.root
        try scene!.root.addSublayer(child)
        try child.addSublayer(grandchild)
        #expect(grandchild.isInTree)
        scene = nil
        #expect(gone == nil)
        #expect(!root.isInTree && !child.isInTree && !grandchild.isInTree)
        #expect(grandchild.setNumberDirectly(0.5, for: .opacity))
        try grandchild.setValue(.transform(Transform3D.identity.translated(x: 10, y: 0, z: 0)), for: .transform)
        #expect(grandchild.number(.opacity, .presentation) == 0.5 && grandchild.animationKeys().isEmpty)
        #expect(grandchild.transform(.transform, .presentation).m41 == 10)
    }

    @Test func coreAnimationDefaults() {
        let scene = Scene(size: Size(width: 100, height: 100))
        let layer = Layer(scene: scene)
        #expect(layer.point(.anchorPoint) == Point(x: 0.5, y: 0.5))
        #expect(layer.number(.opacity) == 1)
        #expect(layer.bool(.doubleSided))
        #expect(!layer.bool(.hidden))
        #expect(!layer.bool(.masksToBounds))
        #expect(layer.color(.borderColor) == .black)
        #expect(layer.color(.backgroundColor) == .clear)
        #expect(layer.size(.shadowOffset) == Size(width: 0, height: -3))
        #expect(layer.number(.shadowRadius) == 3)
        #expect(layer.rect(.contentsRect) == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.transform(.transform).isIdentity)
        #expect(layer.number(.speed) == 1)
        #expect(layer.choice(.contentsGravity, as: ContentsGravity.self) == .resize)
        let shape = ShapeLayer(scene: scene)
        #expect(shape.number(.strokeEnd) == 1)
        #expect(shape.color(.fillColor) == .black)
        #expect(shape.number(.lineWidth) == 1)
        let text = TextLayer(scene: scene)
        #expect(text.number(.fontSize) == 36)
        #expect(text.color(.foregroundColor) == .white)
        let emitter = EmitterLayer(scene: scene)
        #expect(emitter.number(.birthRate) == 1)
        #expect(emitter.choice(.emitterMode, as: EmitterMode.self) == .volume)
    }

    @Test func everyAnimatablePropertyHasAMaskBit() {
        let animatable = PropertyRegistry.specs.filter(\.isAnimatable)
        #expect(animatable.count <= 64)
        #expect(Set(animatable.map(\.bit)).count == animatable.count)
        #expect(animatable.allSatisfy { $0.bit != 0 })
    }

    @Test func frameIsDerivedFromBoundsPositionAndAnchor() {
        let scene = Scene(size: Size(width: 100, height: 100))
        let layer = Layer(scene: scene)
        layer.set(.bounds, Rect(x: 0, y: 0, width: 40, height: 20))
        layer.set(.position, Point(x: 100, y: 100))
        #expect(layer.frame == Rect(x: 80, y: 90, width: 40, height: 20))
        layer.set(.anchorPoint, Point(x: 0.5, y: 1))
        #expect(layer.frame == Rect(x: 80, y: 80, width: 40, height: 20))
        layer.set(.transform, Transform3D(scaleX: 2, y: 2))
        #expect(layer.frame == Rect(x: 60, y: 60, width: 80, height: 40))
        layer.set(.transform, Transform3D.identity)
        layer.frame = Rect(x: 10, y: 10, width: 30, height: 30)
        #expect(layer.point(.position) == Point(x: 25, y: 40))
        #expect(layer.rect(.bounds).size == Size(width: 30, height: 30))
    }

    @Test func theTreeRefusesCycles() throws {
        let scene = Scene(size: Size(width: 100, height: 100))
        let a = Layer(scene: scene), b = Layer(scene: scene), c = Layer(scene: scene)
        try a.addSublayer(b)
        try b.addSublayer(c)
        #expect(throws: HierarchyError.cycle) { try c.addSublayer(a) }
        #expect(throws: HierarchyError.cycle) { try a.addSublayer(a) }
        #expect(throws: HierarchyError.rootCannotMove) { try a.addSublayer(scene.root) }
        let other = Scene(size: Size(width: 1, height: 1))
        #expect(throws: HierarchyError.differentScene) { try a.addSublayer(Layer(scene: other)) }
        #expect(c.superlayer === b)
    }

    @Test func insertingMovesALayerFromItsOldSuperlayer() throws {
        let scene = Scene(size: Size(width: 100, height: 100))
        let a = Layer(scene: scene), b = Layer(scene: scene)
        let x = Layer(scene: scene), y = Layer(scene: scene), z = Layer(scene: scene)
        try a.addSublayer(x); try a.addSublayer(y); try a.addSublayer(z)
        try a.insertSublayer(z, at: 0)
        #expect(a.sublayers.map { ObjectIdentifier($0) } == [z, x, y].map { ObjectIdentifier($0) })
        try b.insertSublayer(x, at: 99)
        #expect(a.sublayers.count == 2)
        #expect(x.superlayer === b)
        x.removeFromSuperlayer()
        #expect(b.sublayers.isEmpty && x.superlayer == nil)
    }

    @Test func layersJoinAndLeaveTheTree() throws {
        let scene = Scene(size: Size(width: 100, height: 100))
        let a = Layer(scene: scene), b = Layer(scene: scene)
        try a.addSublayer(b)
        #expect(!b.isInTree)
        try scene.root.addSublayer(a)
        #expect(a.isInTree && b.isInTree)
        a.removeFromSuperlayer()
        #expect(!b.isInTree)
    }

    @Test func removedLayersAreFreed() throws {
        let scene = Scene(size: Size(width: 100, height: 100))
        weak var weakLayer: Layer?
        do {
            let layer = Layer(scene: scene)
            weakLayer = layer
            try scene.root.addSublayer(layer)
            try layer.addAnimation(basic("opacity", from: .number(0), to: .number(1)), forKey: "a")
            #expect(scene.layerCount == 2)
            layer.removeFromSuperlayer()
        }
        // The implicit transaction that added the animation holds on to it until it commits.
        scene.step(to: 1)
        #expect(weakLayer == nil)
        #expect(scene.layerCount == 1)
    }

    @Test func hitTestFindsTheDeepestVisibleLayer() throws {
        let driver = FrameDriver()
        let parent = Layer(scene: driver.scene)
        parent.frame = Rect(x: 100, y: 100, width: 100, height: 100)
        let child = Layer(scene: driver.scene)
        child.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        let sibling = Layer(scene: driver.scene)
        sibling.frame = Rect(x: 15, y: 15, width: 20, height: 20)
        try parent.addSublayer(child)
        try parent.addSublayer(sibling)
        try driver.root.addSublayer(parent)
        #expect(driver.root.hitTest(Point(x: 112, y: 112)) === child)
        #expect(driver.root.hitTest(Point(x: 120, y: 120)) === sibling)
        #expect(driver.root.hitTest(Point(x: 190, y: 190)) === parent)
        #expect(driver.root.hitTest(Point(x: 10, y: 10)) === driver.root)
        sibling.set(.hidden, true)
        #expect(driver.root.hitTest(Point(x: 120, y: 120)) === child)
        child.set(.zPosition, -1)
        sibling.set(.hidden, false)
        #expect(driver.root.hitTest(Point(x: 120, y: 120)) === sibling)
        // Outside the parent: reachable unless the parent masks to bounds.
        let outside = Layer(scene: driver.scene)
        outside.frame = Rect(x: -50, y: 0, width: 20, height: 20)
        try parent.addSublayer(outside)
        #expect(driver.root.hitTest(Point(x: 60, y: 110)) === outside)
        parent.set(.masksToBounds, true)
        #expect(driver.root.hitTest(Point(x: 60, y: 110)) === driver.root)
    }

    @Test func hitTestingThePresentationTreeFollowsAnimations() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        try layer.addAnimation(basic("position.x", from: .number(210), to: .number(210), duration: 5), forKey: "move")
        driver.frame(at: 1)
        #expect(driver.root.hitTest(Point(x: 205, y: 10), .presentation) === layer)
        #expect(driver.root.hitTest(Point(x: 205, y: 10), .model) === driver.root)
    }

    @Test func convertPointGoesThroughTransforms() throws {
        let scene = Scene(size: Size(width: 400, height: 400))
        let a = Layer(scene: scene)
        a.set(.bounds, Rect(x: 0, y: 0, width: 100, height: 100))
        a.set(.position, Point(x: 200, y: 200))
        a.set(.transform, Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1))
        try scene.root.addSublayer(a)
        // The top-left corner is 50 left and 50 up of the centre; a quarter turn clockwise puts it up-right.
        let p = try #require(a.convertPoint(Point(x: 0, y: 0), to: nil))
        #expect(close(p.x, 250) && close(p.y, 150))
        let back = try #require(a.convertPoint(p, from: nil))
        #expect(close(back.x, 0) && close(back.y, 0))
        let b = Layer(scene: scene)
        b.set(.bounds, Rect(x: 0, y: 0, width: 10, height: 10))
        b.set(.position, Point(x: 0, y: 0))
        try a.addSublayer(b)
        let q = try #require(b.convertPoint(Point(x: 5, y: 5), to: a))
        #expect(close(q.x, 0) && close(q.y, 0))
    }

    @Test func perspectiveProjectsPointsOfATiltedLayer() throws {
        let scene = Scene(size: Size(width: 400, height: 400))
        let a = Layer(scene: scene)
        a.set(.bounds, Rect(x: 0, y: 0, width: 200, height: 200))
        a.set(.position, Point(x: 200, y: 200))
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        t = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0).concatenating(t)
        a.set(.transform, t)
        try scene.root.addSublayer(a)
        let left = try #require(a.convertPoint(Point(x: 0, y: 100), to: nil))
        let right = try #require(a.convertPoint(Point(x: 200, y: 100), to: nil))
        // Tilted about y, one edge comes nearer and one goes away: they are not symmetric about the centre.
        #expect(close(left.y, 200) && close(right.y, 200))
        #expect(abs((200 - left.x) - (right.x - 200)) > 1)
        let back = try #require(a.convertPoint(left, from: nil))
        #expect(close(back.x, 0, 1e-9) && close(back.y, 100, 1e-9))
    }

    @Test func convertTimeThroughLayerTiming() throws {
        let scene = Scene(size: Size(width: 10, height: 10))
        let a = Layer(scene: scene)
        a.set(.beginTime, 2)
        a.set(.speed, 2)
        a.set(.timeOffset, 1)
        try scene.root.addSublayer(a)
        #expect(a.convertTime(5, from: nil) == 7)
        #expect(a.convertTime(7, to: nil) == 5)
        let b = Layer(scene: scene)
        b.set(.speed, 0.5)
        try a.addSublayer(b)
        #expect(b.convertTime(5, from: nil) == 3.5)
        #expect(b.convertTime(3.5, to: a) == 7)
    }

    /// Core Animation's pause idiom: speed 0 and timeOffset freeze a layer's animations; resuming
    /// with beginTime picks up where they stopped.
    @Test func pauseAndResumeIdiom() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("position.x", from: .number(0), to: .number(100), duration: 4))
        driver.run(until: 1)
        #expect(close(layer.point(.position, .presentation).x, 25))
        driver.scene.perform(actionsDisabled: true) {
            let paused = layer.convertTime(driver.scene.time, from: nil)
            layer.set(.speed, 0)
            layer.set(.timeOffset, paused)
        }
        driver.run(until: 3)
        #expect(close(layer.point(.position, .presentation).x, 25))
        driver.scene.perform(actionsDisabled: true) {
            let paused = layer.number(.timeOffset)
            layer.set(.speed, 1)
            layer.set(.timeOffset, 0)
            layer.set(.beginTime, 0)
            layer.set(.beginTime, layer.convertTime(driver.scene.time, from: nil) - paused)
        }
        driver.run(until: 4)
        #expect(close(layer.point(.position, .presentation).x, 50))
    }

    /// Timing set through the quick number path (the one Lua's property sets take) moves the
    /// layer's animations from the next frame, and timing set back to the defaults gives the
    /// layer its parent's time again.
    @Test func timingSetAsNumbersMovesTheLayersAnimations() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("opacity", from: .number(0), to: .number(1), duration: 10))
        driver.run(until: 1)
        #expect(close(layer.number(.opacity, .presentation), 0.1))
        driver.scene.perform(actionsDisabled: true) { _ = layer.setNumberDirectly(3, for: .timeOffset) }
        driver.run(until: 2)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        driver.scene.perform(actionsDisabled: true) {
            _ = layer.setNumberDirectly(0, for: .timeOffset)
            _ = layer.setNumberDirectly(2, for: .speed)
        }
        driver.run(until: 3)
        #expect(close(layer.number(.opacity, .presentation), 0.6))
        driver.scene.perform(actionsDisabled: true) {
            _ = layer.setNumberDirectly(1, for: .speed)
            _ = layer.setNumberDirectly(1.5, for: .beginTime)
        }
        driver.run(until: 4)
        #expect(close(layer.number(.opacity, .presentation), 0.25))
        layer.set(.beginTime, 0)
        driver.run(until: 5)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
    }

    @Test func wrongKindsAreReportedWhenSettingProperties() {
        let scene = Scene(size: Size(width: 10, height: 10))
        let layer = Layer(scene: scene)
        #expect(throws: PropertyError.wrongKind(name: "opacity", expected: .number, got: .color)) {
            try layer.setValue(.color(.white), for: .opacity)
        }
        #expect(throws: PropertyError.noSuchProperty(name: "strokeEnd", on: .layer)) {
            try layer.setValue(.number(1), for: .strokeEnd)
        }
        #expect(throws: PropertyError.self) { try layer.setValue(.choice("sideways"), for: .contentsGravity) }
        try? layer.setValue(.choice("resizeAspect"), for: .contentsGravity)
        #expect(layer.choice(.contentsGravity, as: ContentsGravity.self) == .resizeAspect)
    }
}

/// Records superlayer changes.
final class ObserverLog: LayerObserver {
    var events: [(String, Bool)] = []
    func layerDidChangeSuperlayer(_ layer: Layer) {
        events.append((layer.name ?? "?", layer.superlayer != nil))
    }
}

struct LayerObserverTests {
    @Test func observerHearsAddsRemovalsAndFreedSuperlayers() throws {
        let scene = Scene(size: Size(width: 10, height: 10))
        let log = ObserverLog()
        scene.layerObserver = log
        let child = Layer(scene: scene)
        child.name = "child"
        do {
            let parent = Layer(scene: scene)
            parent.name = "parent"
            try parent.addSublayer(child)
            try scene.root.addSublayer(parent)
            parent.removeFromSuperlayer()
        }
        // The parent is freed; its sublayer hears that it has no superlayer any more.
        #expect(log.events.map(\.0) == ["child", "parent", "parent", "child"])
        #expect(log.events.map(\.1) == [true, true, false, false])
        #expect(child.superlayer == nil)
    }
}
