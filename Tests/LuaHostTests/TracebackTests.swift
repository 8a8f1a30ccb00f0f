import TestSupport
import Testing
@testable import LuaHost

/// Errors as a script's author reads them: the memory limit's error says where the script was.
struct TracebackTests {
    @Test func theMemoryLimitSaysWhereTheScriptWas() {
        var options = ScriptOptions()
        options.budget.memoryLimit = 16 << 20
        options.budget.timeLimit = 60
        let h = ScriptHarness("""
            local t = {}
            while true do
              t[#t + 1] = ("x"):rep(1000) .. #t
            end
            """, options: options)
        h.start()
        #expect(h.messages == ["main.lua:3: script used too much memory (over 16 MiB)"])
        #expect(h.errors.first?.line == 3)
    }

    @Test func oneHugeAllocationNamesTheScript() {
        var options = ScriptOptions()
        options.budget.memoryLimit = 16 << 20
        let h = ScriptHarness("local s = ('x'):rep(40e6)", options: options)
        h.start()
        #expect(h.messages == ["main.lua: script used too much memory (over 16 MiB)"])
    }
}
