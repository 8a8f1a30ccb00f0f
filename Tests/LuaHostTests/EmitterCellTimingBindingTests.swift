import TestSupport
import Testing
import LayerKit
@testable import LuaHost

/// An emitter cell's CAMediaTiming from Lua: the fields, their errors, and a cell that emits for
/// 0.2 s.
struct EmitterCellTimingBindingTests {
    @Test func timingFieldsReadBackAndShapeEmission() {
        let h = ScriptHarness("""
            local c = ca.EmitterCell{ name = "confetti", birthRate = 100, lifetime = 5, beginTime = 0.5, duration = 0.2,
                                      repeatCount = 2, autoreverses = true, fillMode = "backwards", speed = 2,
                                      timeOffset = 0.1, repeatDuration = 0 }
            print(c.beginTime, c.duration, c.repeatCount, c.autoreverses, c.fillMode, c.speed, c.timeOffset, c.repeatDuration)
            local burst = ca.EmitterCell{ name = "burst", birthRate = 100, lifetime = 5, beginTime = 0.5, duration = 0.2 }
            local e = ca.EmitterLayer{ name = "e", emitterCells = { burst } }
            ca.root:addSublayer(e)
            print(e.emitterCells[1].duration)
            """)
        #expect(h.start() == nil)
        h.run(until: 1)
        #expect(h.output == ["0.5\t0.2\t2.0\ttrue\tbackwards\t2.0\t0.1\t0.0", "0.2"])
        #expect((h.layer(named: "e") as? EmitterLayer)?.particleCount == 20)
    }

    @Test(arguments: [
        ("ca.EmitterCell{ duration = -1 }", "main.lua:1: bad value for 'duration' (number >= 0 expected, got -1.0)"),
        ("ca.EmitterCell{ beginTime = 1/0 }", "main.lua:1: bad value for 'beginTime' (finite number expected, got inf)"),
        ("ca.EmitterCell{ fillMode = 'sideways' }",
         "main.lua:1: bad value for 'fillMode' (one of 'removed', 'forwards', 'backwards', 'both' expected, got 'sideways')"),
        ("ca.EmitterCell{ autoreverses = 1 }", "main.lua:1: bad value for 'autoreverses' (boolean expected, got number)"),
    ])
    func errorsReadLikeLua(code: String, message: String) {
        let h = ScriptHarness(code)
        #expect(h.start() != nil)
        #expect(h.messages == [message])
    }
}
