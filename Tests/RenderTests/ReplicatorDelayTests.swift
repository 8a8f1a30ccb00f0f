import LayerKit
@testable import Render
import Testing
import TestSupport

/// A replicator's instanceDelay: instance i shows the sublayers as they are i × instanceDelay
/// seconds earlier in the replicator's time, and nothing else notices.
@Suite struct ReplicatorDelayTests {
    /// A replicator over the whole 400 × 160 frame drawing `count` instances 100 points apart,
    /// each of one white 10 × 10 square whose model position is (20, 140) and which `animation`
    /// (added when the scene's time is 0) moves.
    private func staggered(count: Int, delay: Double, configure: (ReplicatorLayer) -> Void = { _ in },
                           animation: Animation? = nil) -> (Scene, ReplicatorLayer, Layer) {
        let scene = makeScene(width: 400, height: 160)
        let replicator = addReplicator(scene, to: scene.root, size: Size(width: 400, height: 160), count: count, dx: 100,
                                       delay: delay, configure: configure)
        let square = addLayer(Layer(scene: scene), to: replicator, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                              position: Point(x: 20, y: 140), color: rgb(255, 255, 255))
        if let animation { try? square.addAnimation(animation, forKey: "move") }
        return (scene, replicator, square)
    }

    /// position.y from 20 to 120 over 2 s, linear: y = 20 + 50 t.
    private func fall(duration: Double = 2) -> BasicAnimation {
        linear("position.y", from: 20, to: 120, duration: duration)
    }

    /// The y of the white square's centre in the column of instance `i` (nil when none is drawn).
    private func squareCentre(_ frame: FrameBuffer, instance i: Int) -> Double? {
        let x = 20 + 100 * i
        let rows = (0..<frame.height).filter { pixel(frame, x, $0, is: (255, 255, 255), tolerance: 8) }
        guard let first = rows.first, let last = rows.last else { return nil }
        return Double(first + last + 1) / 2
    }

    @Test func aNegativeDelayShowsLaterTimes() throws {
        let (scene, _, _) = staggered(count: 4, delay: -0.5, animation: fall())
        let frame = render(scene, width: 400, height: 160, at: 0.5)
        // 0.5, 1 and 1.5 s into the fall; the fourth instance, at 2 s, is past its end.
        for (i, y) in [45.0, 70, 95, 140].enumerated() {
            let centre = try #require(squareCentre(frame, instance: i), "instance \(i) is drawn")
            #expect(abs(centre - y) <= 0.5, "instance \(i) at y \(centre), expected \(y)")
        }
    }

    @Test func instancesShowTheAnimationDelayedByInstanceDelay() throws {
        let (scene, _, _) = staggered(count: 4, delay: 0.5, animation: fall())
        let frame = render(scene, width: 400, height: 160, at: 1)
        // At t = 1 the instances are at 1, 0.5 and 0 s into the fall; the fourth, at −0.5 s,
        // is before the animation began and shows the model position.
        let expected: [Double] = [70, 45, 20, 140]
        for (i, y) in expected.enumerated() {
            let centre = try #require(squareCentre(frame, instance: i), "instance \(i) is drawn")
            #expect(abs(centre - y) <= 0.5, "instance \(i) at y \(centre), expected \(y)")
        }
    }

    @Test func withoutDelayEveryInstanceShowsTheSameTime() throws {
        let (scene, _, _) = staggered(count: 3, delay: 0, animation: fall())
        let frame = render(scene, width: 400, height: 160, at: 1)
        for i in 0..<3 {
            let centre = try #require(squareCentre(frame, instance: i))
            #expect(abs(centre - 70) <= 0.5, "instance \(i) at y \(centre)")
        }
    }

    @Test func theDelayIsInTheReplicatorsOwnTime() throws {
        // At speed 2 the replicator's local time at t = 0.5 is 1: the same picture as at t = 1
        // at speed 1.
        let (scene, _, _) = staggered(count: 3, delay: 0.5, configure: { $0[.speed] = .number(2) }, animation: fall())
        let frame = render(scene, width: 400, height: 160, at: 0.5)
        for (i, y) in [70.0, 45, 20].enumerated() {
            let centre = try #require(squareCentre(frame, instance: i), "instance \(i) is drawn")
            #expect(abs(centre - y) <= 0.5, "instance \(i) at y \(centre), expected \(y)")
        }
    }

    /// Columns 200 apart, 0.5 s apart; in each, rows 40 apart and 0.25 s apart. A square at
    /// x = 20 moving right by 50 points a second from y = 20 marks its time by its x.
    private func columnsOfRows() throws -> Scene {
        let scene = makeScene(width: 400, height: 160)
        let columns = addReplicator(scene, to: scene.root, size: Size(width: 400, height: 160), count: 2, dx: 200, delay: 0.5)
        let rows = addReplicator(scene, to: columns, size: Size(width: 200, height: 160), count: 2, dx: 0, dy: 40, delay: 0.25)
        let square = addLayer(Layer(scene: scene), to: rows, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                              position: Point(x: 20, y: 20), color: rgb(255, 255, 255))
        try square.addAnimation(linear("position.x", from: 20, to: 120, duration: 2), forKey: "move")
        return scene
    }

    /// Checks `columnsOfRows` drawn at t = 1: (column, row) → seconds into the move.
    private func expectColumnsOfRowsAtOne(_ frame: FrameBuffer) {
        for (column, row, t) in [(0, 0, 1.0), (0, 1, 0.75), (1, 0, 0.5), (1, 1, 0.25)] {
            let x = 200 * column + Int(20 + 50 * t), y = 20 + 40 * row
            #expect(pixel(frame, x, y, is: (255, 255, 255)), "column \(column) row \(row) at x \(x)")
            #expect(pixel(frame, x + 8, y, is: (0, 0, 0)), "column \(column) row \(row) ends before x \(x + 8)")
            #expect(pixel(frame, x - 8, y, is: (0, 0, 0)), "column \(column) row \(row) starts after x \(x - 8)")
        }
    }

    @Test func delaysOfNestedReplicatorsAddUp() throws {
        expectColumnsOfRowsAtOne(render(try columnsOfRows(), width: 400, height: 160, at: 1))
    }

    @Test func instanceColoursStillCombineWithTheDelay() throws {
        let (scene, _, _) = staggered(count: 4, delay: 0.5, configure: {
            $0.set(.instanceColor, rgb(255, 128, 255))
            $0.set(.instanceRedOffset, -0.25)
            $0.set(.instanceBlueOffset, -0.1)
        }, animation: fall())
        let frame = render(scene, width: 400, height: 160, at: 1)
        for (i, y) in [70, 45, 20, 140].enumerated() {
            let red = 255 - 64 * i, blue = Int((255 * (1 - 0.1 * Double(i))).rounded())
            #expect(pixel(frame, 20 + 100 * i, y, is: (red, 128, blue), tolerance: 2),
                    "instance \(i): \(frame.pixel(x: 20 + 100 * i, y: y))")
        }
    }

    @Test func alphaOffsetFadesDelayedInstances() {
        let (scene, _, _) = staggered(count: 3, delay: 0.5, configure: { $0[.instanceAlphaOffset] = .number(-0.5) },
                                      animation: fall())
        let frame = render(scene, width: 400, height: 160, at: 1)
        #expect(pixel(frame, 20, 70, is: (255, 255, 255)))
        #expect(pixel(frame, 120, 45, is: (128, 128, 128), tolerance: 2), "\(frame.pixel(x: 120, y: 45))")
        // The third instance is fully transparent: nothing anywhere in its column.
        #expect(!(0..<160).contains { !pixel(frame, 220, $0, is: (0, 0, 0), tolerance: 0) })
    }

    /// A negative delay shows later times: its instances reach the animation's end before the
    /// animation itself does.
    @Test(arguments: [0.5, -0.5])
    func theFrameKeepsItsOwnPresentationAndCallbacks(delay: Double) throws {
        var starts = 0, stops: [Bool] = []
        let animation = fall(duration: 1) // y = 20 + 100 t
        animation.onStart = { _ in starts += 1 }
        animation.onStop = { _, finished in stops.append(finished) }
        let (scene, _, square) = staggered(count: 3, delay: delay, animation: animation)
        let renderer = HeadlessRenderer(threads: 1)
        let frame = FrameBuffer(width: 400, height: 160)
        for (time, y) in [(0.25, 45.0), (0.75, 95.0), (1.25, 140.0), (1.5, 140.0)] {
            scene.beginFrame(at: time)
            renderer.draw(scene, into: frame)
            // After drawing the delayed instances, the layer presents the frame's own time.
            #expect(abs(square.point(.position, .presentation).y - y) < 1e-9, "presentation at \(time)")
            scene.endFrame()
        }
        // One start, one stop when the animation itself ended (t = 1), although the delayed
        // instances were before it, inside it or past it at other times.
        #expect(starts == 1)
        #expect(stops == [true])
        #expect(square.animationCount == 0)
        // Removed after the frame that saw it end: every instance shows the model position.
        for i in 0..<3 {
            let centre = try #require(squareCentre(frame, instance: i))
            #expect(abs(centre - 140) <= 0.5, "instance \(i) at \(centre)")
        }
    }

    /// Counts the calls of a custom timing function (linear), which only evaluation makes.
    private final class CallCount: @unchecked Sendable {
        var calls = 0
    }

    @Test func drawingReadsWhatTheFrameEvaluatedAndChangesNothing() throws {
        // A fall whose timing function counts its calls: the scene evaluates it for the frame and
        // for each delayed instance; drawing, any number of times, must not evaluate it again
        // nor change any presentation value.
        let count = CallCount()
        let animation = fall()
        animation.timingFunction = TimingFunction(custom: { t in
            count.calls += 1
            return t
        })
        let (scene, replicator, square) = staggered(count: 4, delay: 0.5, animation: animation)
        let renderer = HeadlessRenderer(threads: 1)
        scene.beginFrame(at: 1)
        let evaluated = count.calls
        #expect(evaluated > 1, "the frame and its delayed instances were evaluated")
        let before = [scene.root, replicator, square].map { layer in
            PropertyRegistry.specs.filter { layer.has($0.id) }.map { layer.value($0.id, .presentation) }
        }
        let first = renderer.draw(scene, width: 400, height: 160)
        let second = renderer.draw(scene, width: 400, height: 160)
        #expect(count.calls == evaluated, "drawing evaluated animations")
        let after = [scene.root, replicator, square].map { layer in
            PropertyRegistry.specs.filter { layer.has($0.id) }.map { layer.value($0.id, .presentation) }
        }
        #expect(after == before)
        #expect(first.pixels == second.pixels)
        for (i, y) in [70.0, 45, 20, 140].enumerated() {
            let centre = try #require(squareCentre(second, instance: i), "instance \(i) is drawn")
            #expect(abs(centre - y) <= 0.5, "instance \(i) at y \(centre), expected \(y)")
        }
        scene.endFrame()
    }

    @Test func aMomentBetweenFramesShowsItsOwnInstancesAndGivesTheFramesBack() throws {
        // Drawn at a moment after the frame (slow motion, a render between steps), every instance
        // shows that moment's delay; afterwards the frame's instances are drawn again.
        let (scene, _, _) = staggered(count: 3, delay: 0.5, animation: fall())
        let renderer = HeadlessRenderer(threads: 1)
        scene.step(to: 1)
        var moment = FrameBuffer(width: 400, height: 160)
        scene.withPresentation(at: 1.5) { moment = renderer.draw(scene, width: 400, height: 160) }
        for (i, y) in [95.0, 70, 45].enumerated() {
            let centre = try #require(squareCentre(moment, instance: i), "instance \(i) is drawn")
            #expect(abs(centre - y) <= 0.5, "at 1.5, instance \(i) at y \(centre), expected \(y)")
        }
        let frame = renderer.draw(scene, width: 400, height: 160)
        for (i, y) in [70.0, 45, 20].enumerated() {
            let centre = try #require(squareCentre(frame, instance: i), "instance \(i) is drawn")
            #expect(abs(centre - y) <= 0.5, "at 1, instance \(i) at y \(centre), expected \(y)")
        }
    }

    @Test func nestedDelaysAtAMomentAddUp() throws {
        // As `delaysOfNestedReplicatorsAddUp`, drawn at a moment a quarter second after the frame.
        let scene = try columnsOfRows()
        let renderer = HeadlessRenderer(threads: 1)
        scene.step(to: 0.75)
        var frame = FrameBuffer(width: 400, height: 160)
        scene.withPresentation(at: 1) { frame = renderer.draw(scene, width: 400, height: 160) }
        expectColumnsOfRowsAtOne(frame)
    }

    @Test func hitTestingSeesTheFramesPresentation() throws {
        let (scene, replicator, square) = staggered(count: 3, delay: 0.5, animation: fall())
        let renderer = HeadlessRenderer(threads: 1)
        scene.beginFrame(at: 1)
        _ = renderer.draw(scene, width: 400, height: 160)
        #expect(scene.root.hitTest(Point(x: 20, y: 70), .presentation) === square)
        #expect(scene.root.hitTest(Point(x: 20, y: 45), .presentation) === replicator)
        scene.endFrame()
    }
}
