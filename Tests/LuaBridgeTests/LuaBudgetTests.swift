import Foundation
import LuaBridge
import Testing

@Suite("Time and memory budgets")
struct LuaBudgetTests {
    static let small = LuaBudget(timeLimit: 0.2, memoryLimit: 8 << 20, hookInterval: 1000)
    /// For memory tests: time enough for a debug build to fill 8 MiB.
    static let smallMemory = LuaBudget(timeLimit: 30, memoryLimit: 8 << 20, hookInterval: 1000)

    @Test func endlessLoopIsStopped() throws {
        let vm = makeVM(budget: Self.small)
        defer { vm.close() }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try vm.lua.run("local n = 0\nwhile true do n = n + 1 end", chunkName: "@loop.lua")
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .timeout)
            #expect(error.message == "loop.lua:2: script ran too long (more than 0.2 s in one call)")
            #expect(error.file == "loop.lua" && error.line == 2)
        }
        #expect(clock.now - start < .seconds(2))
        // The VM is still usable, with a fresh budget.
        #expect(try vm.lua.eval("return 1 + 1") == "2")
    }

    @Test func catchingTheTimeoutDoesNotHelp() throws {
        let vm = makeVM(budget: Self.small)
        defer { vm.close() }
        do {
            try vm.lua.run("while true do pcall(function() while true do end end) end", chunkName: "=stubborn")
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .timeout)
            #expect(error.message.hasSuffix("script ran too long (more than 0.2 s in one call)"))
        }
        #expect(try vm.lua.eval("return 'alive'") == "alive")
    }

    /// A call under a frame limit stops a runaway at that limit, counted in CPU time: time the
    /// thread spends not running (here asleep in a C function) does not count.
    @Test func aFrameLimitCountsCPUTime() throws {
        let vm = makeVM(budget: LuaBudget(timeLimit: 5, memoryLimit: 0, hookInterval: 1000))
        defer { vm.close() }
        vm.lua.setGlobal("nap", function: napFor150ms)
        try vm.lua.load("nap() local n = 0 for i = 1, 1e5 do n = n + i end return n", chunkName: "=napping")
        try vm.lua.pcall(results: 1, timeLimit: 0.1)
        #expect(vm.lua.toNumber(at: -1) == 5_000_050_000)
        vm.lua.pop()
        let clock = ContinuousClock()
        let start = clock.now
        try vm.lua.load("while true do end", chunkName: "=runaway")
        do {
            try vm.lua.pcall(timeLimit: 0.1)
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .timeout)
            #expect(error.message == "runaway:1: script ran too long (more than 0.1 s in one call)")
        }
        #expect(clock.now - start < .seconds(2))
        // The next call has the budget's limit again.
        #expect(try vm.lua.eval("return 'alive'") == "alive")
    }

    /// The whole time limit counts CPU time as well: a call held back by a busy machine (here,
    /// asleep in a C function for longer than the limit) is not stopped for it.
    @Test func theTimeLimitCountsCPUTime() throws {
        let vm = makeVM(budget: LuaBudget(timeLimit: 0.1, memoryLimit: 0, hookInterval: 1000))
        defer { vm.close() }
        vm.lua.setGlobal("nap", function: napFor150ms)
        #expect(try vm.lua.eval("nap() local n = 0 for i = 1, 1e5 do n = n + i end return n") == "5000050000")
        do {
            try vm.lua.run("while true do end", chunkName: "=runaway")
            Issue.record("expected a timeout")
        } catch {
            #expect(error.message == "runaway:1: script ran too long (more than 0.1 s in one call)")
        }
    }

    @Test func timeoutInsideACoroutine() throws {
        let vm = makeVM(budget: Self.small)
        defer { vm.close() }
        #expect(throws: LuaError.self) {
            try vm.lua.run("coroutine.wrap(function() while true do end end)()")
        }
        #expect(try vm.lua.eval("return 'alive'") == "alive")
    }

    @Test func memoryCap() throws {
        let vm = makeVM(budget: Self.smallMemory)
        defer { vm.close() }
        do {
            try vm.lua.run("local t = {} for i = 1, 1e8 do t[i] = {i} end", chunkName: "@hog.lua")
            Issue.record("expected a memory error")
        } catch {
            #expect(error.kind == .memory)
            // Where the budget's hook last saw the script as memory neared the cap.
            #expect(error.message == "hog.lua:1: script used too much memory (over 8 MiB)")
            #expect(error.file == "hog.lua" && error.line == 1)
        }
        vm.lua.collectGarbage()
        #expect(vm.lua.memoryInUse < 1 << 20)
        #expect(try vm.lua.eval("local t = {} for i = 1, 1000 do t[i] = {i} end return #t") == "1000")
    }

    @Test func memoryCapOnOneBigString() throws {
        let vm = makeVM(budget: Self.smallMemory)
        defer { vm.close() }
        #expect(throws: LuaError(kind: .memory, message: "script used too much memory (over 8 MiB)")) {
            try vm.lua.run("local s = string.rep('x', 64 * 1024 * 1024)")
        }
        #expect(try vm.lua.eval("return #string.rep('x', 1024)") == "1024")
    }

    @Test func budgetCanChange() throws {
        let vm = makeVM()
        defer { vm.close() }
        #expect(vm.budget == LuaBudget())
        #expect(vm.budget.timeLimit == 2 && vm.budget.memoryLimit == 1 << 30)
        vm.budget.timeLimit = 0.1
        #expect(throws: LuaError.self) { try vm.lua.run("while true do end") }
        vm.budget.timeLimit = 30
        vm.budget.memoryLimit = 12 << 19
        do {
            try vm.lua.run("local t = {} for i = 1, 1e8 do t[i] = i end")
        } catch {
            #expect(error.message == "script used too much memory (over 6 MiB)")
        }
        vm.budget.memoryLimit = 10 << 19 + 1000
        #expect(throws: LuaError(kind: .memory, message: "script used too much memory (over 5.0 MiB)")) {
            try vm.lua.run("local s = string.rep('x', 64 * 1024 * 1024)")
        }
    }

    @Test func unlimited() throws {
        let vm = makeVM(budget: .unlimited)
        defer { vm.close() }
        #expect(try vm.lua.eval("local s = 0 for i = 1, 1e6 do s = s + i end return s") == "500000500000")
    }
}

/// Pushes a 2 MiB string: Swift code allocating while the script sits at the memory cap.
func bigString(_ L: OpaquePointer) -> Int32 {
    let lua = LuaState(L)
    lua.push(String(repeating: "x", count: 2 << 20))
    lua.push(lua.rawLength(-1))
    return 1
}

@Suite("Memory cap and Swift frames")
struct LuaMemoryRuleTests {
    @Test func swiftAllocationsAtTheCapDoNotRaise() throws {
        let vm = makeVM(budget: LuaBudgetTests.smallMemory)
        defer { vm.close() }
        vm.lua.setGlobal("bigString", function: bigString)
        // The script fills memory to the cap and keeps it; the Swift function still allocates
        // (the cap is soft for Swift frames: no memory error may longjmp across them).
        #expect(try vm.lua.eval("""
            local t = {}
            local ok = pcall(function() for i = 1, 1e8 do t[i] = {} end end)
            assert(not ok)
            return bigString()
            """) == "2097152")
        // Lua code itself is refused again right after.
        #expect(throws: LuaError.self) { try vm.lua.run("local s = string.rep('y', 16 << 20)") }
    }
}

/// `nap()`: sleeps 150 ms without using the CPU.
private func napFor150ms(_ L: OpaquePointer) -> Int32 {
    usleep(150_000)
    return 0
}
