import Foundation
import LayerKit
import LuaHost
@testable import Playback
import Testing
import TestSupport
@testable import Viewer

/// What the inspector picks and says, without a window.
struct InspectorTests {
    static let scene = """
        local stage = ca.Layer{ name = "stage", bounds = {0, 0, 400, 300}, position = {200, 150} }
        ca.root:addSublayer(stage)
        local box = ca.Layer{ name = "box", bounds = {0, 0, 40, 40}, position = {100, 100}, backgroundColor = "red" }
        stage:addSublayer(box)
        box:addAnimation(ca.BasicAnimation{ keyPath = "position.y", fromValue = 100, toValue = 200, duration = 2,
          beginTime = ca.now() + 1, timingFunction = "linear", fillMode = "both" }, "drop")
        box:addAnimation(ca.KeyframeAnimation{ keyPath = "opacity", values = {1, 0.2, 1}, keyTimes = {0, 0.25, 1},
          duration = 1, repeatCount = math.huge }, "blink")
        """

    func player(_ folder: TemporaryFolder) throws -> Player {
        let path = try folder.write("scene.lua", Self.scene)
        let script = LiveScript(source: .file(path), options: ScriptOptions())
        script.log = { _ in }
        let player = Player(script: script)
        player.budget = 10
        player.open()
        return player
    }

    func go(_ player: Player, to time: Double) {
        player.setPaused(true)
        player.seek(to: time)
        while player.isSeeking || player.runner?.tick ?? -1 < 0 { player.update(realSeconds: 0) }
    }

    @Test func aClickPicksTheDeepestLayerThenItsSuperlayers() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 0.5)
        let scene = try #require(player.runner?.scene)
        let inspector = Inspector()
        inspector.pick(at: Point(x: 100, y: 100), in: scene)
        #expect(inspector.layer(in: scene)?.name == "box")
        #expect(Inspector.heading(try #require(inspector.layer(in: scene))) == ("Layer “box”", "root › stage › box"))
        inspector.pick(at: Point(x: 100, y: 100), in: scene)
        #expect(inspector.layer(in: scene)?.name == "stage")
        inspector.pick(at: Point(x: 100, y: 100), in: scene)
        #expect(inspector.layer(in: scene) === scene.root)
    }

    @Test func thePickSurvivesASeekBack() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 2)
        let inspector = Inspector()
        inspector.pick(at: Point(x: 100, y: 150), in: try #require(player.runner?.scene))
        let before = try #require(player.runner)
        go(player, to: 1)
        #expect(player.runner !== before)
        #expect(inspector.layer(in: try #require(player.runner?.scene))?.name == "box")
    }

    @Test func theAnimationLinesSayWhereEachIs() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 0.5)
        let scene = try #require(player.runner?.scene)
        let box = try #require(scene.root.sublayers.first?.sublayers.first)
        let states = box.attachedAnimations
        #expect(states.map(\.keyPath) == ["position.y", "opacity"])
        let waiting = Inspector.animationLines(states[0], layer: box, mediaTime: 0.5)
        #expect(waiting[0] == "“drop” BasicAnimation · position.y")
        #expect(waiting[1] == "  from 100 · to 200")
        #expect(waiting[2] == "  dur 2 s · begin 1 s (media 1 s) · fill both")
        #expect(waiting[3].hasPrefix("  filling ") && waiting[3].hasSuffix("0%"))
        let active = Inspector.animationLines(states[0], layer: box, mediaTime: 2)
        #expect(active[3].hasPrefix("  active ") && active[3].hasSuffix(" 50%"))
        let blink = Inspector.animationLines(states[1], layer: box, mediaTime: 0.5)
        #expect(blink[1] == "  3 values · keyTimes 0 0.25 1")
        #expect(blink[2].contains("repeat ∞"))
        let properties = Inspector.propertyLines(box)
        #expect(properties.contains { $0.hasPrefix("position.y") && $0.hasSuffix("100 → 100") || $0 == "position.y       100" })
        #expect(properties.contains { $0.hasPrefix("backgroundColor") && $0.contains("#FF0000") })
        #expect(Inspector.span(of: states[0], layer: box, loop: nil) == 0.84...3.16)
    }

    @Test func presentationValuesFollowTheAnimationsAtOtherMoments() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 0.5)
        let scene = try #require(player.runner?.scene)
        let box = try #require(scene.root.sublayers.first?.sublayers.first)
        let values = try scene.presentationValues(of: box, keyPath: "position.y", at: [0.5, 1, 2, 3, 4])
        #expect(values == [.number(100), .number(100), .number(150), .number(200), .number(200)])
        // Nothing moved: the presentation shows the frame's moment again.
        #expect(try box.value(forKeyPath: "position.y", .presentation) == .number(100))
    }
}
