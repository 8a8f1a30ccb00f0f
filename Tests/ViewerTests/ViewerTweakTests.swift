import Foundation
import LayerKit
import Render
import Testing
import TestSupport

/// The tweak panel in a real window, driven by its keys: a change shows at the moment on
/// screen, Enter writes exactly that token, the window then shows what `render --at` makes of
/// the written file, undo gives back the original bytes, and a value that breaks the script, a
/// read-only file or a file changed on disk meanwhile never costs the user their file or scene.
extension ViewerWindowTests {
    static let tweakedBox = """
        local SIDE = 120
        local box = ca.Layer{ bounds = { 0, 0, SIDE, SIDE }, position = { 200, 300 }, backgroundColor = "#3080ff" }
        ca.root:addSublayer(box)
        box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 200, toValue = 600, duration = 4 }, "move")

        """

    @Test func aTweakShowsAtTheMomentWritesOneTokenAndUndoes() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("box.lua", Self.tweakedBox)
        let original = try Data(contentsOf: URL(fileURLWithPath: script))
        let viewer = try ViewerProcess(script: script, folder: folder.path, arguments: ["--at", "1.5", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        let before = try viewer.screenshot(sceneAlone: true)
        try viewer.press("shift+F4")
        try viewer.press("shift+Up")
        let changed = try viewer.screenshot(sceneAlone: true)
        #expect(Self.differing(before, changed) > 1_000, "SIDE 120 → 130 shows at once")
        #expect(try Data(contentsOf: URL(fileURLWithPath: script)) == original, "nothing is written before Enter")

        let lines = viewer.output.count
        try viewer.press("Return")
        try viewer.waitForLine(after: lines) { $0.contains("tweak written to box.lua:1:14: 130") }
        let written = try Data(contentsOf: URL(fileURLWithPath: script))
        #expect(String(decoding: written, as: UTF8.self) == Self.tweakedBox.replacingOccurrences(of: "SIDE = 120", with: "SIDE = 130"))
        let after = try viewer.screenshot(sceneAlone: true)
        #expect(Self.differing(after, try Self.render(script, at: 1.5, in: folder)) == 0,
                "the window at the playhead is what render --at makes of the written file")
        #expect(!viewer.output.dropFirst(lines).contains { $0.contains("reloaded") }, "its own write reloads nothing")

        try viewer.press("ctrl+z")
        try viewer.waitForLine(after: lines) { $0.contains("tweak undone") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: script)) == original, "undo gives back the original bytes")
        #expect(Self.differing(try viewer.screenshot(sceneAlone: true), before) == 0)
    }

    @Test func draggingANumberSidewaysChangesItAndReleasingWritesIt() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("box.lua", Self.tweakedBox)
        let viewer = try ViewerProcess(script: script, folder: folder.path, arguments: ["--at", "1.5", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        _ = try viewer.screenshot()
        try viewer.press("shift+F4")
        _ = try viewer.screenshot()
        // The first row (SIDE = 120) is at the top of the panel's list; 40 points right is 10 steps.
        let window = try viewer.xdotool(["search", "--name", "snowglobe"]).split(separator: "\n").first.map(String.init) ?? ""
        try viewer.xdotool(["mousemove", "--window", window, "100", "91", "mousedown", "1"])
        for x in stride(from: 110, through: 140, by: 10) {
            try viewer.xdotool(["mousemove", "--window", window, String(x), "91"])
            Thread.sleep(forTimeInterval: 0.05)
        }
        try viewer.xdotool(["mouseup", "1"])
        try viewer.waitForLine { $0.contains("tweak written to box.lua:1:14: 130") }
        #expect(try String(contentsOfFile: script, encoding: .utf8)
                == Self.tweakedBox.replacingOccurrences(of: "SIDE = 120", with: "SIDE = 130"))
    }

    @Test func aLiteralUsedOnlyAtTheTopLevelChangesTheFrameAt30Seconds() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("top.lua", """
            local GREEN = 0.2
            local page = ca.Layer{ frame = { 0, 0, 800, 600 }, backgroundColor = { 0.1, GREEN, 0.3 } }
            ca.root:addSublayer(page)

            """)
        let viewer = try ViewerProcess(script: script, folder: folder.path, arguments: ["--at", "30", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        let before = try viewer.screenshot(sceneAlone: true)
        try viewer.press("shift+F4", "Up", "Return")
        try viewer.waitForLine { $0.contains("tweak written to top.lua:1:15: 0.3") }
        let after = try viewer.screenshot(sceneAlone: true)
        #expect(after.rgb(400, 300).g - before.rgb(400, 300).g >= 20, "\(before.rgb(400, 300)) → \(after.rgb(400, 300))")
        #expect(Self.differing(after, try Self.render(script, at: 30, in: folder)) == 0, "still at 30 s")
    }

    @Test func aValueThatBreaksTheScriptShowsTheErrorAndEscGoesBack() throws {
        let folder = try TemporaryFolder()
        let text = """
            local COUNT = 3
            assert(COUNT < 4, "COUNT must stay below 4")
            ca.root:addSublayer(ca.Layer{ frame = { 0, 0, 800, 600 }, backgroundColor = "#208040" })

            """
        let script = try folder.write("count.lua", text)
        let viewer = try ViewerProcess(script: script, folder: folder.path, arguments: ["--at", "1", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        let before = try viewer.screenshot(sceneAlone: true)
        try viewer.press("shift+F4", "Up")
        try viewer.waitForLine { $0.contains("did not load with the change") }
        let failing = try viewer.screenshot()
        #expect(Self.errorPanelPixels(failing) > 5_000, "the error panel shows")
        #expect(Self.differing(try viewer.screenshot(sceneAlone: true), before) == 0, "over the last good scene")
        try viewer.press("Escape")
        let back = try viewer.screenshot()
        #expect(Self.errorPanelPixels(back) == 0, "Esc drops the change and the error with it")
        #expect(Self.differing(try viewer.screenshot(sceneAlone: true), before) == 0)
        #expect(try String(contentsOfFile: script, encoding: .utf8) == text)
    }

    @Test func aReadOnlyFileOrOneChangedOnDiskIsNotWritten() throws {
        let folder = try TemporaryFolder()
        let text = "local W = 100\nca.root:addSublayer(ca.Layer{ frame = { 0, 0, W, W }, backgroundColor = \"white\" })\n"
        let script = try folder.write("w.lua", text)
        chmod(script, 0o444)
        let viewer = try ViewerProcess(script: script, folder: folder.path, arguments: ["--at", "1", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        _ = try viewer.screenshot()
        try viewer.press("shift+F4", "Up", "Return")
        try viewer.waitForLine { $0.contains("w.lua is read-only; nothing written; the value to copy: 101") }
        #expect(try String(contentsOfFile: script, encoding: .utf8) == text)

        // Writable again, but an editor saves something else before Enter.
        chmod(script, 0o644)
        let edited = text.replacingOccurrences(of: "white", with: "red")
        try folder.saveByRename("w.lua", edited)
        let lines = viewer.output.count
        try viewer.press("Return")
        try viewer.waitForLine(after: lines) { $0.contains("w.lua changed on disk") && $0.contains("101") }
        #expect(try String(contentsOfFile: script, encoding: .utf8) == edited, "the editor's save stays")
    }

    /// Pixels of the error panel's dark red.
    private static func errorPanelPixels(_ image: Image) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.rgb(x, y)
                if abs(p.r - 77) <= 2 && p.g <= 8 && abs(p.b - 10) <= 3 { count += 1 }
            }
        }
        return count
    }

    private static func differing(_ a: Image, _ b: Image) -> Int {
        guard a.width == b.width && a.height == b.height else { return Int.max }
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.rgb(x, y) != b.rgb(x, y) { count += 1 }
        }
        return count
    }

    private static func render(_ script: String, at time: Double, in folder: TemporaryFolder) throws -> Image {
        let out = folder.path + "/render-\(time).png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SnowglobeBinary.path)
        process.arguments = ["render", script, "--at", String(time), "--size", "800x600", "--out", out]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        #expect(process.exitStatus(killingAfter: 60) == 0)
        return try ImageLoader.load(path: out)
    }
}
