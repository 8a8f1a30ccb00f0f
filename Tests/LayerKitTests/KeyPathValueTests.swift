import Testing
import TestSupport
@testable import LayerKit

/// Reading any key path's value, in the model and on screen, as named components.
struct KeyPathValueTests {
    @Test func aKeyPathReadsTheModelAndThePresentation() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let move = BasicAnimation(keyPath: "position.y")
        move.fromValue = .number(0)
        move.toValue = .number(100)
        move.duration = 1
        move.timingFunction = .linear
        try layer.addAnimation(move, forKey: "move")
        driver.run(until: 0.25)
        let model = try layer.value(forKeyPath: "position.y")
        let shown = try layer.value(forKeyPath: "position.y", .presentation)
        #expect(model == .number(50))
        guard case .number(let y) = shown else { Issue.record("not a number: \(shown)"); return }
        #expect(abs(y - 25) < 1e-9)
        #expect(try layer.value(forKeyPath: "position", .presentation).components.map(\.name) == ["x", "y"])
        #expect(throws: KeyPathError.self) { try layer.value(forKeyPath: "postion.y") }
    }

    @Test func componentsNameWhatAGraphDraws() {
        #expect(AnimationValue.color(Color(r: 1, g: 0.5, b: 0, a: 1)).components.map(\.value) == [1, 0.5, 0, 1])
        let turn = AnimationValue.transform(Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))
        let parts = Dictionary(uniqueKeysWithValues: turn.components.map { ($0.name, $0.value) })
        #expect(abs((parts["rotation.z"] ?? 0) - 0.5) < 1e-12)
        #expect(parts["scale.x"] == 1)
        #expect(AnimationValue.choice("linear").components.isEmpty)
    }
}
