import Foundation
import LayerKit
import Testing
import TestSupport

/// In front of a class: full screen, a larger UI, and an inspector that leaves the scene room.
extension ViewerWindowTests {
    static let tinted = """
        ca.root.backgroundColor = "#406080"
        local box = ca.Layer{ name = "box", bounds = {0, 0, 40, 40}, position = {100, 300}, backgroundColor = "white" }
        ca.root:addSublayer(box)
        """

    static func isSceneBlue(_ c: (r: Int, g: Int, b: Int)) -> Bool {
        abs(c.r - 0x40) < 6 && abs(c.g - 0x60) < 6 && abs(c.b - 0x80) < 6
    }

    /// Pixels of the strip's near-black panel in the bottom half of a shot.
    static func stripPixels(_ shot: Image) -> Int {
        var count = 0
        for y in stride(from: shot.height / 2, to: shot.height, by: 2) {
            for x in stride(from: 0, to: shot.width, by: 2) {
                let c = shot.rgb(x, y)
                if c.r < 30 && c.g < 30 && c.b < 36 && c.b > 4 { count += 1 }
            }
        }
        return count
    }

    @Test func aLargerUIScaleDrawsTheStripLarger() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.tinted)
        var counts: [Int] = []
        for scale in ["1", "2"] {
            let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                           arguments: ["--paused", "--fresh", "--ui-scale", scale, "--draw", "cpu"])
            defer { viewer.quit() }
            let shot = try viewer.screenshot()
            counts.append(Self.stripPixels(shot))
            // The scene itself is drawn as it is, whatever the UI's scale.
            #expect(shot.rgb(100, 300) == (255, 255, 255))
            #expect(Self.isSceneBlue(shot.rgb(300, 100)))
        }
        #expect(counts[1] > counts[0] * 16 / 10, "strip pixels at ×1 and ×2: \(counts)")
    }

    @Test func fullScreenFillsTheDisplayAndShiftF1GivesTheWindowBack() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.tinted)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--paused", "--fresh", "--fullscreen", "--size", "640x480"])
        defer { viewer.quit() }
        let full = try viewer.screenshot(sceneAlone: true)
        #expect(full.width == 1024 && full.height == 768, "the Xvfb screen is 1024×768")
        try viewer.press("shift+F1")
        Thread.sleep(forTimeInterval: 1)
        let windowed = try viewer.screenshot(sceneAlone: true)
        #expect(windowed.width == 640 && windowed.height == 480)
    }

    @Test func theInspectorLeavesTwoThirdsOfTheWindowToTheScene() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", Self.tinted)
        let viewer = try ViewerProcess(script: "scene.lua", folder: folder.path,
                                       arguments: ["--paused", "--fresh", "--draw", "cpu"])
        defer { viewer.quit() }
        try viewer.press("F3", "F4")
        let shot = try viewer.screenshot()
        // 800 points wide: the panel (near-black) starts after two thirds of it.
        #expect(Self.isSceneBlue(shot.rgb(800 * 2 / 3 - 4, 200)))
        let panel = shot.rgb(800 - 60, 200)
        #expect(panel.r < 40 && panel.b < 45, "\(panel)")
    }
}
