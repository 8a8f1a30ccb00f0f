import Foundation
import Testing
import TestSupport

/// Time in the window: a save reloads the script at the moment shown, and a script reopens
/// where it was left.
extension ViewerWindowTests {
    static let ticking = """
        ca.root:addSublayer(ca.Layer{ bounds = {0, 0, 200, 200}, position = {150, 150}, backgroundColor = "red" })
        ca.every(1, function() print("second", ca.now()) end)
        """

    @Test func aSaveReloadsAtTheMomentShownAndTheScriptReopensThere() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.ticking)
        do {
            let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path, arguments: ["--at", "2.5", "--paused"])
            defer { viewer.quit() }
            try viewer.waitForLine { $0 == "second\t2.0" }
            let mark = viewer.output.count
            try folder.write("scene.lua", Self.ticking.replacingOccurrences(of: "red", with: "blue"))
            let line = try viewer.waitForLine(after: mark) { $0.hasPrefix("snowglobe: reloaded scene.lua at ") }
            #expect(line.hasPrefix("snowglobe: reloaded scene.lua at 2.50 s in "))
            // The new script's replayed seconds were not printed again.
            #expect(!viewer.output.dropFirst(mark).contains("second\t1.0"))
            #expect(Self.isBlue(try viewer.screenshot().rgb(150, 150)))
            #expect(viewer.quit() == 0)
        }
        // Opened again without --at: where it was left, still paused.
        let again = try ViewerProcess(script: "scene.lua", folder: folder.path)
        defer { again.quit() }
        try again.waitForLine { $0 == "second\t2.0" }
        let mark = again.output.count
        try folder.write("scene.lua", Self.ticking)
        let line = try again.waitForLine(after: mark) { $0.hasPrefix("snowglobe: reloaded scene.lua at ") }
        #expect(line.hasPrefix("snowglobe: reloaded scene.lua at 2.50 s in "))
    }

    /// A paused scene in which nothing moves is not drawn again frame after frame; what does
    /// change while paused (a click's dot, a key's colour) is drawn at once.
    @Test func aPausedFrameIsDrawnAgainOnlyWhenSomethingChanges() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", """
            local square = ca.Layer{ bounds = {0, 0, 200, 200}, position = {150, 150}, backgroundColor = "red" }
            ca.root:addSublayer(square)
            ca.on("keydown", function(key)
              ca.transaction(function() square.backgroundColor = "blue" end, { disableActions = true })
              print("turned", key)
            end)
            print("ready")
            """)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--at", "1", "--paused", "--stats", "--size", "800x600"])
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "ready" }
        #expect(Self.isRed(try viewer.screenshot().rgb(150, 150)))
        try viewer.press("b")
        try viewer.waitForLine { $0 == "turned\tb" }
        #expect(Self.isBlue(try viewer.screenshot().rgb(150, 150)))
        Thread.sleep(forTimeInterval: 1)
        #expect(viewer.quit() == 0)
        let line = try viewer.waitForLine { $0.hasPrefix("frames shown again unchanged (paused, nothing moved): ") }
        let frames = try viewer.waitForLine { $0.hasPrefix("frames: ") }
        let repeated = Int(line.split(separator: " ").last ?? "") ?? -1
        let shown = Int(frames.split(separator: " ")[1]) ?? -1
        // Most of the paused second and more is shown again; the frames after each change are drawn.
        #expect(repeated > 0 && repeated < shown, "\(line); \(frames)")
        #expect(repeated * 2 > shown, "\(line); \(frames)")
    }
}
