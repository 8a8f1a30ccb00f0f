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
        // Issue 26 item 4.
        ("ca.Layer{ maskedCorners = { 'minXMinY', 'topLeft' } }",
         "main.lua:1: bad value for 'maskedCorners' of Layer (one of 'minXMinY', 'maxXMinY', 'minXMaxY', 'maxXMaxY' expected at [2], got 'topLeft')"),
        ("local l = ca.Layer{}; l.maskedCorners = 'minXMinY'",
         "main.lua:1: bad value for 'maskedCorners' of Layer (array of corner names expected, got 'minXMinY')"),
        ("ca.Layer{ contentsCenter = { 0.5, 0.5, 0.8, 0.2 } }",
         "main.lua:1: bad value for 'contentsCenter' of Layer (rect inside the unit square {0, 0, 1, 1} expected, got table)"),
        ("local l = ca.Layer{}; l.contentsScale = 0",
         "main.lua:1: bad value for 'contentsScale' of Layer (positive number expected, got number)"),
        ("ca.Layer{ magnificationFilter = 'cubic' }",
         "main.lua:1: bad value for 'magnificationFilter' of Layer (one of 'linear', 'nearest', 'trilinear' expected, got 'cubic')"),
        ("ca.Layer{ minificationFilter = true }",
         "main.lua:1: bad value for 'minificationFilter' of Layer (one of 'linear', 'nearest', 'trilinear' expected, got boolean)"),
        ("local l = ca.Layer{}; l.shadowPath = 5", "main.lua:1: bad value for 'shadowPath' of Layer (Path expected, got number)"),
        // Issue 26 item 3.
        ("ca.TransformLayer{ fontSize = 12 }", "main.lua:1: unknown property 'fontSize' on TransformLayer"),
        // A misspelt colour name, wherever a colour goes.
        ("ca.Layer{ backgroundColor = 'tomatoe' }",
         "main.lua:1: bad value for 'backgroundColor' of Layer (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got 'tomatoe' (did you mean 'tomato'?))"),
        ("local l = ca.ShapeLayer{}; l.fillColor = 'Tomatoe'",
         "main.lua:1: bad value for 'fillColor' of ShapeLayer (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got 'Tomatoe' (did you mean 'tomato'?))"),
        ("ca.Layer{}:addAnimation(ca.BasicAnimation{ keyPath = 'backgroundColor', toValue = 'skyblu' })",
         "main.lua:1: bad value for 'toValue' of 'backgroundColor' (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got 'skyblu' (did you mean 'skyblue'?))"),
        ("ca.EmitterCell{ color = 'whit' }",
         "main.lua:1: bad value for 'color' of EmitterCell (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got 'whit' (did you mean 'white'?))"),
        ("ca.Color('tomatoe')",
         "main.lua:1: bad argument #1 to 'Color' (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got 'tomatoe' (did you mean 'tomato'?))"),
        // Not near any name, or hex: no guess.
        ("ca.Layer{ backgroundColor = 'snowwhite' }",
         "main.lua:1: bad value for 'backgroundColor' of Layer (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got 'snowwhite')"),
        ("ca.Layer{ backgroundColor = '#GG0000' }",
         "main.lua:1: bad value for 'backgroundColor' of Layer (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got '#GG0000')"),
        // Issue 39 item 5.
        ("local g = ca.GradientLayer{ colors = { 'red', 'blue' } }\ng:addAnimation(ca.BasicAnimation{ keyPath = 'colors', toValue = { 'red', 'white', 'blue' } })",
         "main.lua:2: the colour lists of a 'colors' animation must be as long as each other: toValue has 3 colours, the value on screen has 2"),
    ])
    func errorsReadLikeLua(code: String, message: String) {
        let h = ScriptHarness(code)
        #expect(h.start() != nil)
        #expect(h.messages == [message])
    }

    @Test func contentPropertiesReadBack() {
        let h = ScriptHarness("""
            local l = ca.Layer{ contentsCenter = { 0.25, 0.25, 0.5, 0.5 }, contentsScale = 2, magnificationFilter = "nearest",
                                maskedCorners = { "maxXMaxY", "minXMinY" }, shadowPath = ca.Path.ellipse{ 0, 0, 10, 10 } }
            print(l.contentsCenter.x, l.contentsCenter.width, l.contentsScale, l.magnificationFilter, l.minificationFilter)
            print(table.concat(l.maskedCorners, ","), #ca.Layer{}.maskedCorners, l.shadowPath.boundingBox.width)
            l.maskedCorners = {}
            l.shadowPath = nil
            print(#l.maskedCorners, l.shadowPath)
            local c = ca.EmitterCell{ magnificationFilter = "nearest" }
            print(c.magnificationFilter, c.minificationFilter)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["0.25\t0.5\t2.0\tnearest\tlinear", "minXMinY,maxXMaxY\t4\t10.0", "0\tnil", "nearest\tlinear"])
    }

    @Test func aTransformLayerKeepsItsSublayersIn3D() {
        // Two faces, the nearer first in the list: a plain layer hit-tests (and draws) the later
        // one in front; a transform layer the nearer, and never itself.
        let h = ScriptHarness("""
            for _, kind in ipairs({ "Layer", "TransformLayer" }) do
              local box = ca[kind]{ bounds = { 0, 0, 100, 100 }, position = { 200, 150 }, name = kind }
              ca.root:addSublayer(box)
              local near = ca.Layer{ bounds = { 0, 0, 100, 100 }, position = { 50, 50 }, name = "near",
                                     transform = ca.Transform3D.translation(0, 0, 10) }
              local far = ca.Layer{ bounds = { 0, 0, 100, 100 }, position = { 50, 50 }, name = "far",
                                    transform = ca.Transform3D.translation(0, 0, -10) }
              box.sublayers = { near, far }
              print(kind, ca.root:hitTest({ 200, 150 }).name)
              far.hidden, near.hidden = true, true
              print(kind, ca.root:hitTest({ 200, 150 }).name)
              box:removeFromSuperlayer()
            end
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["Layer\tfar", "Layer\tLayer", "TransformLayer\tnear", "TransformLayer\tnil"])
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

    @Test func transformsSetFromScriptsAnimateAsOtherValuesDo() {
        let h = ScriptHarness("""
            layer = ca.Layer{ frame = {0, 0, 10, 10} }
            ca.root:addSublayer(layer)
            still = ca.Layer{ frame = {0, 0, 10, 10}, actions = { transform = false } }
            ca.root:addSublayer(still)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.1)
        _ = h.eval("layer.transform = ca.Transform3D.translation(100, 0); still.transform = ca.Transform3D.translation(100, 0)")
        h.run(until: 0.225)
        let mid = h.eval("print(layer:presentation().transform.m41, layer.transform.m41, still:presentation().transform.m41)")
        let parts = mid.first?.split(separator: "\t").compactMap { Double($0) } ?? []
        #expect(parts.count == 3 && parts[0] > 5 && parts[0] < 95 && parts[1] == 100 && parts[2] == 100)
        // With actions off no animation starts: once the first has ended, the new transform shows.
        _ = h.eval("ca.transaction(function() layer.transform = ca.Transform3D.scale(2) end, { disableActions = true })")
        h.run(until: 0.4)
        #expect(h.eval("print(layer:presentation().transform.m11, layer:presentation().transform.m41, #layer:animationKeys())")
                == ["2.0\t0.0\t0"])
    }

    /// A snapshot is the presentation when it was taken: later frames and model changes do not
    /// reach it, and it reads every kind of value a layer has (flat, array, frame, modelLayer).
    @Test func aPresentationSnapshotKeepsTheMomentItWasTaken() {
        let h = ScriptHarness("""
            layer = ca.ShapeLayer{ frame = {0, 0, 100, 50}, lineDashPattern = {4, 2}, strokeColor = "red" }
            ca.root:addSublayer(layer)
            local move = ca.BasicAnimation{ keyPath = "position.x", fromValue = 0, toValue = 100, duration = 1 }
            layer:addAnimation(move, "move")
            """)
        #expect(h.start() == nil)
        h.run(until: 0.5)
        _ = h.eval("early = layer:presentation()")
        let then = h.eval("print(early.position.x, early.frame.x, early.modelLayer == layer, early.lineDashPattern[1], early.strokeColor.r)")
        h.run(until: 0.75)
        _ = h.eval("ca.transaction(function() layer.lineDashPattern = {9}; layer.opacity = 0.25 end, { disableActions = true })")
        let later = h.eval("print(early.position.x, early.frame.x, early.lineDashPattern[1], early.opacity, layer:presentation().position.x)")
        #expect(then == ["50.0\t0.0\ttrue\t4.0\t1.0"])
        #expect(later == ["50.0\t0.0\t4.0\t1.0\t75.0"])
        #expect(h.eval("print(early.noSuchProperty, early.emitterCells, tostring(early):match('^presentation%(%) of ShapeLayer') ~= nil)")
                == ["nil\tnil\ttrue"])
        #expect(h.eval("early.opacity = 1").first?.contains("cannot set 'opacity': presentation() is a read-only snapshot") == true)
    }
}
