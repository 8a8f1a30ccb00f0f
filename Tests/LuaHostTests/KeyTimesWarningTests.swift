import LayerKit
import Testing
import TestSupport
@testable import LuaHost

/// Key times Core Animation would ignore are ignored, and the host warns once, at the line
/// where they were given (what `snowglobe check` prints).
struct KeyTimesWarningTests {
    /// The host's warnings with the script's folder left out of their paths.
    func warnings(_ h: ScriptHarness) -> [String] {
        h.host.warnings.map { $0.replacingOccurrences(of: h.folder + "/", with: "") }
    }

    @Test func theWarningNamesTheLineWhereTheKeyTimesWereGiven() {
        let h = ScriptHarness("""
            local box = ca.Layer{ name = "box" }
            local fade = ca.KeyframeAnimation{ keyPath = "opacity", values = {0, 1, 0},
              keyTimes = {0, 0.5, 0.8}, duration = 1 }
            box:addAnimation(fade, "fade")
            box:addAnimation(fade, "again")
            local slide = ca.KeyframeAnimation{ keyPath = "position.x", values = {0, 10, 20} }
            slide.keyTimes = {0, 1}
            box:addAnimation(ca.AnimationGroup{ animations = { slide }, duration = 1 }, "group")
            box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.y", values = {0, 10, 20}, keyTimes = {0, 0.2, 1} })
            box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.y", values = {0, 10, 20}, keyTimes = {0.5, 0.2},
              calculationMode = "paced" })
            """)
        #expect(h.start() == nil)
        #expect(h.errors.isEmpty)
        #expect(warnings(h) == [
            "main.lua:2: warning: keyTimes ignored, values spaced evenly: the last key time is 0.8, not 1 (KeyframeAnimation on 'opacity')",
            "main.lua:7: warning: keyTimes ignored, values spaced evenly: 2 key times for 3 values (\"linear\" takes one per value) (KeyframeAnimation on 'position.x')",
        ])
    }

    /// An animation Lua never made (or whose Lua side is gone) has no line to name.
    @Test func withoutItsLineTheWarningNamesTheLayer() {
        let h = ScriptHarness("ca.root.name = 'stage'")
        #expect(h.start() == nil)
        let fade = KeyframeAnimation(keyPath: "opacity")
        fade.values = [.number(0), .number(1), .number(0)]
        fade.keyTimes = [0, .nan, 1]
        let group = AnimationGroup()
        group.animations = [fade]
        KeyTimesWarning.check(h.host.lua, group, on: h.scene.root, host: h.host)
        let other = Layer(scene: h.scene)
        KeyTimesWarning.check(h.host.lua, fade, on: other, host: h.host)
        #expect(h.host.warnings == [
            "warning: keyTimes ignored, values spaced evenly: key time 2 is nan (KeyframeAnimation on 'opacity' of layer 'stage')",
            "warning: keyTimes ignored, values spaced evenly: key time 2 is nan (KeyframeAnimation on 'opacity' of a Layer)",
        ])
    }
}
