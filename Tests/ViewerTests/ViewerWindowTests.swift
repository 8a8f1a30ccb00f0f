import Foundation
import LayerKit
import Testing
import TestSupport

/// The viewer in a real window under Xvfb, driven by saves on disk and synthetic input, checked
/// on screenshots and on what it prints. Serialized: each test starts its own X server.
@Suite(.serialized)
struct ViewerWindowTests {
    static func coloured(_ colour: String) -> String {
        """
        ca.persist.runs = (ca.persist.runs or 0) + 1
        print("loaded", "\(colour)", ca.persist.runs, ca.isReload)
        ca.root:addSublayer(ca.Layer{ bounds = {0, 0, 200, 200}, position = {150, 150}, backgroundColor = "\(colour)" })
        """
    }

    static func isRed(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 200 && c.g < 40 && c.b < 40 }
    static func isBlue(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r < 40 && c.g < 40 && c.b > 200 }
    static func isGreen(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r < 40 && c.g > 100 && c.b < 40 }
    static func isBlack(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r < 10 && c.g < 10 && c.b < 10 }
    /// The error panel's dark red.
    static func isErrorPanel(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 50 && c.r < 120 && c.g < 20 && c.b < 30 }

    @Test func savesReloadTheSceneAndABrokenSaveKeepsTheLastGoodOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.coloured("red"))
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path)
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "loaded\tred\t1\tfalse" }
        var shot = try viewer.screenshot()
        #expect(Self.isRed(shot.rgb(150, 150)))
        #expect(Self.isBlack(shot.rgb(400, 400)))

        // A save in place: the new scene appears, ca.persist carried over, ca.isReload set.
        var mark = viewer.output.count
        try folder.write("scene.lua", Self.coloured("blue"))
        try viewer.waitForLine(after: mark) { $0 == "loaded\tblue\t2\ttrue" }
        let reloaded = try viewer.waitForLine(after: mark) { $0.hasPrefix("snowglobe: reloaded scene.lua at ") }
        #expect(reloaded.contains(" s in ") && reloaded.contains(" ms (script ") && reloaded.hasSuffix(" ms)"))
        shot = try viewer.screenshot()
        #expect(Self.isBlue(shot.rgb(150, 150)))

        // A broken save: the error is printed with file:line, the blue scene stays, the panel shows.
        mark = viewer.output.count
        try folder.write("scene.lua", "ca.root:addSublayer(")
        try viewer.waitForLine(after: mark) { $0.hasSuffix("did not load") || $0.contains("did not load (") }
        #expect(viewer.output.dropFirst(mark).contains { $0.contains("scene.lua:1:") && $0.contains("near <eof>") })
        shot = try viewer.screenshot()
        #expect(Self.isBlue(shot.rgb(150, 150)))
        #expect(Self.isErrorPanel(shot.rgb(785, 580)))

        // A fixed save, written as editors do (a new file renamed over the old): seen, and the panel goes.
        mark = viewer.output.count
        try folder.saveByRename("scene.lua", Self.coloured("green"))
        try viewer.waitForLine(after: mark) { $0 == "loaded\tgreen\t3\ttrue" }
        try viewer.waitForLine(after: mark) { $0.hasPrefix("snowglobe: reloaded scene.lua at ") }
        shot = try viewer.screenshot()
        #expect(Self.isGreen(shot.rgb(150, 150)))
        #expect(Self.isBlack(shot.rgb(785, 580)))
        #expect(viewer.quit() == 0)
    }

    @Test func aSaveWhileTheScriptFirstLoadsIsNotMissed() throws {
        // The first load takes a second; the save lands in the middle of it. The viewer watches
        // the file from before it loads it, so the save is seen once the load is done.
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "print('loading')\nlocal n = 0\nfor i = 1, 1.5e7 do n = n + i end\n"
                         + Self.coloured("red"))
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path)
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "loading" }
        try folder.write("scene.lua", Self.coloured("blue"))
        try viewer.waitForLine { $0 == "loaded\tred\t1\tfalse" }
        try viewer.waitForLine { $0 == "loaded\tblue\t2\ttrue" }
    }

    @Test func reloadSurvivesAbuseAndEndsOnTheNewestGoodScene() throws {
        let folder = try TemporaryFolder()
        let good = Self.coloured("red")
        try folder.write("scene.lua", good)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path)
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "loaded\tred\t1\tfalse" }

        // Truncated in the middle of a line, then half-written and left so, then binary garbage.
        var mark = viewer.output.count
        try folder.write("scene.lua", String(good.prefix(good.count / 2)))
        try viewer.waitForLine(after: mark) { $0.contains("did not load") }
        mark = viewer.output.count
        let handle = try #require(FileHandle(forWritingAtPath: folder.path + "/scene.lua"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("ca.root:addSub".utf8))  // still open: the watcher waits, then tries
        try viewer.waitForLine(after: mark) { $0.contains("did not load") }
        try handle.close()
        mark = viewer.output.count
        var garbage = Data("\u{1B}Lua".utf8)
        for i in 0..<4_000 { garbage.append(UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13)) }
        try garbage.write(to: URL(fileURLWithPath: folder.path + "/scene.lua"))
        try viewer.waitForLine(after: mark) { $0.contains("did not load") }

        // Deleted, then put back; a module that requires itself.
        mark = viewer.output.count
        try FileManager.default.removeItem(atPath: folder.path + "/scene.lua")
        try viewer.waitForLine(after: mark) { $0.contains("did not load") }
        try folder.write("loop.lua", "local again = require 'loop'\nreturn { again = again }")
        mark = viewer.output.count
        try folder.write("scene.lua", "require 'loop'\n" + good)
        try viewer.waitForLine(after: mark) { $0.contains("module 'loop' requires itself") }

        // A hundred saves in a second: the last one wins.
        for save in 1...100 {
            try folder.write("scene.lua", Self.coloured("blue") + "\nprint('save', \(save))")
            Thread.sleep(forTimeInterval: 0.01)
        }
        try viewer.waitForLine(timeout: 60) { $0 == "save\t100" }
        Thread.sleep(forTimeInterval: 0.3)
        let shot = try viewer.screenshot()
        #expect(Self.isBlue(shot.rgb(150, 150)))
        #expect(Self.isBlack(shot.rgb(785, 580)))
        // The red scene ran until the first good blue save: persist counted every good run since.
        #expect(viewer.output.contains { $0.hasPrefix("loaded\tblue\t") })
        #expect(viewer.quit() == 0)
    }

    @Test func clicksReachOnTapAndKeysReachTheScript() throws {
        let folder = try TemporaryFolder()
        try folder.write("input.lua", """
            local square = ca.Layer{ bounds = {0, 0, 200, 200}, position = {150, 150}, backgroundColor = "orange" }
            ca.root:addSublayer(square)
            square.onTap = function(layer, p) print("tap", p.x, p.y) end
            ca.on("keydown", function(key)
              print("key", key)
              if key == "e" then error("handler failed on purpose") end
            end)
            print("ready")
            """)
        let viewer = try ViewerProcess(script: "input.lua", folder: folder.path)
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "ready" }
        try viewer.click(x: 120, y: 130)
        try viewer.waitForLine { $0 == "tap\t70.0\t80.0" }
        try viewer.click(x: 600, y: 500)  // nothing there: no tap
        try viewer.press("a", "space")
        try viewer.waitForLine { $0 == "key\tspace" }
        #expect(viewer.output.contains("key\ta"))
        #expect(viewer.output.filter { $0.hasPrefix("tap") }.count == 1)

        // A runtime error in a handler: reported with file:line, shown, and the scene keeps running.
        try viewer.press("e")
        try viewer.waitForLine { $0.contains("input.lua:6: handler failed on purpose") }
        let shot = try viewer.screenshot()
        #expect(Self.isErrorPanel(shot.rgb(785, 580)))
        try viewer.click(x: 120, y: 130)
        #expect(try viewer.waitForLine(after: 0) { $0 == "tap\t70.0\t80.0" } == "tap\t70.0\t80.0")

        // Esc hides the panel of a callback's error; the scene goes on and still answers, and
        // the same error again does not bring the panel back. The next Esc quits.
        try viewer.press("Escape")
        Thread.sleep(forTimeInterval: 0.3)
        let mark = viewer.output.count
        try viewer.press("e")
        try viewer.press("a")
        try viewer.waitForLine(after: mark) { $0 == "key\ta" }
        #expect(!Self.isErrorPanel(try viewer.screenshot().rgb(785, 580)))
        #expect(viewer.quit() == 0)
    }

    /// `box.position.x = 300` in a display link: the window's terminal says so once, at the
    /// statement's file and line, however many frames and runs (a restart) meet it.
    @Test func aFieldSetOnACopyIsWarnedOfOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("copy.lua", """
            local box = ca.Layer{ bounds = {0, 0, 100, 100}, position = {100, 100}, backgroundColor = "red" }
            ca.root:addSublayer(box)
            ca.DisplayLink(function() box.position.x = 300 end)
            print("ready")
            """)
        let viewer = try ViewerProcess(script: "copy.lua", folder: folder.path, arguments: ["--fresh"])
        defer { viewer.quit() }
        let warning = "copy.lua:3: warning: box.position.x = 300 changes a copy of box.position, not the layer "
            + "(reading it gives a new value); write box.position = {300, box.position.y}"
        try viewer.waitForLine { $0.hasSuffix(warning) }
        try viewer.press("F5")
        try viewer.waitForLine { $0.hasPrefix("snowglobe: restarted copy.lua") }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Self.isRed(try viewer.screenshot().rgb(100, 100)), "the layer stayed where it was")
        #expect(viewer.output.filter { $0.contains("warning:") }.count == 1, "\(viewer.output)")
        #expect(viewer.quit() == 0)
    }

    /// Reads the script's clock and display-link count by pressing "t".
    func sample(_ viewer: ViewerProcess) throws -> (time: Double, frames: Int) {
        let mark = viewer.output.count
        try viewer.press("t")
        let line = try viewer.waitForLine(after: mark) { $0.hasPrefix("now\t") }
        let parts = line.split(separator: "\t")
        return (Double(parts[1]) ?? -1, Int(parts[2]) ?? -1)
    }

    @Test func pauseStopsTimeStepMovesOneFrameAndSlowMotionRunsAtATenth() throws {
        let folder = try TemporaryFolder()
        try folder.write("clock.lua", """
            local frames = 0
            ca.DisplayLink(function() frames = frames + 1 end)
            ca.on("keydown", function(key)
              if key == "t" then print("now", string.format("%.4f", ca.now()), frames) end
            end)
            print("ready")
            """)
        let viewer = try ViewerProcess(script: "clock.lua", folder: folder.path)
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "ready" }
        try viewer.press("F6")
        Thread.sleep(forTimeInterval: 0.2)
        let paused = try sample(viewer)
        Thread.sleep(forTimeInterval: 0.5)
        let stillPaused = try sample(viewer)
        #expect(stillPaused.time == paused.time)
        #expect(stillPaused.frames == paused.frames)

        try viewer.press("F7")
        let stepped = try sample(viewer)
        #expect(stepped.frames == paused.frames + 1)
        #expect(stepped.time - paused.time > 0.003 && stepped.time - paused.time < 0.05)

        try viewer.press("F8", "F6")  // slow motion, then resume
        let slowStart = try sample(viewer)
        Thread.sleep(forTimeInterval: 1.0)
        let slowEnd = try sample(viewer)
        let slowElapsed = slowEnd.time - slowStart.time
        #expect(slowElapsed > 0.06 && slowElapsed < 0.2, "a second at a tenth of the speed moved \(slowElapsed) s")
        #expect(viewer.quit() == 0)
    }

    /// Runs the viewer on a red square with `environment` and no window expected: its exit
    /// status and what it wrote to standard error.
    private func runExpectingNoWindow(_ environment: [String: String]) throws -> (status: Int32, message: String, script: String) {
        let folder = try TemporaryFolder()
        let script = try folder.write("scene.lua", Self.coloured("red"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ViewerProcess.binary)
        process.arguments = [script, "--quit-after", "30"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()].merging(environment) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.exitStatus(killingAfter: 30), message, script)
    }

    @Test func withoutADisplayItSaysSoAndExitsTwo() throws {
        let run = try runExpectingNoWindow([:])
        #expect(run.status == 2)
        #expect(run.message == "snowglobe: no display to open a window on (DISPLAY is not set); to render without one: snowglobe render \(run.script) --out out.gif\n")
    }

    /// A display that does not answer is an error, not a window nobody can see (SDL, left to
    /// itself, would go on with its offscreen driver).
    @Test func aDisplayThatDoesNotAnswerIsAnError() throws {
        let run = try runExpectingNoWindow(["DISPLAY": ":59999"])
        #expect(run.status == 2)
        #expect(run.message.hasPrefix("snowglobe: cannot open a window: no window system answered: x11 (DISPLAY=:59999): "),
                "\(run.message)")
        #expect(run.message.contains("to render without one: snowglobe render \(run.script) --out out.gif"), "\(run.message)")
    }
}
