import TestSupport
import Testing
import LayerKit
@testable import LuaHost

/// Animations, timing functions, transactions, timers, display links and tasks from Lua.
struct AnimationBindingTests {
    @Test func basicAnimationRunsAndCallsBack() {
        let h = ScriptHarness("""
            layer = ca.Layer{ frame = {0, 0, 10, 10} }
            ca.root:addSublayer(layer)
            local a = ca.BasicAnimation{ keyPath = "position.x", fromValue = 0, toValue = 100, duration = 1,
                                         timingFunction = "linear" }
            a.onStart = function(anim) print("start", anim.keyPath) end
            a.onStop = function(anim, finished) print("stop", finished) end
            layer:addAnimation(a, "move")
            print(layer:animationKeys()[1], layer:animation("move").toValue)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.5)
        #expect(h.eval("print(layer:presentation().position.x)") == ["50.0"])
        h.run(until: 1.1)
        #expect(h.output == ["move\t100.0", "start\tposition.x", "50.0", "stop\ttrue"])
    }

    @Test func keyframesSpringsAndGroups() {
        let h = ScriptHarness("""
            layer = ca.Layer{ frame = {0, 0, 10, 10} }
            ca.root:addSublayer(layer)
            layer:addAnimation(ca.KeyframeAnimation{ keyPath = "opacity", values = {0, 1, 1, 0},
              keyTimes = {0, 0.2, 0.8, 1}, duration = 1, timingFunctions = {"easeIn", "linear", ca.Easing.easeOut.sine} }, "fade")
            local s = ca.SpringAnimation{ keyPath = "position.y", fromValue = 0, toValue = 100 }
            print(string.format("%.3f", s.settlingDuration), s.duration)
            layer:addAnimation(s, "spring")
            layer:addAnimation(ca.AnimationGroup{ duration = 2, animations = {
              ca.BasicAnimation{ keyPath = "bounds.size.width", fromValue = 10, toValue = 30, duration = 2 } } }, "g")
            """)
        #expect(h.start() == nil)
        h.run(until: 0.5)
        let out = h.eval("local p = layer:presentation(); print(p.opacity, p.bounds.width, p.position.y > 90)")
        #expect(out == ["1.0\t15.0\ttrue"])
        #expect(h.output.first == "1.473\t0.0")
    }

    /// A curve named as UIKit, SwiftUI, CSS or a Core Animation constant names it gets Core
    /// Animation's name; a known name in another case or with dashes gets its own; a typo the
    /// nearest name.
    @Test(arguments: [
        ("easeInOut", "easeInEaseOut"), ("EaseInOut", "easeInEaseOut"), ("ease-in-out", "easeInEaseOut"),
        ("ease_in_out", "easeInEaseOut"), (".easeInOut", "easeInEaseOut"), ("curveEaseInOut", "easeInEaseOut"),
        ("kCAMediaTimingFunctionEaseInEaseOut", "easeInEaseOut"), ("ease", "default"), ("ease-in", "easeIn"),
        ("ease-out", "easeOut"), ("EaseIn", "easeIn"), ("curveEaseOut", "easeOut"), ("Linear", "linear"),
        ("curveLinear", "linear"), ("ease-in-out-sine", "easeInOutSine"), ("easeinoutback", "easeInOutBack"),
        ("easeInOutSin", "easeInOutSine"),
    ])
    func aTimingFunctionNamedAsElsewhereGetsCoreAnimationsName(name: String, suggested: String) {
        let h = ScriptHarness("ca.BasicAnimation{ keyPath = 'opacity', timingFunction = '\(name)' }")
        #expect(h.start() != nil)
        #expect(h.messages == ["main.lua:1: unknown timing function '\(name)' (did you mean '\(suggested)'?)"])
    }

    @Test func customLuaTimingFunctionsAreSampled() {
        let h = ScriptHarness("""
            layer = ca.Layer{}
            ca.root:addSublayer(layer)
            layer:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 0, toValue = 100, duration = 1,
              timingFunction = function(t) return t * t end }, "x")
            local f = ca.MediaTimingFunction("easeInEaseOut")
            print(f.name, f:evaluate(0.5), ca.MediaTimingFunction(0, 0, 1, 1):evaluate(0.25), ca.Easing.easeIn.sine:evaluate(1))
            """)
        #expect(h.start() == nil)
        h.run(until: 0.5)
        #expect(h.eval("print(layer:presentation().position.x)") == ["25.0"])
        #expect(h.output.first == "easeInEaseOut\t0.5\t0.25\t1.0")
    }

    @Test func transactionsCompleteAfterTheirAnimations() {
        let h = ScriptHarness("""
            local layer = ca.Layer{}
            ca.root:addSublayer(layer)
            ca.Transaction.begin()
            ca.Transaction.setCompletionBlock(function() print("done", ca.now() >= 0.5) end)
            layer:addAnimation(ca.BasicAnimation{ keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5 }, "a")
            ca.Transaction.commit()
            -- The layer joined the tree in this transaction: no implicit animation, so this completes at once.
            ca.transaction(function() layer.opacity = 0.5 end, { duration = 1, completion = function() print("not animated") end })
            ca.after(0.1, function()
              ca.transaction(function() layer.opacity = 1 end, { duration = 1, completion = function() print("implicit done", ca.now() >= 1.1) end })
            end)
            ca.transaction(function() end, { completion = function() print("empty done") end })
            """)
        #expect(h.start() == nil)
        h.run(until: 0.05)
        #expect(h.output == ["not animated", "empty done"])
        h.run(until: 1.3)
        #expect(h.output == ["not animated", "empty done", "done\ttrue", "implicit done\ttrue"])
    }

    @Test func commitWithoutBeginIsAnError() {
        let h = ScriptHarness("ca.Transaction.commit()")
        #expect(h.start() != nil)
        #expect(h.messages == ["main.lua:1: ca.Transaction.commit() without a matching ca.Transaction.begin()"])
    }

    @Test func transactionsLeftOpenAreReportedAndClosed() {
        let h = ScriptHarness("ca.Transaction.begin()")
        #expect(h.start() == nil)
        #expect(h.messages.count == 1)
        #expect(h.messages.first?.contains("never committed") == true)
        #expect(h.host.scene.transactions.depth == 0)
    }

    @Test func timersAndDisplayLinks() {
        let h = ScriptHarness("""
            local n = 0
            ca.after(0.5, function() print("after", ca.now()) end)
            local t
            t = ca.every(0.25, function(timer) n = n + 1; print("every", n); if n == 3 then timer:invalidate() end end)
            local frames = 0
            ca.DisplayLink(function(link) frames = frames + 1; if frames == 3 then print("link", link.duration > 0); link:invalidate() end end)
            """)
        #expect(h.start() == nil)
        h.run(until: 2)
        // At 0.5 both timers are due: the one made first fires first.
        #expect(h.output == ["link\ttrue", "every\t1", "after\t0.5", "every\t2", "every\t3"])
    }

    @Test func tasksWaitAndAwait() {
        let h = ScriptHarness("""
            local layer = ca.Layer{}
            ca.root:addSublayer(layer)
            ca.spawn(function()
              print("a", ca.now())
              ca.wait(0.5)
              print("b", ca.now())
              ca.await(function() layer.opacity = 0 end, { duration = 0.25 })
              print("c", ca.now() >= 0.75)
            end)
            """)
        #expect(h.start() == nil)
        h.run(until: 1.5)
        #expect(h.output.count == 3)
        #expect(h.output.first == "a\t0.0")
        #expect(h.output.dropFirst().first?.hasPrefix("b\t0.5") == true)
        #expect(h.output.last == "c\ttrue")
        #expect(h.errors.isEmpty)
    }

    @Test func waitOutsideATaskIsAnError() {
        let h = ScriptHarness("ca.wait(1)")
        #expect(h.start() != nil)
        #expect(h.messages == ["main.lua:1: ca.wait can only be called inside a task (start one with ca.spawn)"])
    }

    @Test func errorsInCallbacksAreReportedAndTheSceneCarriesOn() {
        let h = ScriptHarness("""
            local count = 0
            ca.every(0.1, function()
              count = count + 1
              if count == 2 then error("boom") end
              print("tick", count)
            end)
            ca.after(0.35, function() print("after") end)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.4)
        // The failing timer is stopped; the rest of the scene carries on.
        #expect(h.output == ["tick\t1", "after"])
        #expect(h.messages == ["main.lua:4: boom"])
        #expect(h.errors.first?.context == "a timer, now stopped")
        #expect(h.errors.first?.traceback?.contains("stack traceback") == true)
    }

    @Test func aLayerCanRemoveItselfInItsOwnCompletionBlock() {
        let h = ScriptHarness("""
            for i = 1, 20 do
              local flake = ca.Layer{ frame = {i, 0, 5, 5} }
              ca.root:addSublayer(flake)
              ca.Transaction.begin()
              ca.Transaction.setCompletionBlock(function() flake:removeFromSuperlayer() end)
              flake:addAnimation(ca.BasicAnimation{ keyPath = "position.y", fromValue = 0, toValue = 100, duration = 0.5,
                fillMode = "forwards", removedOnCompletion = false }, "fall")
              ca.Transaction.commit()
            end
            """)
        #expect(h.start() == nil)
        #expect(h.host.scene.layerCount == 21)
        h.run(until: 1)
        _ = h.eval("collectgarbage(); collectgarbage()")
        #expect(h.errors.isEmpty)
        #expect(h.host.scene.root.sublayers.isEmpty)
        #expect(h.host.scene.layerCount == 1)
    }

    @Test func transformValues() {
        let h = ScriptHarness("""
            local t = ca.Transform3D.identity
            t.m34 = -1 / 500
            print(t.m34 == -1/500, ca.Transform3D.identity.m34, t.isIdentity)
            local r = ca.Transform3D.rotation(math.pi / 2, 0, 0, 1) * ca.Transform3D.translation(10, 0)
            print(string.format("%.3f %.3f %.3f", r.m12, r.m41, r.m42))
            print(ca.Transform3D.scale(2) == ca.Transform3D.scale(2, 2, 1), ca.Transform3D.scale(2):inverted().m11)
            local l = ca.Layer{ transform = ca.Transform3D.scale(0.5) }
            local copy = l.transform
            copy.m11 = 9
            print(l.transform.m11)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["true\t0.0\tfalse", "1.000 10.000 0.000", "true\t0.5", "0.5"])
    }
}
