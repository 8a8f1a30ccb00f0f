import Foundation
import Testing
import LayerKit
import LuaBridge
@testable import LuaHost

/// Bugs the fuzzer (Tests/FuzzTests) found, one test each, named by what a user would have seen.
struct FuzzRegressionTests {
    /// Fuzz program 363256345404178072: a cyclic `ca.persist` (`t.self = t`) carried across a
    /// reload pushed 32 nested tables onto the Lua stack without making room for them, and the
    /// heap was corrupted ("corrupted size vs. prev_size" at the next close).
    @Test func deeplyNestedPersistedDataSurvivesAReload() {
        var deep = PersistedValue.integer(7)
        for _ in 0..<3000 { deep = .table([(key: .string("next"), value: deep)]) }
        var options = ScriptOptions()
        options.persisted = .table([(key: .string("chain"), value: deep)])
        options.isReload = true
        let h = ScriptHarness("""
            local t, depth = ca.persist.chain, 0
            while type(t) == "table" do t, depth = t.next, depth + 1 end
            print(depth, t)
            local c = {} c.self = c
            ca.persist.cycle = c
            """, options: options)
        #expect(h.start() == nil)
        #expect(h.output == ["3000\t7"])
        for _ in 0..<50 {
            guard case .table(let entries)? = h.host.persistedData() else {
                Issue.record("no persisted table")
                return
            }
            #expect(entries.count == 2)
        }
    }
}
