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

    /// A script reopened where it was left says so on the terminal, with how to start afresh;
    /// `--fresh` opens it at 0, playing, without a word about the remembered timeline.
    @Test func aReopenedScriptSaysWhereItResumedAndFreshStartsAtZero() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.ticking)
        do {
            let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path, arguments: ["--at", "2.5", "--paused"])
            defer { viewer.quit() }
            try viewer.waitForLine { $0 == "second\t2.0" }
            #expect(viewer.quit() == 0)
            #expect(!viewer.output.contains { $0.hasPrefix("snowglobe: resumed ") })
        }
        do {
            let again = try ViewerProcess(script: "scene.lua", folder: folder.path)
            defer { again.quit() }
            let line = try again.waitForLine { $0.hasPrefix("snowglobe: resumed ") }
            #expect(line == "snowglobe: resumed scene.lua at 2.50 s, paused (F5 restarts; --fresh ignores the remembered timeline)")
            #expect(again.quit() == 0)
        }
        let fresh = try ViewerProcess(script: "scene.lua", folder: folder.path, arguments: ["--fresh"])
        defer { fresh.quit() }
        // Playing from 0: it gets past the remembered 2.5 s, where the paused timeline stayed.
        try fresh.waitForLine { $0 == "second\t3.0" }
        #expect(fresh.quit() == 0)
        #expect(!fresh.output.contains { $0.hasPrefix("snowglobe: resumed ") })
    }

    /// A scene too heavy to replay at once shows its progress, and Esc cancels the replay
    /// instead of closing the window: the scene stays at the moment reached and answers keys.
    @Test func escCancelsALongReplayAndTheSceneAnswersWhereItGot() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", """
            ca.root:addSublayer(ca.Layer{ bounds = {0, 0, 200, 200}, position = {150, 150}, backgroundColor = "red" })
            local sum = 0
            ca.DisplayLink(function() for i = 1, 20000 do sum = sum + i % 7 end end)
            ca.on("keydown", function(key) print("now", key, string.format("%.2f", ca.now())) end)
            print("ready")
            """)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path, arguments: ["--at", "600", "--paused"])
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "ready" }
        Thread.sleep(forTimeInterval: 0.5)
        let mark = viewer.output.count
        try viewer.press("Escape")
        Thread.sleep(forTimeInterval: 0.3)
        try viewer.press("n")
        let line = try viewer.waitForLine(after: mark) { $0.hasPrefix("now\tn\t") }
        let reached = Double(line.split(separator: "\t").last ?? "") ?? -1
        #expect(reached > 0 && reached < 600, "\(line)")
        #expect(viewer.quit() == 0)
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
        // Opened paused and never played: the figures are a still scene's, and --stats says so.
        let paused = try viewer.waitForLine { $0.hasPrefix("paused for ") }
        #expect(paused == "paused for all \(shown) frames: those measure a still scene, not its animation (F6 plays it)")
    }
}
