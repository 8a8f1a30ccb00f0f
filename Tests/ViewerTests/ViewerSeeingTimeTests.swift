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
        // The graph (at the panel's bottom, a third of the window wide) holds the orange value
        // line and the playhead; the curve box under it the blue timing curve.
        let graph = (546...780).flatMap { x in (350...460).map { y in shot.rgb(x, y) } }
        #expect(graph.contains { Self.isOrange($0) })
        let curve = (546...642).flatMap { x in (488...584).map { y in shot.rgb(x, y) } }
        #expect(curve.contains { $0.r < 90 && $0.g > 170 && $0.b > 220 })
    }

    @Test func onionSkinsShowTintedGhostsFadingWithDistance() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.sliding)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--at", "1", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        try viewer.press("F3", "F11")
        let shot = try viewer.screenshot()
        // At 1 s the white box spans x = 380…420; ghosts every 0.1 s are 30 points apart, three
        // each side: earlier ones warm, later ones cool, each fainter with distance.
        #expect(shot.rgb(400, 300) == (255, 255, 255))
        let earlier = [370, 340, 310].map { shot.rgb($0 - 15, 300) }
        let later = [430, 460, 490].map { shot.rgb($0 + 15, 300) }
        #expect(earlier.allSatisfy { $0.r > $0.b + 40 }, "earlier ghosts are warm: \(earlier)")
        #expect(later.allSatisfy { $0.b > $0.r + 40 }, "later ghosts are cool: \(later)")
        #expect(earlier[0].r > earlier[1].r && earlier[1].r > earlier[2].r && earlier[2].r > 20, "\(earlier)")
        #expect(later[0].b > later[1].b && later[1].b > later[2].b && later[2].b > 20, "\(later)")
        #expect(Self.isBlack(shot.rgb(250, 300)))
    }

    /// A spinning square on a coloured background: onion skins change no pixel of the present
    /// layer, only background ones.
    @Test func onionSkinsLeaveThePresentFrameAsItIs() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", """
            ca.root.backgroundColor = "#203040"
            local square = ca.Layer{ bounds = {0, 0, 160, 160}, position = {400, 300}, backgroundColor = "#e0c020" }
            ca.root:addSublayer(square)
            square:addAnimation(ca.BasicAnimation{ keyPath = "transform.rotation.z", fromValue = 0,
              toValue = 2 * math.pi, duration = 4, repeatCount = math.huge, timingFunction = "linear" }, "spin")
            """)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--at", "1.05", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        try viewer.press("F3")
        let plain = try viewer.screenshot()
        try viewer.press("F11")
        let skinned = try viewer.screenshot()
        let background = plain.rgb(20, 20)
        var layerPixels = 0, changedLayerPixels = 0, ghostPixels = 0
        for y in stride(from: 150, to: 450, by: 2) {
            for x in stride(from: 250, to: 550, by: 2) {
                let before = plain.rgb(x, y), after = skinned.rgb(x, y)
                if before != background {
                    layerPixels += 1
                    if after != before { changedLayerPixels += 1 }
                } else if after != before {
                    ghostPixels += 1
                }
            }
        }
        #expect(layerPixels > 5000)
        #expect(changedLayerPixels == 0, "the present square is drawn unchanged")
        #expect(ghostPixels > 200, "ghosts show where the present shows background")
    }

    static func isOrange(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 220 && c.g > 120 && c.g < 190 && c.b < 70 }
}
