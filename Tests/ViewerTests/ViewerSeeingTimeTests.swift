import Foundation
import Testing
import TestSupport

/// The inspector and onion skins in a real window, checked on screenshots.
extension ViewerWindowTests {
    static let sliding = """
        local box = ca.Layer{ name = "box", bounds = {0, 0, 40, 40}, position = {100, 300}, backgroundColor = "white" }
        ca.root:addSublayer(box)
        box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 100, toValue = 700, duration = 2,
          timingFunction = "linear" }, "slide")
        """

    @Test func f4AndAClickShowTheInspectorWithItsGraphAndCurve() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.sliding)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path, arguments: ["--at", "0.5", "--paused"])
        defer { viewer.quit() }
        try viewer.press("F3", "F4")
        // The box is at x = 250 at 0.5 s.
        try viewer.click(x: 250, y: 300)
        let shot = try viewer.screenshot()
        // The panel: near-black on the right half, over the black scene.
        let panel = shot.rgb(700, 200)
        #expect(panel.r > 8 && panel.r < 40 && panel.b > 10 && panel.b < 45)
        // The picked box is outlined in orange.
        #expect(Self.isOrange(shot.rgb(230, 300)) || Self.isOrange(shot.rgb(229, 300)) || Self.isOrange(shot.rgb(231, 300)))
        // The graph (bottom left of the panel) holds the orange value line and the playhead;
        // the curve box beside it the blue timing curve.
        let graph = (352...660).flatMap { x in (430...580).map { y in shot.rgb(x, y) } }
        #expect(graph.contains { Self.isOrange($0) })
        let curve = (662...790).flatMap { x in (430...580).map { y in shot.rgb(x, y) } }
        #expect(curve.contains { $0.r < 90 && $0.g > 170 && $0.b > 220 })
    }

    @Test func onionSkinsShowGhostsFadingWithDistance() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.sliding)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--at", "1", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        try viewer.press("F3", "F11")
        let shot = try viewer.screenshot()
        // At 1 s the box is at x = 400; ghosts every 0.1 s are 30 points apart, three each side.
        #expect(shot.rgb(400, 300).r > 250)
        let earlier = [370, 340, 310].map { shot.rgb($0 - 15, 300).r }
        let later = [430, 460, 490].map { shot.rgb($0 + 15, 300).r }
        #expect(earlier[0] > earlier[1] && earlier[1] > earlier[2] && earlier[2] > 20, "\(earlier)")
        #expect(later[0] > later[1] && later[1] > later[2] && later[2] > 20, "\(later)")
        #expect(Self.isBlack(shot.rgb(250, 300)))
    }

    static func isOrange(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 220 && c.g > 120 && c.g < 190 && c.b < 70 }
}
