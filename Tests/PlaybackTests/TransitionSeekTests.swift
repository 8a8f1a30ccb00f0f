import LayerKit
@testable import LuaHost
@testable import Playback
import Render
import Testing
import TestSupport

/// A transition drawn at a moment is the same after seeking away and back: what it starts from
/// is part of the run, rebuilt by replaying it, not something the window kept.
struct TransitionSeekTests {
    static let script = """
        local box = ca.Layer{ bounds = {0, 0, 100, 100}, position = {100, 75}, backgroundColor = "red",
                              masksToBounds = true }
        local label = ca.TextLayer{ frame = {0, 30, 100, 40}, string = "one", fontSize = 24 }
        box:addSublayer(label)
        ca.root:addSublayer(box)
        ca.after(1, function()
          box:addAnimation(ca.Transition{ type = "push", subtype = "fromRight", duration = 1 })
          box.backgroundColor = "blue"
          label.string = "two"
        end)
        """

    private func frame(_ player: Player, at time: Double) throws -> [UInt32] {
        player.setPaused(true)
        player.seek(to: time)
        player.update(realSeconds: 0)
        while player.replay != nil { player.update(realSeconds: 0) }
        let runner = try #require(player.runner)
        let renderer = HeadlessRenderer(threads: 1)
        var pixels: [UInt32] = []
        runner.withFrame(at: time) { scene in pixels = renderer.draw(scene, width: 200, height: 150).pixels }
        return pixels
    }

    @Test func seekingBackAndForthDrawsTheSameTransitionFrame() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("scene.lua", Self.script)
        let player = Player(script: LiveScript(source: .file(path), options: ScriptOptions()))
        player.budget = 10
        player.replayBudget = 10
        player.idleBudget = 10
        #expect(player.open() == .loaded)
        let first = try frame(player, at: 1.5)
        let firstRun = player.runner
        _ = try frame(player, at: 2.5)
        _ = try frame(player, at: 0.5)
        #expect(player.runner !== firstRun)
        let again = try frame(player, at: 1.5)
        #expect(again == first)
        // Halfway: blue on the right half, red pushed out of the left half.
        let left = first[75 * 200 + 60], right = first[75 * 200 + 140]
        #expect(left != right)
    }
}
