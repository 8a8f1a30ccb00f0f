import LayerKit
import LuaHost
import Render
import Testing
import TestSupport
@testable import Viewer

/// The learn window's target ghost: drawn where the target's layer is, and made once per moment.
struct TargetGhostTests {
    static let target = """
        ca.root.backgroundColor = "black"
        local box = ca.Layer{ bounds = {0, 0, 20, 20}, position = {10, 24}, backgroundColor = "white" }
        ca.root:addSublayer(box)
        box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 10, toValue = 54, duration = 1,
          timingFunction = "linear", fillMode = "both" }, "slide")
        """

    @Test func aPausedMomentReusesItsGhostAndAnotherMomentMovesIt() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("target.lua", Self.target)
        var options = ScriptOptions()
        options.size = Size(width: 64, height: 48)
        let ghost = TargetGhost(script: path, options: options, images: nil)
        defer { ghost.close() }
        let black = Color(r: 0, g: 0, b: 0)
        let start = try #require(ghost.ghosts(at: 0, width: 64, height: 48, background: black))
        #expect(ghost.ghosts(at: 0, width: 64, height: 48, background: black) === start)
        let end = try #require(ghost.ghosts(at: 0.9, width: 64, height: 48, background: black))
        #expect(end !== start)
        // The box is at x 0…20 at the start and about 40…60 at 0.9 s; the ghost follows it.
        func alpha(_ layer: OnionGhosts, _ x: Int) -> UInt32 { layer.layer.pixels[24 * 64 + x] >> 24 }
        #expect(alpha(start, 10) > 0 && alpha(start, 54) == 0)
        #expect(alpha(end, 54) > 0 && alpha(end, 10) == 0)
        // Going back in time starts the run again and gives the same picture as before.
        let again = try #require(ghost.ghosts(at: 0, width: 64, height: 48, background: black))
        #expect(again.layer.pixels == start.layer.pixels)
    }
}
