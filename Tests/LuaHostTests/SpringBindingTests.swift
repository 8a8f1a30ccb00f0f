import Testing
import TestSupport
@testable import LuaHost

/// `ca.SpringAnimation` from Lua: iOS 17's perceptualDuration and bounce, allowsOverdamping,
/// and the errors for each bad input.
struct SpringBindingTests {
    @Test func perceptualDurationAndBounceMakeTheSpring() {
        let h = ScriptHarness("""
            local s = ca.SpringAnimation{ keyPath = "position.y", perceptualDuration = 0.5, bounce = 0.3, toValue = 10 }
            print(string.format("%.4f %.4f %.4f", s.mass, s.stiffness, s.damping), s.allowsOverdamping)
            print(string.format("%.4f %.4f %.4f", s.perceptualDuration, s.bounce, s.duration - s.settlingDuration))
            local plain = ca.SpringAnimation{ keyPath = "position.y" }
            print(string.format("%.4f %.4f", plain.perceptualDuration, plain.bounce), plain.allowsOverdamping)
            local one = ca.SpringAnimation{ keyPath = "position.y", bounce = 0 }
            print(string.format("%.4f %.4f", one.perceptualDuration, one.bounce))
            local told = ca.SpringAnimation{ keyPath = "position.y", bounce = -0.5, allowsOverdamping = false, duration = 3 }
            print(told.allowsOverdamping, told.duration)
            """)
        #expect(h.start() == nil)
        // (2π / 0.5)² = 157.9137; 0.7 × 4π / 0.5 = 17.5929.
        #expect(h.output == ["1.0000 157.9137 17.5929\ttrue", "0.5000 0.3000 0.0000",
                             "0.6283 0.5000\tfalse", "0.6283 0.0000", "false\t3.0"])
    }

    @Test func allowsOverdampingSlowsAnOverdampedSpring() {
        let h = ScriptHarness("""
            local a = ca.SpringAnimation{ keyPath = "position.y", damping = 40 }
            local b = ca.SpringAnimation{ keyPath = "position.y", damping = 40, allowsOverdamping = true }
            print(a.settlingDuration, b.settlingDuration > a.settlingDuration)
            b.allowsOverdamping = false
            print(b.settlingDuration)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["1.0\ttrue", "1.0"])
    }

    @Test(arguments: [
        ("ca.SpringAnimation{ perceptualDuration = 0.5, stiffness = 200 }",
         "main.lua:1: cannot give both 'perceptualDuration' and 'stiffness' to SpringAnimation (perceptualDuration and bounce set the mass, stiffness and damping)"),
        ("ca.SpringAnimation{ bounce = 0.2, mass = 2 }",
         "main.lua:1: cannot give both 'bounce' and 'mass' to SpringAnimation (perceptualDuration and bounce set the mass, stiffness and damping)"),
        ("ca.SpringAnimation{ perceptualDuration = 1, bounce = 0.2, damping = 3 }",
         "main.lua:1: cannot give both 'perceptualDuration' and 'damping' to SpringAnimation (perceptualDuration and bounce set the mass, stiffness and damping)"),
        ("ca.SpringAnimation{ bounce = 1.5 }", "main.lua:1: bad value for 'bounce' (number from -1 to 1 expected, got 1.5)"),
        ("ca.SpringAnimation{ bounce = -2 }", "main.lua:1: bad value for 'bounce' (number from -1 to 1 expected, got -2.0)"),
        ("ca.SpringAnimation{ bounce = 'high' }", "main.lua:1: bad value for 'bounce' (number expected, got 'high')"),
        ("ca.SpringAnimation{ perceptualDuration = 0 }", "main.lua:1: bad value for 'perceptualDuration' (number > 0 expected, got 0.0)"),
        ("ca.SpringAnimation{ perceptualDuration = math.huge }",
         "main.lua:1: bad value for 'perceptualDuration' (finite number expected, got inf)"),
        ("local s = ca.SpringAnimation{}\ns.bounce = 0.2", "main.lua:2: cannot set read-only property 'bounce' on SpringAnimation"),
        ("local s = ca.SpringAnimation{}\ns.perceptualDuration = 1",
         "main.lua:2: cannot set read-only property 'perceptualDuration' on SpringAnimation"),
        ("ca.SpringAnimation{ allowsOverdamping = 1 }", "main.lua:1: bad value for 'allowsOverdamping' (boolean expected, got number)"),
        ("ca.SpringAnimation{ settlingDuration = 1 }", "main.lua:1: unknown property 'settlingDuration' on SpringAnimation"),
    ])
    func badSpringsAreErrorsAtTheirLine(code: String, message: String) {
        let h = ScriptHarness(code)
        #expect(h.start() != nil)
        #expect(h.messages == [message])
    }
}
