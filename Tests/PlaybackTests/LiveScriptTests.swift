import Foundation
import LayerKit
import LuaHost
@testable import Playback
import Render
import Testing
import TestSupport

/// Hot reload without a window: the last good scene survives every bad save, `ca.persist` and
/// `ca.isReload` carry over, and errors are kept for the overlay until the next good save.
struct LiveScriptTests {
    final class Log {
        var lines: [String] = []
    }

    func live(_ folder: TemporaryFolder, _ name: String = "scene.lua") -> (LiveScript, Log) {
        let log = Log()
        let script = LiveScript(source: .file(folder.path + "/" + name), options: ScriptOptions())
        script.log = { log.lines.append($0) }
        return (script, log)
    }

    static let counting = """
        ca.persist.runs = (ca.persist.runs or 0) + 1
        print("run", ca.persist.runs, ca.isReload)
        ca.root:addSublayer(ca.Layer{ name = "square", backgroundColor = "red" })
        """

    @Test func aReloadCarriesPersistAndSetsIsReload() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.counting)
        let (script, log) = live(folder)
        #expect(script.load(reload: false) == .loaded)
        let first = try #require(script.host)
        try folder.write("scene.lua", Self.counting + "\nprint('edited')")
        #expect(script.load(reload: true) == .loaded)
        #expect(script.host !== first)
        #expect(log.lines == ["run\t1\tfalse", "run\t2\ttrue", "edited"])
        // A restart starts afresh.
        #expect(script.load(reload: false) == .loaded)
        #expect(log.lines.last == "edited")
        #expect(log.lines.dropLast().last == "run\t1\tfalse")
        #expect(script.loadCount == 3)
    }

    /// A warning is told once on the terminal, however many runs (reloads, rebuilds for going
    /// back in time) meet it again.
    @Test func aWarningIsToldOnceAcrossRuns() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "local box = ca.Layer{}\nbox.position.x = 300\n")
        let (script, log) = live(folder)
        #expect(script.load(reload: false) == .loaded)
        #expect(script.load(reload: true) == .loaded)
        let runner = try #require(script.runner)
        let rebuilt = try #require(script.rebuild(runner))
        script.discard(rebuilt)
        let path = folder.path + "/scene.lua"
        #expect(log.lines == ["\(path):2: warning: box.position.x = 300 changes a copy of box.position, not the layer "
                              + "(reading it gives a new value); write box.position = {300, box.position.y}"])
    }

    @Test func aBrokenSaveKeepsTheLastGoodSceneAndTheNextGoodSaveClearsTheError() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.counting)
        let (script, log) = live(folder)
        script.load(reload: false)
        let good = try #require(script.host)
        try folder.write("scene.lua", "local x = = 1")
        #expect(script.load(reload: true) == .failed)
        #expect(script.host === good)
        let error = try #require(script.error)
        #expect(error.kind == .syntax)
        #expect(script.errorIsFromLoad)
        #expect(error.message.hasSuffix("scene.lua:1: unexpected symbol near '='"))
        #expect(log.lines.last?.contains("scene.lua:1: unexpected symbol near '='") == true)
        // The old scene still runs: its frames go on.
        good.scene.step(to: 1)
        #expect(good.scene.root.sublayers.count == 1)

        try folder.write("scene.lua", "error('boom on the first run')")
        #expect(script.load(reload: true) == .failed)
        #expect(script.host === good)
        #expect(script.error?.message.hasSuffix("scene.lua:1: boom on the first run") == true)

        try folder.saveByRename("scene.lua", Self.counting)
        #expect(script.load(reload: true) == .loaded)
        #expect(script.error == nil)
        // Persist came from the last good scene (the failed runs never replaced it).
        #expect(log.lines.last == "run\t2\ttrue")
    }

    @Test func aRuntimeErrorInACallbackShowsWithoutStoppingTheScene() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", """
            local ticks = 0
            ca.every(0.5, function()
              ticks = ticks + 1
              print("tick", ticks)
              if ticks == 2 then error("timer failed") end
            end)
            ca.every(0.5, function() print("other") end)
            """)
        let (script, log) = live(folder)
        script.load(reload: false)
        let host = try #require(script.host)
        for frame in 1...90 { host.scene.step(to: Double(frame) / 60) }
        #expect(script.error?.message.hasSuffix("scene.lua:5: timer failed") == true)
        // The failing timer is stopped; the rest of the scene goes on.
        #expect(script.error?.context == "a timer, now stopped")
        #expect(!script.errorIsFromLoad)
        #expect(script.host === host)
        #expect(!log.lines.contains("tick\t3"))
        #expect(log.lines.filter { $0 == "other" }.count == 3)
    }

    /// A callback's error panel, dismissed, stays away while the same error comes again; a
    /// different error brings it back, and so does the same error after the next load.
    @Test func aDismissedErrorStaysHiddenUntilAnotherComes() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", """
            ca.on('keydown', function(key) error('no ' .. key) end)
            """)
        let (script, _) = live(folder)
        script.load(reload: false)
        let runner = try #require(script.runner)
        runner.deliverNow(.keyDown("a"), log: InputLog())
        #expect(script.error?.message.hasSuffix("scene.lua:1: no a") == true)
        script.clearError()
        #expect(script.error == nil)
        runner.deliverNow(.keyDown("a"), log: InputLog())
        #expect(script.error == nil)
        runner.deliverNow(.keyDown("b"), log: InputLog())
        #expect(script.error?.message.hasSuffix("scene.lua:1: no b") == true)
        #expect(script.host?.errors.count == 3)
        script.clearError()
        #expect(script.load(reload: true) == .loaded)
        try #require(script.runner).deliverNow(.keyDown("b"), log: InputLog())
        #expect(script.error?.message.hasSuffix("scene.lua:1: no b") == true)
    }

    @Test func anErrorThatRepeatsIsToldOnceAndCountedAtTheReload() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "ca.on('keydown', function(key) error('no keys') end)")
        let (script, log) = live(folder)
        script.load(reload: false)
        let runner = try #require(script.runner)
        for _ in 1...5 { runner.deliverNow(.keyDown("a"), log: InputLog()) }
        #expect(log.lines.filter { $0.contains("no keys") }.count == 1)
        script.tellRepeats()
        #expect(log.lines.last?.hasSuffix("scene.lua:1: no keys (in a 'keydown' handler) (and 4 more times)") == true, "\(log.lines)")
        // Told: the count starts again.
        script.tellRepeats()
        #expect(log.lines.filter { $0.contains("no keys") }.count == 2)
    }

    @Test func aDeletedScriptIsReportedAndAModuleThatFailedIsStillWatched() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "local snow = require 'snow'\nprint(snow.flakes)")
        try folder.write("snow.lua", "return { flakes = 80 }")
        let (script, _) = live(folder)
        #expect(script.load(reload: false) == .loaded)
        #expect(script.dependencies.map { ($0 as NSString).lastPathComponent } == ["scene.lua", "snow.lua"])

        try folder.write("snow.lua", "return { flakes = }")
        #expect(script.load(reload: true) == .failed)
        #expect(script.error?.message.contains("snow.lua:1:") == true)
        #expect(script.dependencies.contains { $0.hasSuffix("/snow.lua") })

        try FileManager.default.removeItem(atPath: folder.path + "/scene.lua")
        #expect(script.load(reload: true) == .failed)
        #expect(script.error?.message == "cannot open \(folder.path)/scene.lua (it was moved or deleted?)")
        #expect(script.host != nil)
    }

    @Test func theBuiltInExampleRunsFromAnywhere() throws {
        let example = try String(contentsOfFile: Project.examples + "/snowfall.lua", encoding: .utf8)
        let script = LiveScript(source: .builtIn(name: "snowfall.lua", source: example), options: ScriptOptions())
        script.log = { _ in }
        script.images = RenderImages()
        #expect(script.load(reload: false) == .loaded)
        #expect(script.error == nil)
        #expect(script.dependencies.isEmpty)
        let host = try #require(script.host)
        #expect(!host.scene.root.sublayers.isEmpty)
    }
}
