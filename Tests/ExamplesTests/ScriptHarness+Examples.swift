import Foundation
import LayerKit
@testable import LuaHost
import Render
import TestSupport

extension Project {
    /// Scripts with particle emitters, which EmitterExampleTests run (with their own checks)
    /// instead of AllExamplesRunTests.
    static let needsEmitters: Set<String> = ["snow-emitter.lua", "lessons/11-particle-emitters.lua", "glow-snow.lua"]
}

extension ScriptHarness {
    /// Prepares `example` (a path relative to Examples/) as `snowglobe check` runs it: the same
    /// options, the Scripts/ library, Render's images, the tick clock; call `start()`.
    convenience init(example: String, size: Size = Size(width: 800, height: 600), seed: UInt64 = 0, uiScale: Double = 1) {
        var options = ScriptOptions()
        options.size = size
        options.seed = seed
        options.uiScale = uiScale
        options.libraryPath = Project.scripts
        self.init(scriptPath: Project.examples + "/" + example, options: options, clock: .ticks)
        host.images = RenderImages()
    }

    /// Runs a full Lua garbage collection, so that what is still alive is what is referenced.
    func collectGarbage() {
        scene.perform {
            try? host.lua.run("collectgarbage()", chunkName: "=test")
        }
    }

    /// Draws the scene as it is now (after a frame), as `snowglobe render` would.
    func render(width: Int, height: Int, background: Color = .black) -> FrameBuffer {
        HeadlessRenderer(threads: 1).draw(scene, width: width, height: height, background: background)
    }
}
