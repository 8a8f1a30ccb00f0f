import Foundation
import LayerKit
import Render
import Testing
import TestSupport

/// One clock for the window and `render`: paused at a moment with `--draw cpu`, the window
/// shows the pixels that `snowglobe render SCRIPT --at T` writes at the same size and seed —
/// opened at the moment, stepped back a tick from it, and at a moment between ticks.
extension ViewerWindowTests {
    /// Seed examples (and an emitter scene) at moments where they are busy.
    static let moments: [(String, Double)] = [
        ("heart.lua", 1.3), ("gallery-snowfall-displaylink.lua", 2.5), ("snowfall-3d.lua", 4.01),
        ("snow-emitter.lua", 2.5), ("gallery-bargraph.lua", 3.2),
    ]

    @Test(.serialized, arguments: moments)
    func aPausedWindowShowsWhatRenderWrites(example: String, time: Double) throws {
        let folder = try TemporaryFolder()
        let script = Project.examples + "/" + example
        let viewer = try ViewerProcess(script: script, folder: folder.path,
                                       arguments: ["--at", String(time), "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        // The strip shows while paused; F3 hides it so that only the scene is on screen. A first
        // screenshot waits for the window to answer: a key sent before it is there is lost.
        _ = try viewer.screenshot()
        try viewer.press("F3")
        let opened = try viewer.screenshot()
        try expectSame(opened, try render(script, at: time, in: folder), "\(example) at \(time) s")

        // A tick back (Shift+F7): the run is rebuilt and replayed to the tick before.
        let tickBack = (time * 60 + 1e-7).rounded(.down) - 1
        try viewer.press("shift+F7")
        let stepped = try viewer.screenshot()
        try expectSame(stepped, try render(script, at: tickBack / 60, in: folder), "\(example) at tick \(tickBack)")
    }

    /// F12 writes the scene alone — what `render --at` writes — with the strip up (the scene is
    /// paused); Shift+F12 the window as shown, strip and all. Each says which it wrote.
    @Test func f12WritesTheSceneAloneAndShiftF12TheWindow() throws {
        let folder = try TemporaryFolder()
        let script = Project.examples + "/heart.lua"
        let viewer = try ViewerProcess(script: script, folder: folder.path, arguments: ["--at", "1.3", "--paused", "--draw", "cpu"])
        defer { viewer.quit() }
        let scene = try viewer.screenshot(sceneAlone: true)
        try expectSame(scene, try render(script, at: 1.3, in: folder), "F12 with the strip up")
        let window = try viewer.screenshot()
        var differing = 0
        for y in 0..<window.height {
            for x in 0..<window.width where window.rgb(x, y) != scene.rgb(x, y) { differing += 1 }
        }
        // The strip (78 points high, the window's width) is in the window's shot only.
        #expect(differing > 20_000, "Shift+F12's shot differs from F12's in \(differing) pixels")
    }

    private func render(_ script: String, at time: Double, in folder: TemporaryFolder) throws -> Image {
        let out = folder.path + "/render-\(time).png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SnowglobeBinary.path)
        process.arguments = ["render", script, "--at", String(time), "--size", "800x600", "--out", out]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        #expect(process.exitStatus(killingAfter: 60) == 0)
        return try ImageLoader.load(path: out)
    }

    private func expectSame(_ window: Image, _ rendered: Image, _ what: String) throws {
        try #require(window.width == rendered.width && window.height == rendered.height, "\(what): sizes differ")
        var differing = 0
        var first: (Int, Int)?
        for y in 0..<window.height {
            for x in 0..<window.width where window.rgb(x, y) != rendered.rgb(x, y) {
                differing += 1
                if first == nil { first = (x, y) }
            }
        }
        #expect(differing == 0, "\(what): \(differing) pixels differ, the first at \(String(describing: first))")
    }
}
