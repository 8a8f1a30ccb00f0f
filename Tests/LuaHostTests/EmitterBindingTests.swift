import TestSupport
import Testing
import LayerKit
@testable import LuaHost

/// `ca.EmitterLayer` and `ca.EmitterCell` from Lua: seed 004's snow, defaults, copies, bursts,
/// key-path animation of cells, and the error for each bad input.
struct EmitterBindingTests {
    static let seed004 = """
        layer = ca.EmitterLayer{ emitterShape = "line", emitterPosition = {ca.screen.width / 2, 0},
                                       emitterSize = {ca.screen.width, 1}, beginTime = ca.now(), timeOffset = 10 }
        local flake = ca.EmitterCell{ name = "flake", emissionRange = math.pi,
                                      lifetime = 20, birthRate = 30, scale = 0.15, scaleRange = 0.6, velocity = 30,
                                      velocityRange = 20, spin = -0.5, spinRange = 1.0, yAcceleration = 30, xAcceleration = 5 }
        local blurry = ca.EmitterCell{ name = "blurry", emissionRange = math.pi, lifetime = 20, birthRate = 30, scale = 0.15, scaleRange = 0.6,
                                       velocity = 40, velocityRange = 20, spin = -0.5, spinRange = 1.0, yAcceleration = 30,
                                       xAcceleration = 5 }
        layer.emitterCells = { flake, blurry }
        ca.root:addSublayer(layer)
        """

    @Test func seed004IsFullOfSnowAtOnce() {
        let h = ScriptHarness(Self.seed004)
        #expect(h.start() == nil)
        h.run(until: 1.0 / 60)
        #expect(h.eval("print(layer.particleCount)") == ["600"])
        #expect(h.eval("print(#layer.emitterCells, layer.emitterCells[2].name, layer.emitterCells[2].velocity)") == ["2\tblurry\t40.0"])
    }

    @Test func cellsHaveCoreAnimationsDefaults() {
        let h = ScriptHarness("""
            local c = ca.EmitterCell{}
            print(c.birthRate, c.lifetime, c.velocity, c.scale, c.enabled, c.emissionRange, c.alphaSpeed)
            print(c.color.r, c.color.a, c.contentsRect.width, #c.emitterCells, c.name, c.contents)
            local l = ca.EmitterLayer{}
            print(l.birthRate, l.lifetime, l.emitterShape, l.emitterMode, l.renderMode, l.particleCount, #l.emitterCells)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["0.0\t0.0\t0.0\t1.0\ttrue\t0.0\t0.0", "1.0\t1.0\t1.0\t0\tnil\tnil",
                             "1.0\t1.0\tpoint\tvolume\tunordered\t0\t0"])
    }

    @Test func theLayerKeepsCopiesAndItsOwnCellsAreLive() {
        let h = ScriptHarness("""
            local c = ca.EmitterCell{ name = "c", birthRate = 10, lifetime = 100 }
            l = ca.EmitterLayer{ emitterCells = { c } }
            ca.root:addSublayer(l)
            c.birthRate = 1000
            print(l.emitterCells[1] ~= c, l.emitterCells[1] == l.emitterCells[1], l.emitterCells[1].birthRate)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["true\ttrue\t10.0"])
        h.run(until: 1)
        #expect(h.eval("print(l.particleCount); l.emitterCells[1].birthRate = 0") == ["10"])
        h.run(until: 2)
        #expect(h.eval("print(l.particleCount)") == ["10"])
    }

    @Test func burstsAndAnimatedCellProperties() {
        let h = ScriptHarness("""
            l = ca.EmitterLayer{ emitterCells = { ca.EmitterCell{ name = "spark", lifetime = 1 },
                                                        ca.EmitterCell{ name = "snow", lifetime = 100 } } }
            ca.root:addSublayer(l)
            l:emit(10)
            l:emit(5, "spark")
            print(l.particleCount)
            l:addAnimation(ca.BasicAnimation{ keyPath = "emitterCells.snow.birthRate", fromValue = 60, toValue = 60,
                                              duration = 1 }, "rate")
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["25"])
        h.run(until: 1.1)
        // The sparks died after a second; the snow cell gained about 60 under the animation.
        let count = Int(h.eval("print(l.particleCount)").first ?? "") ?? 0
        #expect(count >= 68 && count <= 72, "\(count)")
    }

    @Test(arguments: [
        ("ca.EmitterCell{ birthrate = 1 }", "main.lua:1: unknown property 'birthrate' on EmitterCell (did you mean 'birthRate'?)"),
        ("local c = ca.EmitterCell{}; c.birthRate = 'x'", "main.lua:1: bad value for 'birthRate' of EmitterCell (number expected, got 'x')"),
        ("local c = ca.EmitterCell{}; c.lifetime = 0/0", "main.lua:1: bad value for 'lifetime' of EmitterCell (number expected, got nan)"),
        ("local c = ca.EmitterCell{}; c.velocity = math.huge", "main.lua:1: bad value for 'velocity' of EmitterCell (number expected, got inf)"),
        ("local c = ca.EmitterCell{}; c.color = 5",
         "main.lua:1: bad value for 'color' of EmitterCell (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got number)"),
        ("local c = ca.EmitterCell{}; c.contents = 5", "main.lua:1: bad value for 'contents' of EmitterCell (Image expected, got number)"),
        ("local c = ca.EmitterCell{}; c.enabled = 1", "main.lua:1: bad value for 'enabled' of EmitterCell (boolean expected, got number)"),
        ("local c = ca.EmitterCell{}; c.name = {}", "main.lua:1: bad value for 'name' of EmitterCell (string expected, got table)"),
        ("local c = ca.EmitterCell{}; c.contentsRect = {0, 0}",
         "main.lua:1: bad value for 'contentsRect' of EmitterCell (rect {x, y, width, height} expected, got table)"),
        ("ca.EmitterCell{ emitterCells = { ca.EmitterCell{}, 5 } }",
         "main.lua:1: bad value for 'emitterCells' of EmitterCell (EmitterCell expected at [2], got number)"),
        ("ca.EmitterCell(5)", "main.lua:1: bad argument #1 to 'EmitterCell' (table expected, got number)"),
        ("ca.EmitterCell{ magnificationFilter = 'cubic' }",
         "main.lua:1: bad value for 'magnificationFilter' of EmitterCell (one of 'linear', 'nearest', 'trilinear' expected, got 'cubic')"),
        ("ca.EmitterLayer{ emitterShape = 'triangle' }",
         "main.lua:1: bad value for 'emitterShape' of EmitterLayer (one of 'point', 'line', 'rectangle', 'circle', 'cuboid', 'sphere' expected, got 'triangle')"),
        ("ca.EmitterLayer{ renderMode = 'sorted' }",
         "main.lua:1: bad value for 'renderMode' of EmitterLayer (one of 'unordered', 'oldestFirst', 'oldestLast', 'backToFront', 'additive' expected, got 'sorted')"),
        ("ca.EmitterLayer{ emitterCells = 5 }",
         "main.lua:1: bad value for 'emitterCells' of EmitterLayer (array of EmitterCell expected, got number)"),
        ("ca.EmitterLayer{ emitterCells = { ca.Layer{} } }",
         "main.lua:1: bad value for 'emitterCells' of EmitterLayer (EmitterCell expected at [1], got Layer)"),
        ("local l = ca.EmitterLayer{}; l.particleCount = 3", "main.lua:1: cannot set read-only property 'particleCount' on EmitterLayer"),
        ("ca.EmitterLayer{ particleCount = 3 }", "main.lua:1: cannot set read-only property 'particleCount' on EmitterLayer"),
        ("local l = ca.EmitterLayer{}; l:emit('x')", "main.lua:1: bad argument #1 to 'emit' (number expected, got string)"),
        ("local l = ca.EmitterLayer{}; l:emit(-1)", "main.lua:1: bad argument #1 to 'emit' (count >= 0 expected, got -1)"),
        ("local l = ca.EmitterLayer{}; l:emit(0/0)", "main.lua:1: bad argument #1 to 'emit' (count >= 0 expected, got nan)"),
        ("local l = ca.EmitterLayer{}; l:emit(1, {})", "main.lua:1: bad argument #2 to 'emit' (string expected, got table)"),
        ("local l = ca.Layer{}; l:emit(1)", "main.lua:1: unknown property 'emit' on Layer"),
        ("local l = ca.EmitterLayer{ emitterCells = { ca.EmitterCell{ name = 'spark' } } }; l:emit(1, 'sprak')",
         "main.lua:1: no emitter cell named 'sprak' (did you mean 'spark'?)"),
        ("local l = ca.EmitterLayer{ emitterCells = { ca.EmitterCell{ name = 'snow' } } }\nl:addAnimation(ca.BasicAnimation{ keyPath = 'emitterCells.snoe.birthRate', toValue = 1 })",
         "main.lua:2: unknown key path 'emitterCells.snoe.birthRate': no emitter cell named 'snoe' (did you mean 'snow'?)"),
        ("local l = ca.EmitterLayer{}\nl:addAnimation(ca.BasicAnimation{ keyPath = 'emitterCells.a.birthRat', toValue = 1 })",
         "main.lua:2: unknown key path 'emitterCells.a.birthRat' on EmitterLayer (did you mean 'birthRate'?)"),
        ("local c = ca.EmitterCell{}\nfor i = 1, 9 do c = ca.EmitterCell{ emitterCells = { c } } end",
         "main.lua:2: emitter cells nest more than 8 deep"),
    ])
    func errorsReadLikeLua(code: String, message: String) {
        let h = ScriptHarness(code)
        #expect(h.start() != nil)
        #expect(h.messages == [message])
    }

    @Test func wildValuesNeitherCrashNorHang() {
        let h = ScriptHarness(#"""
            local bad = { 0/0, 1/0, -1/0, -1, 1e308, -1e308, "x", true, {}, function() end }
            local names = { "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "xAcceleration",
              "yAcceleration", "zAcceleration", "emissionLatitude", "emissionLongitude", "emissionRange", "scale",
              "scaleRange", "scaleSpeed", "spin", "spinRange", "color", "redRange", "greenRange", "blueRange",
              "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "contentsRect", "enabled", "name",
              "contents", "emitterCells" }
            local c = ca.EmitterCell{ name = "c", birthRate = 1e308, lifetime = 1e308 }
            for _, n in ipairs(names) do
              for _, v in ipairs(bad) do pcall(function() c[n] = v end); pcall(function() return c[n] end) end
            end
            local l = ca.EmitterLayer{ emitterCells = { c, c }, timeOffset = 1e300, birthRate = 1e308, velocity = 1e308,
                                       scale = -1e308, emitterSize = {1e308, 1e308}, emitterShape = "sphere" }
            ca.root:addSublayer(l)
            for _, v in ipairs(bad) do pcall(l.emit, l, v, v) end
            pcall(l.emit, l, 1e308)
            print("ok")
            """#)
        #expect(h.start() == nil)
        h.host.scene.particleLimit = 20_000
        h.run(until: 0.5)
        #expect(h.output == ["ok"])
        #expect(h.host.scene.particleCount <= 20_000)
        #expect(h.eval("print(1 + 1)") == ["2"])
    }
}
