import TestSupport
import Testing
@testable import LuaHost

/// Lua's own `pairs` order follows string hashes, which every Lua state seeds afresh, so a
/// script that made layers in `pairs` order stacked them differently from run to run. The
/// sandbox's `pairs` visits keys in one order: numbers ascending, strings by their bytes,
/// false then true, then the rest.
struct OrderedPairsTests {
    @Test func keysComeInTheSameOrderInEveryState() {
        let script = """
            local t = {}
            for _, k in ipairs({"theta", "alpha", "zeta", "Beta", "eta", "gamma", "delta", "epsilon", "beta", "é"}) do t[k] = true end
            local o = {}
            for k in pairs(t) do o[#o + 1] = k end
            print(table.concat(o, " "))
            """
        for _ in 0..<4 {
            let h = ScriptHarness(script)
            #expect(h.start() == nil)
            #expect(h.output == ["Beta alpha beta delta epsilon eta gamma theta zeta é"])
        }
    }

    @Test func numbersComeFirstInOrderThenStringsThenBooleans() {
        let h = ScriptHarness("""
            local t = {"a", "b", "c", [10] = "ten", [-1.5] = "neg", [2.5] = "half", x = 1, [true] = "t", [false] = "f"}
            local o = {}
            for k, v in pairs(t) do o[#o + 1] = tostring(k) .. "=" .. tostring(v) end
            print(table.concat(o, " "))
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["-1.5=neg 1=a 2=b 2.5=half 3=c 10=ten x=1 false=f true=t"])
    }

    @Test func anArrayAndIntegersAddedPastItsEndComeInOrder() {
        let h = ScriptHarness("""
            local t = {"a", "b", "c"}
            t[6], t[5], t[4] = "f", "e", "d"
            local o = {}
            for k, v in pairs(t) do o[#o + 1] = k .. v end
            print(table.concat(o, " "))
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["1a 2b 3c 4d 5e 6f"])
    }

    @Test func keysClearedDuringTheLoopAreSkippedAndClearingAllWorks() {
        let h = ScriptHarness("""
            local t = {a = 1, b = 2, c = 3, d = 4}
            local seen = {}
            for k in pairs(t) do
              seen[#seen + 1] = k
              t.c = nil
            end
            print(table.concat(seen, " "))
            for k in pairs(t) do t[k] = nil end
            print(next(t))
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["a b d", "nil"])
    }

    @Test func aPairsMetamethodIsHonoured() {
        let h = ScriptHarness("""
            local t = setmetatable({}, {__pairs = function(self)
              return function(_, k) if not k then return 1, "one" end end, self, nil
            end})
            for k, v in pairs(t) do print(k, v) end
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["1\tone"])
    }

    @Test func aNonTableIsRefusedAtTheCallersLine() {
        let h = ScriptHarness("""
            local n = 1
            for k in pairs(nil) do end
            """)
        #expect(h.start() != nil)
        // Lua's own pairs would fail later, in "the 'for iterator'"; this names pairs itself.
        #expect(h.messages.first?.hasPrefix("main.lua:2: bad argument #1 to 'pairs' (table expected, got nil)") == true)
    }

    @Test func aTableTooLargeToSortIsStillVisitedWhole() {
        let h = ScriptHarness("""
            local t = {}
            for i = 1, 100001 do t["k" .. i] = i end
            local n, sum = 0, 0
            for k, v in pairs(t) do n = n + 1; sum = sum + v end
            print(n, sum)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["100001\t5000150001"])
    }
}
