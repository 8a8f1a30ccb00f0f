import Testing
@testable import LayerKit
import TestSupport

/// `Scene.tick` (the tick clock's step, which makes no values nothing reads) does what
/// `Scene.step` does: the same callbacks on the same ticks, the same values when they are read
/// or drawn; and making the values on demand leaves no trace.
struct TickTests {
    /// A scene with what a tick must get right: animations that start late, end (removed or
    /// filling), a transaction completion, a layer with its own speed, a timer that reads the
    /// presentation and starts an implicit animation from it; and layers on the general path (a
    /// group, and animations of a layer with its own timing).
    final class Fixture {
        let driver = FrameDriver()
        var log: [String] = []
        let layers: [Layer]

        init() throws {
            let scene = driver.scene
            let plain = driver.committedLayer()
            let slow = driver.committedLayer()
            slow.set(.speed, 0.5)
            let child = Layer(scene: scene)
            try slow.addSublayer(child)
            let moved = driver.committedLayer()
            let grouped = driver.committedLayer()
            layers = [plain, slow, child, moved, grouped]
            let log = { [unowned self] (line: String) in self.log.append(line) }

            scene.perform {
                scene.transactions.begin()
                scene.transactions.setCompletionBlock { log("completion \(scene.time)") }
                let late = basic("position.x", from: .number(0), to: .number(100), duration: 0.5) {
                    $0.beginTime = 0.3
                    $0.onStart = { _ in log("start late \(scene.time)") }
                    $0.onStop = { _, finished in log("stop late \(scene.time) \(finished)") }
                }
                try? plain.addAnimation(late, forKey: "late")
                let filling = basic("opacity", from: .number(1), to: .number(0.2), duration: 0.4) {
                    $0.fillMode = .forwards
                    $0.isRemovedOnCompletion = false
                }
                try? plain.addAnimation(filling, forKey: "fill")
                try? child.addAnimation(basic("position.y", from: .number(0), to: .number(40), duration: 0.6) {
                    $0.onStop = { _, _ in log("stop child \(scene.time)") }
                }, forKey: "child")
                let group = AnimationGroup()
                group.animations = [
                    basic("position.x", from: .number(10), to: .number(90), duration: 0.3),
                    basic("opacity", from: .number(0), to: .number(1), duration: 0.5),
                ]
                group.beginTime = 0.2
                group.duration = 0.6
                group.onStart = { _ in log("start group \(scene.time)") }
                group.onStop = { _, finished in log("stop group \(scene.time) \(finished)") }
                try? grouped.addAnimation(group, forKey: "group")
                try? slow.addAnimation(basic("opacity", from: .number(1), to: .number(0), duration: 0.4) {
                    $0.onStop = { _, _ in log("stop slow \(scene.time)") }
                }, forKey: "fade")
                try? scene.transactions.commit()
            }
            scene.scheduleTimer(interval: 0.25, repeats: true) { [unowned self] _ in
                // As a script's read does.
                scene.ensurePresentation()
                let x = plain.point(.position, .presentation).x
                self.log.append("timer \(scene.time) reads \(x)")
                moved.set(.position, Point(x: x, y: 10))
            }
        }

        /// The presentation slots of every layer, after making them.
        func presentation() -> [Double] {
            driver.scene.ensurePresentation()
            return layers.flatMap { layer in
                Array(UnsafeBufferPointer(start: layer.storage + layer.slotSize, count: layer.slotSize))
            }
        }
    }

    @Test func aTickDoesWhatAStepDoes() throws {
        let stepped = try Fixture(), ticked = try Fixture()
        for tick in 1...90 {
            let time = Double(tick) / 60
            stepped.driver.scene.step(to: time)
            ticked.driver.scene.tick(to: time)
            if tick % 7 == 0 {
                #expect(ticked.presentation() == stepped.presentation(), "at \(time)")
                var shown: [[Double]] = []
                for fixture in [stepped, ticked] {
                    fixture.driver.scene.withPresentation(at: time + 0.004) {
                        shown.append(fixture.layers.map { $0.point(.position, .presentation).x })
                    }
                }
                #expect(shown[0] == shown[1])
            }
        }
        #expect(ticked.log == stepped.log)
        #expect(stepped.log.contains { $0.hasPrefix("completion") })
        #expect(stepped.log.contains { $0.hasPrefix("stop late") })
        #expect(stepped.log.contains { $0.hasPrefix("start group") })
        #expect(stepped.log.contains { $0.hasPrefix("stop group") })
        #expect(stepped.log.contains { $0.hasPrefix("stop slow") })
    }

    @Test func makingThePresentationOnDemandLeavesNoTrace() throws {
        let asked = try Fixture(), left = try Fixture()
        for tick in 1...90 {
            let time = Double(tick) / 60
            asked.driver.scene.tick(to: time)
            left.driver.scene.tick(to: time)
            // Asked for at every tick, and shown between ticks, as a window does.
            _ = asked.presentation()
            asked.driver.scene.withPresentation(at: time + 0.01) {}
        }
        #expect(asked.log == left.log)
        #expect(asked.presentation() == left.presentation())
    }

    /// What a timer or display link reads of the presentation is the tree at the time it is
    /// called (`ca.now()`), not at the frame before.
    @Test func aTimerReadsThePresentationAtItsOwnTime() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("position.x", from: .number(0), to: .number(100), duration: 1) {
            $0.timingFunction = .linear
        })
        driver.run(until: 0.1)
        let begin = try #require(layer.attachedAnimations.first).timing.beginTime
        var read: [(time: Double, x: Double)] = []
        driver.scene.scheduleTimer(interval: 0.4, repeats: false) { _ in
            driver.scene.ensurePresentation()
            read.append((driver.scene.time, layer.point(.position, .presentation).x))
        }
        driver.run(until: 0.6)
        #expect(read.count == 1)
        #expect(abs(read[0].x - 100 * (read[0].time - begin)) < 1e-9, "\(read)")
    }

    /// A frame drawn between ticks shows what the evaluation that saves and puts back shows (the
    /// path a tree with a replicator takes), and so does one drawn after an animation was added
    /// since the last tick (shown as beginning at the scene's time, when its transaction commits).
    @Test func aFrameBetweenTicksShowsWhatTheSavingEvaluationShows() throws {
        let fixture = try Fixture()
        let scene = fixture.driver.scene
        for tick in 1...40 { scene.tick(to: Double(tick) / 60) }
        let moved = fixture.layers[3]
        for added in [false, true] {
            if added {
                try moved.addAnimation(basic("position.y", from: .number(0), to: .number(60), duration: 1), forKey: "new")
            }
            let moment = 40.0 / 60 + 0.01
            var byPlan: [AnimationValue] = [], bySaving: [AnimationValue] = []
            scene.withPresentation(at: moment) {
                byPlan = fixture.layers.map { $0.value(.position, .presentation) }
            }
            scene.momentEvaluation.withPresentation(of: [scene.root], parentTime: scene.time, shiftedTo: moment) { _ in
                bySaving = fixture.layers.map { $0.value(.position, .presentation) }
            }
            #expect(byPlan == bySaving)
            #expect(abs(byPlan[3].point.y - (added ? 0.6 : 10)) < 1e-9)
        }
        scene.tick(to: 41.0 / 60)
        scene.withPresentation(at: 41.0 / 60 + 0.01) {
            #expect(abs(moved.point(.position, .presentation).y - 60 * (1.0 / 60 + 0.01)) < 1e-9)
        }
    }

    /// A tree with a replicator ticks without making values too: its delayed instances are made
    /// when the presentation is read, and are those that frames made by `step` show.
    @Test func aReplicatorsDelayedInstancesAreMadeWhenTheyAreRead() throws {
        func scene() throws -> (driver: FrameDriver, replicator: ReplicatorLayer, dot: Layer) {
            let driver = FrameDriver()
            let replicator = ReplicatorLayer(scene: driver.scene)
            replicator.set(.instanceCount, 4)
            replicator.set(.instanceDelay, 0.1)
            try driver.root.addSublayer(replicator)
            let dot = Layer(scene: driver.scene)
            try replicator.addSublayer(dot)
            driver.frame(at: 0)
            try dot.addAnimation(basic("position.x", from: .number(0), to: .number(100), duration: 1), forKey: "x")
            return (driver, replicator, dot)
        }
        let stepped = try scene(), ticked = try scene()
        stepped.driver.run(until: 0.5)
        for tick in 1...30 { ticked.driver.scene.tick(to: Double(tick) / 60) }
        ticked.driver.scene.ensurePresentation()
        for i in 0..<4 {
            let shown = stepped.dot.value(.position, stepped.replicator.presentation(ofInstance: i, in: .presentation))
            let read = ticked.dot.value(.position, ticked.replicator.presentation(ofInstance: i, in: .presentation))
            #expect(read == shown)
            #expect(abs(read.point.x - 100 * (0.5 - 0.1 * Double(i))) < 1e-6, "instance \(i): \(read)")
        }
    }
}
