import Foundation
import LayerKit
@testable import LuaHost
@testable import Playback
import Testing
import TestSupport

/// A tweak runs the script again from memory and replays it to the moment shown, with the
/// input so far: the playhead stays, paused or playing, and only the newest value is replayed.
struct PlayerRerunTests {
    private let helper = PlayerTests()

    @Test func aRerunFromMemoryKeepsTheMomentAndTheInput() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try helper.player(folder)
        player.open()
        helper.go(player, to: 2)
        player.deliver(.mouseDown(x: 5, y: 6, button: 1))
        helper.go(player, to: 3)
        let before = try helper.summary(player)
        let path = folder.path + "/scene.lua"
        let onDisk = try String(contentsOfFile: path, encoding: .utf8)

        // The timer's period, changed in memory only: 0.25 → 0.5.
        player.script.options.sources = [path: onDisk.replacingOccurrences(of: "ca.every(0.25", with: "ca.every(0.5")]
        #expect(player.rerun() == .loaded)
        while player.replay != nil { player.update(realSeconds: 0) }
        let after = try helper.summary(player)
        #expect(player.timeline.playhead == 3)
        #expect(player.runner?.tick == 180)
        #expect(after.hasPrefix("181 6 ["), "half the fires, at the same moment: \(after)")
        #expect(after.contains("[2.0000@5,6] 1"), "the click at 2 s replayed: \(after)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == onDisk, "nothing written")
        #expect(try player.runner?.value("return tostring(ca.isReload)") == "false", "a fresh run, as render makes")

        // Back to the file's text: the scene played before.
        player.script.options.sources = [:]
        player.rerun()
        while player.replay != nil { player.update(realSeconds: 0) }
        #expect(try helper.summary(player) == before)
    }

    @Test func whilePlayingThePlayheadWaitsAndTheNewestValueWins() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try helper.player(folder)
        player.open()
        helper.go(player, to: 2)
        player.setPaused(false)
        let path = folder.path + "/scene.lua"
        let onDisk = try String(contentsOfFile: path, encoding: .utf8)
        // A budget too small to finish: the first rerun is still replaying when the next comes.
        player.replayBudget = 0
        player.budget = 0
        player.script.options.sources = [path: onDisk.replacingOccurrences(of: "ca.every(0.25", with: "ca.every(0.5")]
        player.rerun()
        let first = player.replay?.runner
        player.update(realSeconds: 0.5)
        #expect(player.timeline.playhead == 2, "the playhead waits for the replay")
        player.script.options.sources = [path: onDisk.replacingOccurrences(of: "ca.every(0.25", with: "ca.every(1")]
        player.rerun()
        #expect(player.replay?.runner !== first, "the older replay is dropped")
        player.replayBudget = 10
        player.budget = 10
        while player.replay != nil { player.update(realSeconds: 0) }
        #expect(player.timeline.playhead == 2)
        let summary = try helper.summary(player)
        #expect(summary.hasPrefix("121 2 ["), "only the newest value: \(summary)")
    }

    @Test func aModuleRunsFromMemoryToo() throws {
        let folder = try TemporaryFolder()
        try folder.write("settings.lua", "return { side = 40 }\n")
        let path = try folder.write("main.lua", """
            local settings = require "settings"
            side = settings.side
            """)
        let script = LiveScript(source: .file(path), options: ScriptOptions())
        script.log = { _ in }
        let player = Player(script: script)
        player.open()
        while player.replay != nil { player.update(realSeconds: 0) }
        #expect(try player.runner?.value("return tostring(side)") == "40")
        let module = try #require(script.dependencies.first { $0.hasSuffix("settings.lua") })
        script.options.sources = [module: "return { side = 41 }\n"]
        player.rerun()
        while player.replay != nil { player.update(realSeconds: 0) }
        #expect(try player.runner?.value("return tostring(side)") == "41")
    }
}
