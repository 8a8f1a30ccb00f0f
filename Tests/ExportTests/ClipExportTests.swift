@testable import Export
import Foundation
import LayerKit
import LuaHost
import Playback
import Render
import Testing
import TestSupport

/// A range of a run written on a thread of its own: the frames of the range, the input the run
/// was given, and nothing left behind when it is cancelled or fails.
struct ClipExportTests {
    static let script = """
        ca.root.backgroundColor = "navy"
        ca.on("mousedown", function(x, y)
          ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 10, 10 }, position = { x, y }, backgroundColor = "white" })
        end)
        """

    private func request(_ folder: TemporaryFolder, name: String, start: Double = 0, end: Double = 1,
                         log: InputLog = InputLog()) throws -> ClipExport.Request {
        let path = try folder.write("scene.lua", Self.script)
        var options = ScriptOptions()
        options.size = Size(width: 40, height: 30)
        let recipe = ScriptRecipe(source: .file(path), options: options)
        return ClipExport.Request(recipe: recipe, log: log, start: start, end: end, fps: 10,
                                  output: try RenderOutput(path: folder.path + "/" + name))
    }

    @Test func theRangeIsWrittenWithTheInputOfTheRun() throws {
        let folder = try TemporaryFolder()
        var log = InputLog()
        log.append(.mouseDown(x: 20, y: 15, button: 1), at: 30)
        let export = ClipExport(try request(folder, name: "frames/", start: 0.2, end: 0.8, log: log))
        export.wait()
        guard case .finished(let summary, let errors) = export.state else {
            Issue.record("not finished: \(export.state)")
            return
        }
        #expect(summary.frameCount == 6 && errors == 0)
        // Frames at 0.2 … 0.7 s: the click at tick 30 (0.5 s) shows from the fourth on.
        let before = try ImageLoader.load(path: folder.path + "/frames/frame_0002.png")
        let after = try ImageLoader.load(path: folder.path + "/frames/frame_0003.png")
        #expect(before.pixels[(15 * 40 + 20) * 4] < 50)
        #expect(after.pixels[(15 * 40 + 20) * 4] == 255)
    }

    @Test func aCancelledExportLeavesNoFile() throws {
        let folder = try TemporaryFolder()
        let export = ClipExport(try request(folder, name: "long.gif", end: 600))
        export.cancel()
        export.wait()
        #expect(export.state == .failed("the render was cancelled"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["scene.lua"])
    }

    @Test func aScriptThatDoesNotLoadFailsSayingWhy() throws {
        let folder = try TemporaryFolder()
        var request = try request(folder, name: "x.gif")
        try folder.write("scene.lua", "local x = = 1")
        request.log = InputLog()
        let export = ClipExport(request)
        export.wait()
        guard case .failed(let reason) = export.state else {
            Issue.record("not failed: \(export.state)")
            return
        }
        #expect(reason.contains("scene.lua:1:"))
    }
}
