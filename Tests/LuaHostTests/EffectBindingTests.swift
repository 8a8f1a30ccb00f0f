import LayerKit
@testable import LuaHost
import TestSupport
import Testing

/// `mask`, `filters`, `compositingFilter` and `ca.Filter` from Lua, and the error for each bad
/// input.
struct EffectBindingTests {
    @Test func aMaskIsSetReadAndAnimated() throws {
        let h = ScriptHarness("""
            box = ca.Layer{ frame = { 0, 0, 100, 100 } }
            local m = ca.Layer{ frame = { 0, 0, 50, 50 } }
            box.mask = m
            ca.root:addSublayer(box)
            m:addAnimation(ca.BasicAnimation{ keyPath = "opacity", fromValue = 0, toValue = 1, duration = 2,
                                              timingFunction = "linear" })
            print(box.mask == m, m.superlayer)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["true\tnil"])
        h.run(until: 1)
        #expect(h.eval("print(box.mask:presentation().opacity)") == ["0.5"])
        #expect(h.eval("box.mask = nil; print(box.mask)") == ["nil"])
    }

    @Test func filtersAreCopiedAndTheirInputsRead() {
        let h = ScriptHarness("""
            local f = ca.Filter("gaussianBlur", { name = "blur", inputRadius = 4 })
            layer = ca.Layer{ filters = { f, ca.Filter("colorControls") } }
            f.inputRadius = 9
            local own = layer.filters[1]
            print(#layer.filters, own ~= f, own.type, own.name, own.inputRadius, own.inputIntensity)
            print(layer.filters[2].name, layer.filters[2].inputSaturation, layer.filters[2].inputContrast)
            ca.root:addSublayer(layer)
            layer:addAnimation(ca.BasicAnimation{ keyPath = "filters.blur.inputRadius", fromValue = 0, toValue = 8,
                                                  duration = 2, timingFunction = "linear" })
            print(layer.compositingFilter)
            layer.compositingFilter = "screenBlendMode"
            print(layer.compositingFilter)
            layer.compositingFilter = "CILuminosityBlendMode"
            print(layer.compositingFilter)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["2\ttrue\tgaussianBlur\tblur\t4.0\tnil", "colorControls\t1.0\t1.0", "nil", "screenBlendMode",
                             "luminosityBlendMode"])
        h.run(until: 1.5)
        let layer = h.scene.root.sublayers.first
        #expect(layer?.filter(named: "blur")?.value(.inputRadius, .presentation) == 6)
    }

    @Test(arguments: [
        ("local a = ca.Layer{}; ca.root:addSublayer(a); local b = ca.Layer{}; a:addSublayer(b); b.mask = a",
         "main.lua:1: bad value for 'mask' of Layer: a layer cannot be masked by itself or by one of its ancestors"),
        ("local a = ca.Layer{}; a.mask = a",
         "main.lua:1: bad value for 'mask' of Layer: a layer cannot be masked by itself or by one of its ancestors"),
        ("local b = ca.Layer{}; ca.root:addSublayer(b); ca.Layer{ mask = b }",
         "main.lua:1: bad value for 'mask' of Layer: a mask must not be in a layer tree (remove it from its superlayer first)"),
        ("local m = ca.Layer{}; ca.Layer{ mask = m }; ca.Layer{ mask = m }",
         "main.lua:1: bad value for 'mask' of Layer: the layer is already the mask of another layer (set that layer's mask to nil first)"),
        ("ca.Layer{ mask = 5 }", "main.lua:1: bad value for 'mask' of Layer (Layer expected, got number)"),
        ("local m = ca.Layer{}; ca.Layer{ mask = m }; ca.root:addSublayer(m)",
         "main.lua:1: a layer that is a mask cannot be added to a layer (set the mask to nil first)"),
        ("ca.Filter('gausianBlur')",
         "main.lua:1: bad argument #1 to 'Filter' (unknown filter 'gausianBlur' (did you mean 'gaussianBlur'?); filters are 'gaussianBlur', 'colorControls', 'bloom')"),
        ("ca.Filter('gaussianBlur', { inputIntensity = 1 })",
         "main.lua:1: bad argument #2 to 'Filter' (unknown input 'inputIntensity' for filter 'gaussianBlur'; its inputs are 'inputRadius')"),
        ("ca.Filter('bloom', { inputRadius = 'x' })", "main.lua:1: bad argument #2 to 'Filter' (number expected for 'inputRadius', got 'x')"),
        ("ca.Filter('bloom', 5)", "main.lua:1: bad argument #2 to 'Filter' (table expected, got number)"),
        ("ca.Filter()", "main.lua:1: bad argument #1 to 'Filter' (string expected, got no value)"),
        ("ca.Filter('bloom', { name = 3 })", "main.lua:1: bad argument #2 to 'Filter' (string expected for 'name', got number)"),
        ("ca.Layer{ compositingFilter = 'overlay' }",
         "main.lua:1: bad value for 'compositingFilter' of Layer (one of 'multiplyBlendMode', 'screenBlendMode', 'overlayBlendMode', 'darkenBlendMode', 'lightenBlendMode', 'colorDodgeBlendMode', 'colorBurnBlendMode', 'softLightBlendMode', 'hardLightBlendMode', 'differenceBlendMode', 'exclusionBlendMode', 'hueBlendMode', 'saturationBlendMode', 'colorBlendMode', 'luminosityBlendMode', 'additionCompositing', 'sourceOverCompositing', 'sourceInCompositing', 'sourceOutCompositing', 'sourceAtopCompositing' or its Core Image name expected, got 'overlay')"),
        ("ca.Layer{ compositingFilter = 'CIDestinationOverCompositing' }",
         "main.lua:1: bad value for 'compositingFilter' of Layer (one of 'multiplyBlendMode', 'screenBlendMode', 'overlayBlendMode', 'darkenBlendMode', 'lightenBlendMode', 'colorDodgeBlendMode', 'colorBurnBlendMode', 'softLightBlendMode', 'hardLightBlendMode', 'differenceBlendMode', 'exclusionBlendMode', 'hueBlendMode', 'saturationBlendMode', 'colorBlendMode', 'luminosityBlendMode', 'additionCompositing', 'sourceOverCompositing', 'sourceInCompositing', 'sourceOutCompositing', 'sourceAtopCompositing' or its Core Image name expected, got 'CIDestinationOverCompositing')"),
        ("ca.Layer{ filters = { 5 } }", "main.lua:1: bad value for 'filters' of Layer (Filter expected at [1], got number)"),
        ("ca.Layer{ filters = 5 }", "main.lua:1: bad value for 'filters' of Layer (array of Filter expected, got number)"),
        ("ca.Layer{ filters = { ca.Filter('bloom'), ca.Filter('bloom') } }",
         "main.lua:1: two filters are named 'bloom' (give each a name of its own: key paths reach them by it)"),
        ("local l = ca.Layer{ filters = { ca.Filter('bloom', { name = 'glow' }) } }\nl:addAnimation(ca.BasicAnimation{ keyPath = 'filters.glo.inputRadius', toValue = 1 })",
         "main.lua:2: unknown key path 'filters.glo.inputRadius': no filter named 'glo' (its filters are 'glow')"),
        ("local l = ca.Layer{ filters = { ca.Filter('bloom', { name = 'glow' }) } }\nl:addAnimation(ca.BasicAnimation{ keyPath = 'filters.glow.inputSaturation', toValue = 1 })",
         "main.lua:2: unknown key path 'filters.glow.inputSaturation' (valid: filters.glow.inputRadius, filters.glow.inputIntensity)"),
        ("local f = ca.Filter('bloom'); f.inputSaturation = 1",
         "main.lua:1: unknown input 'inputSaturation' for filter 'bloom'; its inputs are 'inputRadius', 'inputIntensity'"),
        ("local f = ca.Filter('bloom'); f.name = 'x'", "main.lua:1: cannot set read-only property 'name' on Filter"),
        ("local f = ca.Filter('bloom'); f.inputRadius = 'x'",
         "main.lua:1: bad value for 'inputRadius' of Filter (number expected, got 'x')"),
    ])
    func errorsReadLikeLua(code: String, message: String) {
        let h = ScriptHarness(code)
        #expect(h.start() != nil)
        #expect(h.messages == [message])
    }
}
