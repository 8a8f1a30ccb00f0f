import LuaBridge
import Testing

/// `limitStringPatterns()`: string patterns under the time limit, with Lua's results unchanged.
@Suite("String patterns under the time limit")
struct StringPatternLimitTests {
    static let budget = LuaBudget(timeLimit: 0.2, memoryLimit: 64 << 20, hookInterval: 1000)

    func makeLimitedVM() -> LuaVM {
        let vm = makeVM(budget: Self.budget)
        vm.lua.limitStringPatterns()
        return vm
    }

    /// Backtracking that takes exponential or quadratic time inside one C call (found by the
    /// fuzzer, program 6446436672307496238, where it hung the host).
    @Test(.timeLimit(.minutes(1)), arguments: [
        "return ('x'):rep(1e4):find(('x?'):rep(20) .. 'y')",
        "return ('x'):rep(60):match(('x?'):rep(40) .. ('x'):rep(40))",
        "return (('a'):rep(3000)):gsub(('.-'):rep(6) .. 'b', '')",
        "for w in (('a'):rep(3000)):gmatch(('a*'):rep(6) .. 'b') do end",
        "return string.find(('a'):rep(1e6), ('a'):rep(1e5) .. 'b', 1, true)",
        "return (('('):rep(1e5)):gsub('%b()', '')",
    ])
    func catastrophicPatternsAreStopped(code: String) {
        let vm = makeLimitedVM()
        defer { vm.close() }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try vm.lua.run(code, chunkName: "=patterns")
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .timeout)
            #expect(error.message == "patterns:1: script ran too long (more than 0.2 s in one call)")
        }
        #expect(clock.now - start < .seconds(5))
        #expect((try? vm.lua.eval("return ('ok'):upper()")) == "OK")
    }

    /// Every kind of pattern item, and the malformed ones, give what Lua's own functions give.
    @Test func resultsAndErrorsAreLuas() throws {
        let cases = #"""
            local out = {}
            local function add(...) local t = table.pack(pcall(...)) for i = 1, t.n do out[#out + 1] = tostring(t[i]) end end
            local s = "hello world, x = 12; y=-3.5 [tag] (a(b)c) THE END\0zero"
            for _, p in ipairs({ "o", "l+", "l*", "l-o", "wo?r", "^hello", "END$", "%a+", "%A+", "%d+%.?%d*", "[%w_]+",
                                 "[^%s]+", "[a-c]", "[]]", "[^]]", "%b()", "%f[%w]%w+", "(%a+) = (%d+)", "()ll()",
                                 "(l)%1", "(o).-%1", ".-", "", "^", "$", "x?", "%", "[a", "(", ")", "%1", "%b(", "%f",
                                 "%fx", "(()", "%0", "[%]", "%z", "\0", "z.r" }) do
              add(string.find, s, p)
              add(string.find, s, p, 5)
              add(string.find, s, p, -10, true)
              add(string.match, s, p)
              add(string.match, s, p, -20)
              add(string.gsub, s, p, "<%0>")
              add(string.gsub, s, p, "%%", 2)
              add(function() local r = {} for a, b in string.gmatch(s, p) do r[#r + 1] = tostring(a) .. tostring(b) end return table.concat(r, "|") end)
            end
            add(string.gsub, "abc", "%w", { a = 1, b = true })
            add(string.gsub, "abc", "%w", function(c) if c == "b" then return nil end return c:upper() end)
            add(string.gsub, "abc", "", "-")
            add(function() return string.gmatch("abc", "b", 10)() end)
            add(function() return string.gmatch("abc", "b", -1)() end)
            add(string.find, 12345, 3)
            add(string.find, "abc", "b", 1.5)
            add(string.find, "abc", "b", "2")
            add(string.find, {}, "b")
            add(string.gsub, "abc", "b", {}, "x")
            add(("x"):rep(10).find, ("x"):rep(10), "x", math.mininteger)
            add(load("return string.find('abc', 'b', 1.5)", "=direct"))
            add(load("return ('abc'):gsub('(', '')", "=direct"))
            return table.concat(out, "\n")
            """#
        let plain = makeVM()
        defer { plain.close() }
        let limited = makeLimitedVM()
        defer { limited.close() }
        let expected = try plain.lua.eval(cases)
        let actual = try limited.lua.eval(cases)
        #expect(actual == expected)
        #expect((expected?.count ?? 0) > 2000)
    }
}
