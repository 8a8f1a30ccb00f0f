import TestSupport
import Testing
import LayerKit
@testable import LuaHost

/// `ca.Layer` and its kinds from Lua: construction, properties, methods, errors.
struct LayerBindingTests {
    @Test func constructAndReadBack() {
        let h = ScriptHarness("""
            local l = ca.Layer{ position = {100, 200}, bounds = {0, 0, 40, 20}, opacity = 0.5,
                                backgroundColor = "#ff8000", name = "box" }
            ca.root:addSublayer(l)
            print(l.position.x, l.position.y, l.bounds.width, l.opacity, l.name)
            local c = l.backgroundColor
            print(c.r, string.format("%.3f", c.g), c.b, c.a)
            print(l.frame.x, l.frame.y, l.superlayer == ca.root, #ca.root.sublayers)
            local f = ca.Layer{ anchorPoint = {0, 0}, frame = {10, 20, 30, 40} }
            print(f.position.x, f.position.y)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["100.0\t200.0\t40.0\t0.5\tbox", "1.0\t0.502\t0.0\t1.0", "80.0\t190.0\ttrue\t1", "10.0\t20.0"])
    }

    @Test func sameLayerSameUserdata() {
        let h = ScriptHarness("""
            local l = ca.Layer{}
            ca.root:addSublayer(l)
            local seen = {}
            seen[ca.root.sublayers[1]] = true
            print(ca.root.sublayers[1] == l, seen[l])
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["true\ttrue"])
    }

    @Test(arguments: [
        ("ca.Layer{ opactiy = 1 }", "main.lua:1: unknown property 'opactiy' on Layer (did you mean 'opacity'?)"),
        ("local l = ca.Layer{}; l.opactiy = 1", "main.lua:1: unknown property 'opactiy' on Layer (did you mean 'opacity'?)"),
        ("local l = ca.Layer{}; l.opacity = 'x'", "main.lua:1: bad value for 'opacity' of Layer (number expected, got 'x')"),
        ("local l = ca.Layer{}; l.opacity = 0/0", "main.lua:1: bad value for 'opacity' of Layer (number expected, got nan)"),
        ("local l = ca.Layer{}; l.position = 5", "main.lua:1: bad value for 'position' of Layer (point {x, y} expected, got number)"),
        ("local l = ca.Layer{}; l.contentsGravity = 'sideways'",
         "main.lua:1: bad value for 'contentsGravity' of Layer (one of 'resize', 'resizeAspect', 'resizeAspectFill', 'center', 'top', 'bottom', 'left', 'right', 'topLeft', 'topRight', 'bottomLeft', 'bottomRight' expected, got 'sideways')"),
        ("local l = ca.Layer{}; l:addSublayer(5)", "main.lua:1: bad argument #1 to 'addSublayer' (Layer expected, got number)"),
        ("local l = ca.Layer{}; l:addAnimation(5)", "main.lua:1: bad argument #1 to 'addAnimation' (Animation expected, got number)"),
        ("local emit = ca.EmitterLayer{}.emit; emit(ca.Layer{}, 1)", "main.lua:1: bad argument #1 to 'emit' (EmitterLayer expected, got Layer)"),
        ("local f = ca.Layer{}.removeAllAnimations; f()", "main.lua:1: bad argument #1 to 'f' (Layer expected, got no value)"),
        // The layer is the self __index last found a method for; the Timer method still checks its type.
        ("local l = ca.Layer{}; local stop = ca.after(1, print).invalidate; local _ = l.removeAllAnimations; stop(l)",
         "main.lua:1: bad argument #1 to 'stop' (Timer expected, got Layer)"),
        ("local a, b = ca.Layer{}, ca.Layer{}; a:addSublayer(b); b:addSublayer(a)",
         "main.lua:1: a layer cannot be added to itself or to one of its own sublayers"),
        ("local l = ca.Layer{}; l.superlayer = ca.root", "main.lua:1: cannot set read-only property 'superlayer' on Layer (use addSublayer)"),
        ("ca.Layer(5)", "main.lua:1: bad argument #1 to 'Layer' (table expected, got number)"),
        ("ca.TextLayer{ strokeEnd = 1 }", "main.lua:1: unknown property 'strokeEnd' on TextLayer"),
        ("ca.Layer{ opacity = 'x' }", "main.lua:1: bad value for 'opacity' of Layer (number expected, got 'x')"),
        ("local l = ca.Layer{}; l.sublayers = { ca.Layer{}, 5 }",
         "main.lua:1: bad value for 'sublayers' of Layer (layer expected at [2], got number)"),
        ("local l = ca.Layer{}; l:addAnimation(ca.BasicAnimation{ keyPath = 'opactiy', toValue = 1 })",
         "main.lua:1: unknown key path 'opactiy' on Layer (did you mean 'opacity'?)"),
    ])
    func errorsReadLikeLua(code: String, message: String) {
        let h = ScriptHarness(code)
        #expect(h.start() != nil)
        #expect(h.messages == [message])
    }

    @Test func kindsHaveTheirOwnProperties() {
        let h = ScriptHarness("""
            local t = ca.TextLayer{ string = "すのうふれいく", fontSize = 24, foregroundColor = "white", alignmentMode = "center" }
            print(t.string, t.fontSize, t.alignmentMode, t.opacity)
            local s = ca.ShapeLayer{ path = ca.Path():moveTo(0, 0):lineTo(10, 0):close(), strokeEnd = 0.5, lineWidth = 3 }
            print(s.strokeEnd, s.lineWidth, s.path.boundingBox.width)
            local g = ca.GradientLayer{ colors = {"red", "blue"}, locations = {0, 1}, type = "radial" }
            print(#g.colors, g.colors[2].b, g.type)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["すのうふれいく\t24.0\tcenter\t1.0", "0.5\t3.0\t10.0", "2\t1.0\tradial"])
    }

    @Test func dataAndOnTapSurviveWhileTheLayerIsInTheTree() {
        let h = ScriptHarness("""
            local function make()
              local l = ca.Layer{ frame = {10, 10, 50, 50} }
              l.data.taps = 0
              l.onTap = function(layer, p) layer.data.taps = layer.data.taps + 1; print("tap", p.x, p.y, layer.data.taps) end
              ca.root:addSublayer(l)
            end
            make()
            collectgarbage(); collectgarbage()
            """)
        #expect(h.start() == nil)
        h.run(until: 0.1)
        #expect(h.host.tap(at: Point(x: 20, y: 30)))
        _ = h.eval("collectgarbage(); collectgarbage()")
        #expect(h.host.tap(at: Point(x: 20, y: 30)))
        #expect(h.output == ["tap\t10.0\t20.0\t1", "tap\t10.0\t20.0\t2"])
        #expect(!h.host.tap(at: Point(x: 300, y: 300)))
    }

    @Test func implicitAnimationsFromScripts() {
        let h = ScriptHarness("""
            layer = ca.Layer{ frame = {0, 0, 10, 10} }
            ca.root:addSublayer(layer)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.1)
        _ = h.eval("layer.opacity = 0")
        h.run(until: 0.225)
        let mid = h.eval("print(layer:presentation().opacity, layer.opacity)")
        let parts = mid.first?.split(separator: "\t").compactMap { Double($0) } ?? []
        #expect(parts.count == 2 && parts[0] > 0.05 && parts[0] < 0.95 && parts[1] == 0)
        #expect(h.eval("local p = layer:presentation(); p.opacity = 1").first?.contains("read-only snapshot") == true)
        _ = h.eval("ca.transaction(function() layer.opacity = 1 end, { disableActions = true })")
        h.run(until: 0.25)
        #expect(h.eval("print(layer:presentation().opacity, #layer:animationKeys())") == ["1.0\t1"])
    }
}
