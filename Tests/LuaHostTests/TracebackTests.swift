import TestSupport
import Testing
@testable import LuaHost

/// Errors as a script's author reads them: Snowglobe's own Lua shows as the library function
/// the script called, and the memory limit's error says where the script was.
struct TracebackTests {
    static let cases: [(script: String, traceback: String)] = [
        ("require('nothere')", "stack traceback:\n\t[C]: in function 'require'\n\tmain.lua:1: in main chunk"),
        ("ca.transaction(function() error('inside') end)",
         "stack traceback:\n\t[C]: in function 'ca.transaction'\n\tmain.lua:1: in main chunk"),
        ("ca.spawn(function() ca.await(function() error('inside') end) end)",
         "stack traceback:\n\t[C]: in function 'ca.await'\n\tmain.lua:1: in function <main.lua:1>"),
        ("print(setmetatable({}, { __tostring = function() error('no') end }))",
         "stack traceback:\n\t[C]: in function 'error'\n\tmain.lua:1: in function <main.lua:1>\n\t[C]: in function 'print'\n\tmain.lua:1: in main chunk"),
        ("dofile('missing.lua')", "stack traceback:\n\t[C]: in function 'dofile'\n\tmain.lua:1: in main chunk"),
    ]

    @Test(arguments: cases)
    func internalFramesShowAsTheFunctionTheScriptCalled(script: String, traceback: String) {
        let h = ScriptHarness(script)
        h.start()
        let shown = h.errors.first?.traceback?.replacingOccurrences(of: h.folder + "/", with: "")
        #expect(shown == traceback)
    }

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
