import Foundation
import Testing

/// What `render` tells when it is done: what it wrote, whether the script failed on the way,
/// and whether a clip loops without a jump.
final class RenderReportTests {
    private let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "snowglobe-report-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func script(_ source: String) throws -> String {
        let path = folder + "/scene.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A square turning once every 2 s, linearly, for ever.
    static let turning = """
        ca.root.backgroundColor = "navy"
        local square = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 50, 50 }, backgroundColor = "white" }
        ca.root:addSublayer(square)
        square:addAnimation(ca.BasicAnimation{ keyPath = "transform.rotation.z", fromValue = 0, toValue = 2 * math.pi,
                                               duration = 2, repeatCount = math.huge, timingFunction = "linear" })
        """

    @Test func aSeamlessLoopIsSaidToBe() throws {
        let out = folder + "/loop.gif"
        let r = try CLI.run(["render", try script(Self.turning), "--out", out, "--size", "100x100", "--fps", "10",
                                   "--duration", "2", "--loop-seamless"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == """
            snowglobe: wrote \(out): 20 frames, 100×100, \(r.stderr.split(separator: ",")[2].split(separator: "\n")[0].dropFirst())
            snowglobe: the loop is seamless: the frame after the last (at 2 s) equals the first

            """)
    }

    /// 306° of a square is not 0° (270° would be: pick a turn a square does not hide).
    @Test func aLoopThatJumpsIsToldHowFarOff() throws {
        let out = folder + "/jump.gif"
        let r = try CLI.run(["render", try script(Self.turning), "--out", out, "--size", "100x100", "--fps", "10",
                                   "--duration", "1.7", "--loop-seamless"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\nsnowglobe: the loop is not seamless: the frame after the last (at 1.7 s) differs from the first: "))
        #expect(r.stderr.contains("pixels differ") && r.stderr.contains("PSNR"))
        #expect(FileManager.default.fileExists(atPath: out), "the clip is still written")
    }

    /// A clip whose length is a fraction of a second that frames do not divide: the time after
    /// the last frame is written to the hundredth, as the other times are.
    @Test func theTimeAfterTheLastFrameIsRounded() throws {
        let out = folder + "/odd.gif"
        let r = try CLI.run(["render", try script(Self.turning), "--out", out, "--size", "100x100", "--fps", "30",
                             "--duration", "2.53", "--loop-seamless"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\nsnowglobe: the loop is not seamless: the frame after the last (at 2.53 s) differs from the first: "),
                "\(r.stderr)")
    }

    /// A --duration or --to that is not a whole number of frames is rounded to one; the render
    /// says so, and where the range really ends.
    @Test(arguments: [
        (["--duration", "2.53", "--fps", "30"],
         "snowglobe: --duration 2.53 s is 75.9 frames at 30 fps, not a whole number: rendering 76 frames, so the range ends at 2.53 s (the last frame at 2.5 s)"),
        (["--from", "0.5", "--to", "1.01", "--fps", "10"],
         "snowglobe: --to 1.01 s is 5.1 frames at 10 fps, not a whole number: rendering 5 frames, so the range ends at 1 s (the last frame at 0.9 s)"),
    ])
    func aFractionOfAFrameIsToldWhereTheRangeEnds(arguments: [String], line: String) throws {
        let out = folder + "/fraction.gif"
        let r = try CLI.run(["render", try script(Self.turning), "--out", out, "--size", "20x20"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasPrefix(line + "\nsnowglobe: wrote \(out): "), "\(r.stderr)")
    }

    @Test func aWholeNumberOfFramesIsNotRemarkedOn() throws {
        let out = folder + "/whole.gif"
        let r = try CLI.run(["render", try script(Self.turning), "--out", out, "--size", "20x20", "--fps", "10",
                             "--from", "0.5", "--to", "1.2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("snowglobe: wrote \(out): 7 frames, "), "\(r.stderr)")
    }

    /// --background transparent under a script that paints its root: the file cannot be
    /// transparent, and the render says why and what to do.
    @Test func aTransparentBackgroundPaintedOverIsTold() throws {
        let out = folder + "/painted.png"
        let r = try CLI.run(["render", try script(Self.turning), "--out", out, "--size", "20x20", "--background", "transparent"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasSuffix("""
            \nsnowglobe: the background is not transparent: the script paints ca.root.backgroundColor (navy) over \
            --background transparent; to keep the background out of an export, leave ca.root.backgroundColor unset \
            (render --background navy puts it back)

            """), "\(r.stderr)")
        let clear = try CLI.run(["render", try script("ca.root:addSublayer(ca.Layer{ bounds = {0, 0, 5, 5} })"), "--out", out,
                                 "--size", "20x20", "--background", "transparent"])
        #expect(clear.status == 0)
        #expect(!clear.stderr.contains("not transparent"), "\(clear.stderr)")
    }

    /// A callback that fails half-way: exit 1, and the line says what was written anyway.
    @Test func aRenderWhoseScriptFailedSaysWhatItWrote() throws {
        let out = folder + "/failed.gif"
        let r = try CLI.run(["render", try script("ca.after(0.5, function() error(\"boom\") end)"), "--out", out,
                                   "--size", "40x30", "--fps", "10", "--duration", "1"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("boom"))
        #expect(r.stderr.contains("snowglobe: the script had an error (above); wrote \(out): 10 frames, 40×30, "))
        #expect(r.stdout.isEmpty)
    }

    @Test func aSequenceNamesItsFirstAndLastFiles() throws {
        let r = try CLI.run(["render", try script(Self.turning), "--out", folder + "/frames", "--size", "20x20",
                                   "--fps", "10", "--duration", "0.3"])
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("snowglobe: wrote \(folder)/frames/frame_0000.png … \(folder)/frames/frame_0002.png: 3 frames, 20×20, "))
    }
}
