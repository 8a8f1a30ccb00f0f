import Foundation
import LayerKit
import Testing
import TestSupport

/// F9 and F10 in a real window: what they write is rendered headless from the timeline —
/// exactly the frames `snowglobe render` makes of the same range, with the input given in the
/// window — and the window goes on while it is written.
extension ViewerWindowTests {
    /// A square sliding right; a click drops a white dot where it lands, at the time it lands.
    static let slideAndDots = """
        ca.root.backgroundColor = "#203048"
        local square = ca.Layer{ bounds = { 0, 0, 60, 60 }, position = { 100, 300 }, backgroundColor = "orange" }
        ca.root:addSublayer(square)
        square:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 100, toValue = 700, duration = 3 })
        ca.on("mousedown", function(x, y)
          ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 30, 30 }, position = { x, y }, backgroundColor = "white",
                                        cornerRadius = 15 })
        end)
        """

    /// F10 writes the in–out range with the click made in the window; `render` with the same
    /// click makes the same frames, pixel for pixel (APNG is lossless).
    @Test func f10WritesTheLoopRangeAsRenderWould() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.slideAndDots)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--loop", "0.5:1.5", "--at", "1", "--paused", "--record", "apng",
                                                   "--record-fps", "10", "--size", "800x600"])
        defer { viewer.quit() }
        _ = try viewer.screenshot()
        try viewer.click(x: 400, y: 150)
        let mark = viewer.output.count
        try viewer.press("F10")
        try viewer.waitForLine(after: mark) { $0.hasPrefix("snowglobe: exporting 0.50–1.50 s; writing ") }
        let wrote = try viewer.waitForLine(after: mark, timeout: 120) { $0.hasPrefix("snowglobe: wrote ") }
        let path = folder.path + "/snowglobe-0002.apng"
        #expect(wrote.hasPrefix("snowglobe: wrote \(path): 10 frames, 800×600, "))

        let render = try Snowglobe.render(["scene.lua", "--from", "0.5", "--to", "1.5", "--fps", "10", "--size", "800x600",
                                           "--click", "400,150@1", "--out", "frames/"], in: folder.path)
        #expect(render == 0)
        let recorded = try FFmpegDecode.rawFrames(path, pixelFormat: "rgb24", width: 800, height: 600)
        let rendered = try FFmpegDecode.rawFrames(folder.path + "/frames/frame_%04d.png", pixelFormat: "rgb24", width: 800, height: 600)
        #expect(recorded.count == 10 && rendered.count == 10)
        for (i, (a, b)) in zip(recorded, rendered).enumerated() {
            #expect(a == b, "frame \(i) differs from the render's")
        }
        // The dot is there from the click's moment (1 s: the sixth frame) on, not before.
        let dot = (150 * 800 + 400) * 3
        #expect(recorded[4][dot] < 200 && recorded[5][dot] == 255 && recorded[9][dot] == 255)
    }

    /// F9 starts and stops; the clip covers the time shown between the presses, and the window
    /// keeps running (and shows the badge) while it is written.
    @Test func f9RecordsWhatPlaysBetweenItsPresses() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.slideAndDots)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--record", "gif", "--record-fps", "10", "--size", "800x600"])
        defer { viewer.quit() }
        _ = try viewer.screenshot()
        var mark = viewer.output.count
        try viewer.press("F9")
        try viewer.waitForLine(after: mark) { $0.hasPrefix("snowglobe: recording from ") }
        // The badge, red, in the top-right corner.
        let recording = try viewer.screenshot()
        let badge = recording.rgb(800 - 20, 20)
        #expect(badge.r > 150 && badge.g < 60 && badge.b < 60, "badge \(badge)")
        Thread.sleep(forTimeInterval: 1)
        mark = viewer.output.count
        try viewer.press("F9")
        let recorded = try viewer.waitForLine(after: mark) { $0.hasPrefix("snowglobe: recorded ") }
        let wrote = try viewer.waitForLine(after: mark, timeout: 120) { $0.hasPrefix("snowglobe: wrote ") }
        let path = folder.path + "/snowglobe-0003.gif"
        #expect(recorded.hasSuffix("writing \(path)"))
        #expect(wrote.hasPrefix("snowglobe: wrote \(path): "))
        // From F9 to F9 is at least the second slept, at 10 frames a second.
        let frames = Int(wrote.split(separator: ":")[2].split(separator: " ")[0]) ?? 0
        #expect(frames >= 10, "\(wrote)")
    }

    @Test func f10WithoutMarksSaysWhatToDo() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.slideAndDots)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path)
        defer { viewer.quit() }
        _ = try viewer.screenshot()
        try viewer.press("F10")
        try viewer.waitForLine { $0 == "snowglobe: F10 writes the range between the in and out marks: set them first (Home, End)" }
    }
}

/// Runs `snowglobe` for a viewer test and decodes what it wrote.
enum Snowglobe {
    /// Runs `snowglobe render arguments…` in `folder`; its exit status.
    static func render(_ arguments: [String], in folder: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SnowglobeBinary.path)
        process.arguments = ["render"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process.exitStatus(killingAfter: 120)
    }
}
