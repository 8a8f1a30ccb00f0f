import TestSupport
import Testing
import LayerKit
@testable import LuaHost

/// `ca.Transition{…}` from Lua: its properties, the key it runs under, and its errors.
struct TransitionBindingTests {
    @Test func constructorSetsEveryPropertyAndTheLayerRunsItUnderTransition() {
        let h = ScriptHarness("""
            label = ca.TextLayer{ frame = { 0, 0, 100, 30 }, string = "old" }
            ca.root:addSublayer(label)
            local t = ca.Transition{ type = "push", subtype = "fromBottom", startProgress = 0.25, endProgress = 0.75,
                                     duration = 2, timingFunction = "linear",
                                     onStop = function(a, finished) print("stop", a.type, finished) end }
            print(t.type, t.subtype, t.startProgress, t.endProgress, t.duration)
            local d = ca.Transition{}
            print(d.type, d.subtype, d.startProgress, d.endProgress)
            ca.after(0.5, function()
              label:addAnimation(t, "ignored")
              label.string = "new"
              local keys = label:animationKeys()
              print(#keys, keys[1], label:animation("transition").subtype)
            end)
            """)
        #expect(h.start() == nil)
        h.run(until: 1)
        #expect(h.output == ["push\tfromBottom\t0.25\t0.75\t2.0", "fade\tfromLeft\t0.0\t1.0", "1\ttransition\tfromBottom"])
        let label = h.host.scene.root.sublayers.first
        #expect(label?.transitionShown(.presentation)?.type == .push)
        h.run(until: 3)
        #expect(h.output.last == "stop\tpush\ttrue")
    }

    @Test(arguments: [
        ("ca.Transition{ type = 'cube' }",
         "main.lua:1: bad value for 'type' (one of 'fade', 'moveIn', 'push', 'reveal' expected, got 'cube')"),
        ("ca.Transition{ subtype = 'fromAbove' }",
         "main.lua:1: bad value for 'subtype' (one of 'fromLeft', 'fromRight', 'fromTop', 'fromBottom' expected, got 'fromAbove')"),
        ("ca.Transition{ startProgress = 1.5 }",
         "main.lua:1: bad value for 'startProgress' (number between 0 and 1 expected, got 1.5)"),
        ("ca.Transition{ endProgress = 'all' }",
         "main.lua:1: bad value for 'endProgress' (number expected, got 'all')"),
        ("local t = ca.Transition{}\nt.type = 3",
         "main.lua:2: bad value for 'type' (one of 'fade', 'moveIn', 'push', 'reveal' expected, got number)"),
        ("ca.Transition{ kind = 'fade' }",
         "main.lua:1: unknown property 'kind' on Transition"),
    ])
    func badValuesAreErrorsAtTheScriptsLine(code: String, message: String) {
        let h = ScriptHarness(code)
        #expect(h.start() != nil)
        #expect(h.messages.first?.hasPrefix(message) == true, "\(h.messages)")
    }
}
