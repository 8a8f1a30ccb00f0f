import Foundation
import LuaHost
@testable import Playback
import Testing
import TestSupport

/// After a seek back, only a press aimed at the scene replaces the input logged for later: a
/// teacher's trial lost a click's particles to the pointer leaving the window and to the Shift
/// of Shift+F7, each of which used to count as new input.
struct InputAfterSeekTests {
    @Test func thePointerMovingOrLeavingKeepsLaterInput() {
        var log = InputLog()
        log.append(.mouseDown(x: 300, y: 200, button: 1), at: 54)
        log.append(.mouseUp(x: 300, y: 200, button: 1), at: 56)
        // Back at 0.57 s, the pointer leaves the window (SDL's last motion, at its corner).
        #expect(log.append(.mouseMove(x: 799, y: 599, button: 0), at: 34) == nil)
        #expect(log.append(.keyUp("left shift"), at: 34) == nil)
        #expect(log.append(.resize(width: 1024, height: 768), at: 35) == nil)
        #expect(log.entries.map(\.tick) == [34, 34, 35, 54, 56])
        #expect(log.events(at: 54).map(\.event) == [.mouseDown(x: 300, y: 200, button: 1)])
        #expect(log.pressTicks == [54])
    }

    @Test func aPressReplacesLaterInputAndSaysWhat() {
        var log = InputLog()
        log.append(.mouseDown(x: 300, y: 200, button: 1), at: 54)
        log.append(.mouseUp(x: 300, y: 200, button: 1), at: 56)
        #expect(log.append(.keyDown("space"), at: 30) == InputLog.Dropped(count: 2, fromTick: 54))
        #expect(log.entries.map(\.event) == [.keyDown("space")])
        #expect(log.append(.keyDown("a"), at: 30) == nil)
        #expect(log.pressTicks == [30])
    }

    @Test func thePlayerSaysWhenLaterInputWasDropped() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("scene.lua", "clicks = 0\nca.on('mousedown', function() clicks = clicks + 1 end)\n")
        let script = LiveScript(source: .file(path), options: ScriptOptions())
        script.log = { _ in }
        let player = Player(script: script)
        var told: [String] = []
        player.onDroppedInput = { told.append($0) }
        player.open()
        func go(to time: Double) {
            player.setPaused(true)
            player.seek(to: time)
            player.update(realSeconds: 0)
            while player.replay != nil { player.update(realSeconds: 0) }
        }
        go(to: 2.35)
        player.deliver(.mouseDown(x: 10, y: 10, button: 1))
        go(to: 1.2)
        player.deliver(.mouseMove(x: 799, y: 599, button: 0))
        #expect(told.isEmpty)
        go(to: 3)
        #expect(try player.runner?.value("return clicks") == "1")
        go(to: 1.2)
        player.deliver(.mouseDown(x: 20, y: 20, button: 1))
        #expect(told == ["input after 2.35 s dropped: a new click at 1.20 s"])
    }
}
