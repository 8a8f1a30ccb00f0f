import Foundation
import LayerKit
import Render
import TestSupport
import Testing
@testable import LuaHost

/// Seed 004 (snow-emitter.lua) and lesson 11, which use particle emitters (ca.EmitterLayer,
/// ca.EmitterCell).
struct EmitterExampleTests {
    @Test(arguments: Project.needsEmitters.sorted())
    func runsTenSecondsWithoutError(example: String) {
        let run = ScriptHarness(example: example)
        #expect(run.start() == nil, "\(example): \(run.errorReport)")
        run.run(until: 5)
        run.send(.resize(width: 1000, height: 480))
        run.send(.keyDown("space"))
        run.run(until: 10)
        #expect(run.errors.isEmpty, "\(example): \(run.errorReport)")
    }

    /// The number of live particles of the layer named `name`, as the script sees it.
    func particleCount(_ run: ScriptHarness, _ name: String) -> Int? {
        let before = run.output.count
        run.scene.perform {
            try? run.host.lua.run("""
                local function find(l)
                  if l.name == '\(name)' then return l end
                  for _, s in ipairs(l.sublayers) do local f = find(s); if f then return f end end
                end
                print(find(ca.root).particleCount)
                """, chunkName: "=test")
        }
        return run.output.count > before ? run.output.last.flatMap { Int($0) } : nil
    }

    @Test func theScreenIsFullOfSnowAtTheFirstFrame() throws {
        let run = ScriptHarness(example: "snow-emitter.lua", size: Size(width: 400, height: 300))
        #expect(run.start() == nil)
        run.run(until: 0)
        // Pre-run by timeOffset = 10: particles everywhere already, down to the bottom quarter.
        #expect((particleCount(run, "snowEmitter") ?? 0) > 200)
        let frame = run.render(width: 400, height: 300)
        var lower = 0
        for y in 225..<280 {
            for x in 0..<400 {
                let p = frame.pixel(x: x, y: y)
                if p.r > 120 && p.g > 120 && p.b > 120 { lower += 1 }
            }
        }
        #expect(lower > 50, "only \(lower) snow pixels in the bottom quarter at t = 0")
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    /// glow-snow.lua: seed 004's snow under a bloom; the bloom brightens the dark around the
    /// flakes.
    @Test func theSnowGlows() throws {
        let run = ScriptHarness(example: "glow-snow.lua", size: Size(width: 400, height: 300))
        #expect(run.start() == nil)
        run.run(until: 0)
        #expect((particleCount(run, "snowEmitter") ?? 0) > 200)
        func brightness(_ frame: FrameBuffer) -> Int {
            var sum = 0
            for p in frame.pixels { sum += Int(p & 0xFF) + Int((p >> 8) & 0xFF) + Int((p >> 16) & 0xFF) }
            return sum
        }
        let bloomed = brightness(run.render(width: 400, height: 300))
        run.scene.perform { try? run.host.lua.run("ca.root.sublayers[1].filters = {}", chunkName: "=test") }
        let plain = brightness(run.render(width: 400, height: 300))
        #expect(Double(bloomed) > Double(plain) * 1.2, "bloomed \(bloomed), plain \(plain)")
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func spaceSwitchesTheSnowOffAndOn() throws {
        let run = ScriptHarness(example: "snow-emitter.lua")
        #expect(run.start() == nil)
        run.run(until: 1)
        let before = try #require(particleCount(run, "snowEmitter"))
        #expect(before > 200)
        run.send(.keyDown("space"))   // the remote flag: off
        run.run(for: 21)              // longer than a flake lives (lifetime 20)
        #expect(particleCount(run, "snowEmitter") == 0)
        run.send(.keyDown("space"))   // on again
        run.run(for: 2)
        #expect((particleCount(run, "snowEmitter") ?? 0) > 50)
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }
}
