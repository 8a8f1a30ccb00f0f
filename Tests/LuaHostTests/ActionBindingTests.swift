import TestSupport
import Testing
import LayerKit
@testable import LuaHost

/// `actions` with animations, `ca.Layer.defaultAction`, and `setValue`/`value` by key path, from
/// Lua; and their errors.
struct ActionBindingTests {
    @Test func anActionsAnimationRunsForItsKeyWithItsCallbacks() {
        let h = ScriptHarness("""
            local box = ca.Layer{ name = "box", frame = { 0, 0, 10, 10 } }
            ca.root:addSublayer(box)
            local slow = ca.BasicAnimation{ duration = 1 }
            slow.onStop = function(_, finished) print("stopped", finished) end
            box.actions = { opacity = slow, position = false }
            print(box.actions.opacity == slow, box.actions.position)
            ca.after(0.1, function()
              box.opacity = 0
              box.position = { 50, 50 }
              local running = box:animation("opacity")
              print(running.keyPath, running.fromValue, running.duration, box:animation("position"))
            end)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.6)
        let layer = h.layer(named: "box")
        #expect(close(layer?.number(.opacity, .presentation) ?? -1, 0.5, 0.02))
        h.run(until: 1.3)
        #expect(h.output == ["true\tfalse", "opacity\t1.0\t1.0\tnil", "stopped\ttrue"])
    }

    @Test func defaultActionGivesTheTransactionsSettings() {
        let h = ScriptHarness("""
            local a = ca.Layer.defaultAction("position")
            print(a.keyPath, a.duration, a.timingFunction.name, a.fromValue)
            ca.transaction(function()
              local b = ca.Layer.defaultAction("transform.rotation.z")
              print(b.keyPath, b.duration, b.timingFunction.name)
            end, { duration = 2, timingFunction = "linear" })
            print(ca.Layer.defaultAction("masksToBounds"), ca.Layer.defaultAction("fontSize") ~= nil)
            print(ca.Layer{ opacity = 0.5 }.opacity, ca.Layer.new{ opacity = 0.25 }.opacity)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["position\t0.25\tdefault\tnil", "transform.rotation.z\t2.0\tlinear", "nil\ttrue", "0.5\t0.25"])
    }

    @Test func setValueByKeyPathAnimatesAndValueReadsIt() {
        let h = ScriptHarness("""
            local box = ca.Layer{ name = "box", frame = { 0, 0, 10, 10 } }
            ca.root:addSublayer(box)
            ca.after(0.1, function()
              box:setValue(math.pi / 2, "transform.rotation.z")
              box:setValue(80, "position.x")
              box:setValue(3, "bounds.size.width")
              print(box:value("position.x"), box:value("bounds.size.width"),
                    string.format("%.4f", box:value("transform.rotation.z")))
              print(table.concat(box:animationKeys(), " "))
            end)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.2)
        #expect(h.output == ["80.0\t3.0\t1.5708", "transform position bounds"])
    }

    @Test(arguments: [
        ("local l = ca.Layer{}; l:setValue(1, 'positon.x')",
         "main.lua:1: unknown key path 'positon.x' on Layer (did you mean 'position'?)"),
        ("local l = ca.Layer{}; print(l:value('transform.rotation.w'))",
         "main.lua:1: unknown key path 'transform.rotation.w' (valid: transform.translation, transform.translation.x, "
             + "transform.translation.y, transform.translation.z, transform.scale, transform.scale.x, transform.scale.y, "
             + "transform.scale.z, transform.rotation, transform.rotation.x, transform.rotation.y, transform.rotation.z)"),
        ("local l = ca.Layer{}; l:setValue('x', 'position.x')", "main.lua:1: bad argument #1 to 'setValue' (number expected, got 'x')"),
        ("local e = ca.EmitterLayer{}; e:setValue(1, 'emitterCells.snow.birthRate')",
         "main.lua:1: unknown key path 'emitterCells.snow.birthRate': no emitter cell named 'snow'"),
        ("local l = ca.Layer{}; l.actions = { opacity = 5 }",
         "main.lua:1: bad value for 'actions.opacity' of Layer (false or Animation expected, got number)"),
        ("local l = ca.Layer{ actions = { positon = ca.BasicAnimation{} } }",
         "main.lua:1: unknown property 'positon' in 'actions' of Layer (did you mean 'position'?)"),
        ("local l = ca.Layer{}; ca.root:addSublayer(l); l.actions = { opacity = ca.BasicAnimation{ toValue = { 1, 2 } } }; "
             + "ca.after(0, function() l.opacity = 0 end)",
         "main.lua:1: the action for 'opacity' cannot run: toValue for 'opacity' must be a number, got a point"),
        ("print(ca.Layer.defaultAction({}))", "main.lua:1: bad argument #1 to 'defaultAction' (string expected, got table)"),
    ])
    func errorsReadLikeLua(code: String, message: String) {
        let h = ScriptHarness(code)
        _ = h.start()
        h.run(until: 0.1)
        #expect(h.messages == [message])
    }
}
