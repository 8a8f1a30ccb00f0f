import LayerKit
@testable import Render
import Testing
import TestSupport

/// What a person would see of items 5 and 7 of issue 26: a layer moved by its own action, and an
/// emitter cell that emitted only for a moment.
@Suite struct ActionAndCellTimingRenderTests {
    @Test func aLayersOwnActionMovesItOverItsOwnDuration() {
        let scene = makeScene()
        let box = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                           position: Point(x: 30, y: 75), color: rgb(255, 255, 255))
        let slide = BasicAnimation(keyPath: "")
        slide.duration = 2
        box.actions = ["position": .animation(slide)]
        scene.step(to: 0)
        scene.perform { box[.position] = .point(Point(x: 170, y: 75)) }
        scene.step(to: 1)
        // Half-way along, linearly: the square's middle at x 100, nothing left at either end.
        let frame = render(scene, at: 1)
        #expect(pixel(frame, 100, 75, is: (255, 255, 255)))
        #expect(pixel(frame, 30, 75, is: (0, 0, 0)))
        #expect(pixel(frame, 170, 75, is: (0, 0, 0)))
    }

    @Test func aCellThatEmittedForAMomentLeavesOneBandOfParticles() throws {
        let scene = makeScene()
        let cell = EmitterCell()
        cell.contents = try Image.circle(radius: 2)
        cell.set(.birthRate, 60)
        cell.set(.lifetime, 10)
        cell.set(.velocity, 100)
        cell.beginTime = 0.5
        cell.duration = 0.2
        addLayer(EmitterLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                 position: Point(x: 100, y: 75)) {
            $0.emitterCells = [cell]
            $0.set(.emitterPosition, Point(x: 20, y: 75))
        }
        var t = 0.0
        while t < 1.5 {
            t += 1.0 / 60
            scene.step(to: min(t, 1.5))
        }
        let frame = render(scene, at: 1.5)
        // Born 0.8 to 1.0 s ago at 100 points a second: from x 100 to x 120, and nowhere else.
        let inked = (0..<200).filter { x in (70..<81).contains { !pixel(frame, x, $0, is: (0, 0, 0), tolerance: 8) } }
        #expect((inked.first ?? 0) >= 96 && (inked.first ?? 0) <= 101)
        #expect((inked.last ?? 0) >= 119 && (inked.last ?? 0) <= 124)
        #expect(paintedCount(frame) > 40)
    }
}
