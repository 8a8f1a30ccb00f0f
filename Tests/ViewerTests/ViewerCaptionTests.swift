import Export
import Foundation
import LayerKit
import Render
import Testing
import TestSupport

/// The caption `snowglobe learn` shows along the window's top: the last check, coloured by its
/// verdict, read again whenever the file changes; PageDown closes the window only after a pass.
@Suite(.serialized)
struct ViewerCaptionTests {
    static func isAmber(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 70 && c.r < 130 && c.g > 35 && c.g < 80 && c.b < 20 }
    static func isDarkGreen(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r < 30 && c.g > 55 && c.g < 110 && c.b > 15 && c.b < 60 }

    @Test func theCaptionShowsTheVerdictAndPageDownMovesOnAfterAPass() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "print('loaded')\n")
        let caption = try folder.write("caption.txt", "fail — 19% off the target (1% passes)\n• position.x: yours is linear\n\ngoal")
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path, arguments: ["--caption-file", caption])
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "loaded" }
        var shot = try viewer.screenshot()
        #expect(Self.isAmber(shot.rgb(780, 14)), "\(shot.rgb(780, 14))")
        #expect(ViewerWindowTests.isBlack(shot.rgb(400, 500)))

        // Not passed: PageDown does nothing.
        try viewer.press("Next")
        #expect(viewer.waitForExit(seconds: 1) == nil)

        try folder.write("caption.txt", "pass ✓ — PageDown here: the next exercise\n\ngoal")
        Thread.sleep(forTimeInterval: 0.6)
        shot = try viewer.screenshot()
        #expect(Self.isDarkGreen(shot.rgb(780, 14)), "\(shot.rgb(780, 14))")
        try viewer.press("Next")
        #expect(viewer.waitForExit(seconds: 10) == 10)
    }

    @Test func theTargetIsDrawnFaintlyAsAGhost() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "print('loaded')\n")
        let target = try folder.write("target.lua", """
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 100, 100 }, position = { 600, 450 }, backgroundColor = "red" })
            """)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path, arguments: ["--ghost", target])
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "loaded" }
        let shot = try viewer.screenshot()
        let ghost = shot.rgb(600, 450)
        // A ghost: faint, tinted towards grey, its own red showing through.
        #expect(ghost.r > 60 && ghost.r < 200 && ghost.r > ghost.g && ghost.g > 20, "\(ghost)")
        #expect(ViewerWindowTests.isBlack(shot.rgb(300, 450)))
    }

    /// After a failed check the learn session writes the two curves beside the caption
    /// (`caption.txt.png`): the window shows them in its bottom right-hand corner, and takes them
    /// away when the file goes.
    @Test func theCurvesOfAFailedCheckShowInTheCorner() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "print('loaded')\n")
        let caption = try folder.write("caption.txt", "fail — 19% off the target (1% passes)\n\ngoal")
        // A plain white 400 × 225 picture stands for the chart.
        let chart = FrameBuffer(width: 400, height: 225)
        chart.clear(to: Color(r: 1, g: 1, b: 1))
        try PNGWriter.write(chart, to: caption + ".png")
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--caption-file", caption, "--draw", "cpu"])
        defer { viewer.quit() }
        try viewer.waitForLine { $0 == "loaded" }
        var shot = try viewer.screenshot()
        #expect(shot.rgb(700, 560) == (255, 255, 255), "the chart sits in the bottom right-hand corner")
        #expect(ViewerWindowTests.isBlack(shot.rgb(200, 450)))
        unlink(caption + ".png")
        try folder.write("caption.txt", "pass ✓ — PageDown here: the next exercise\n\ngoal")
        Thread.sleep(forTimeInterval: 0.6)
        shot = try viewer.screenshot()
        #expect(ViewerWindowTests.isBlack(shot.rgb(700, 560)))
    }
}
