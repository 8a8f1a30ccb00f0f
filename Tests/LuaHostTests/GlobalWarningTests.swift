import TestSupport
import Testing
@testable import LuaHost

/// `snowglobe check` warns of an assignment that makes a new global: usually a misspelt local.
struct GlobalWarningTests {
    func harness(_ source: String, warns: Bool = true) -> ScriptHarness {
        var options = ScriptOptions()
        options.warnsOfGlobals = warns
        return ScriptHarness(source, options: options)
    }

    @Test func aMisspeltLocalIsWarnedOfOnceWithTheNameItMeant() {
        let h = harness("""
            local count = 0
            local function add() cuont = count + 1 end
            add()
            add()
            ca.after(0.1, function() score = 1 end)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.5)
        let warnings = h.host.warnings.map { $0.replacingOccurrences(of: h.folder + "/", with: "") }
        #expect(warnings == ["main.lua:2: warning: assignment to undeclared global 'cuont' (did you mean 'count'?)",
                             "main.lua:5: warning: assignment to undeclared global 'score'"])
        #expect(h.errors.isEmpty)
        // The assignment still happens.
        #expect(h.eval("print(cuont, score)") == ["1\t1"])
    }

    @Test func aGlobalDeclaredWithRawsetIsNotWarnedOf() {
        let h = harness("rawset(_G, 'shared', 0)\nshared = shared + 1\nprint(shared)")
        #expect(h.start() == nil)
        #expect(h.host.warnings.isEmpty)
        #expect(h.output == ["1"])
    }

    @Test func theSandboxAndCaAreNotWarnedOf() {
        let h = harness("print(ca.now(), math.pi > 3)\nlocal t = {}\nt.x = 1")
        #expect(h.start() == nil)
        #expect(h.host.warnings.isEmpty)
    }

    @Test func withoutTheOptionNothingIsWarnedOf() {
        let h = harness("stray = 1", warns: false)
        #expect(h.start() == nil)
        #expect(h.host.warnings.isEmpty)
        #expect(h.eval("print(getmetatable(_G))") == ["nil"])
    }
}
