import LuaBridge
import Testing

func add(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(try lua.checkNumber(1) + lua.checkNumber(2))
        return 1
    }
}

/// Returns its arguments in reverse order.
func reverse(_ L: OpaquePointer) -> Int32 {
    let lua = LuaState(L)
    let count = lua.top
    for i in stride(from: count, through: 1, by: -1) { lua.pushValue(at: i) }
    return count
}

struct SwiftFailure: Error, CustomStringConvertible {
    var description: String { "the Swift side failed" }
}

func throwsSwiftError(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { _ in throw SwiftFailure() }
}

final class Tally {
    var count = 0
}

func bump(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let step = try lua.optInteger(1, default: 1)
        let total = lua.withContext(as: Tally.self) { tally in
            tally.count += step
            return tally.count
        }
        lua.push(total ?? -1)
        return 1
    }
}

func checkedContext(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(lua.context(as: Tally.self) != nil)
        lua.push(lua.context(as: Node.self) != nil)
        return 2
    }
}

/// Calls its argument (a function) from Swift, protected, and returns its result or re-raises.
func callBack(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        try lua.checkFunction(1)
        lua.pushValue(at: 1)
        lua.push(10)
        do throws(LuaError) {
            try lua.pcall(arguments: 1, results: 1)
        } catch {
            throw lua.raise("callback failed: " + error.message)
        }
        return 1
    }
}

/// Yields its arguments to the resumer; returns what it is resumed with.
func yieldAll(_ L: OpaquePointer) -> Int32 {
    let lua = LuaState(L)
    guard lua.isYieldable else {
        return LuaState.run(L) { lua in throw lua.error("cannot yield here") }
    }
    return lua.yield(results: lua.top)
}

@Suite("Swift functions through the trampoline")
struct LuaFunctionTests {
    @Test func callAndResults() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.setGlobal("add", function: add)
        lua.setGlobal("reverse", function: reverse)
        #expect(try lua.eval("return add(1, 2.5)") == "3.5")
        #expect(try lua.eval("return table.concat({reverse(1, 2, 3)}, ',')") == "3,2,1")
    }

    @Test func errorsRaiseAtTheCallersPosition() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.setGlobal("add", function: add)
        lua.setGlobal("fail", function: throwsSwiftError)
        #expect(throws: LuaError.self) { try lua.run("add(1, {})", chunkName: "@main.lua") }
        do {
            try lua.run("local x = 1\nadd(1, {})", chunkName: "@main.lua")
        } catch {
            #expect(error.message == "main.lua:2: bad argument #2 to 'add' (number expected, got table)")
            #expect(error.file == "main.lua" && error.line == 2 && error.kind == .runtime)
            #expect(error.traceback?.hasPrefix("stack traceback:") == true)
            #expect(error.traceback?.contains("main.lua:2: in main chunk") == true)
        }
        #expect(try lua.eval("local _, e = pcall(function() fail() end) return e") == "test:1: the Swift side failed")
    }

    @Test func libraryTableInOneLine() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.newLibrary(["add": add, "reverse": reverse])
        lua.setGlobal("lib")
        lua.newTable()
        lua.setFunction(add, named: "plus", inTableAt: -1)
        lua.setGlobal("other")
        #expect(try lua.eval("return lib.add(2, 3) + other.plus(1, 1)") == "7.0")
    }

    @Test func functionsWithoutUpvaluesArePooledOnce() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        let before = lua.pooledFunctions.count
        lua.setGlobal("add", function: add)
        lua.setGlobal("plus", function: add)
        lua.setGlobal("reverse", function: reverse)
        // One pool entry per Swift function, and the same Lua value wherever it is pushed.
        #expect(lua.pooledFunctions.count == before + 2)
        #expect(lua.pooledFunctions.capacity == 400)
        #expect(try lua.eval("return tostring(rawequal(add, plus)) .. tostring(rawequal(add, reverse))") == "truefalse")
        #expect(try lua.eval("return add(1, 2) + plus(3, 4) + select(2, reverse(9, 8))") == "19.0")
        // Upvalues make a closure of its own each time.
        lua.push(7)
        lua.push(add, upvalues: 1)
        lua.setGlobal("closure")
        #expect(lua.pooledFunctions.count == before + 2)
        #expect(try lua.eval("return tostring(rawequal(add, closure)) .. closure(1, 1)") == "false2.0")
    }

    @Test func contextObject() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        let tally = Tally()
        lua.push(bump, name: "bump", context: tally)
        lua.setGlobal("bump")
        lua.push(checkedContext, context: tally)
        lua.setGlobal("checked")
        lua.setGlobal("plain", function: bump)
        #expect(try lua.eval("bump(); bump(5); return bump()") == "7")
        #expect(tally.count == 7)
        #expect(try lua.eval("local a, b = checked() return tostring(a) .. tostring(b)") == "truefalse")
        #expect(try lua.eval("return plain()") == "-1")
    }

    @Test func contextIsReleasedWithTheFunction() throws {
        let vm = makeVM()
        defer { vm.close() }
        let live = LiveCount()
        vm.lua.push(contextFunction, context: Node(live: live))
        vm.lua.setGlobal("f")
        #expect(live.value == 1)
        try vm.lua.run("f = nil")
        vm.lua.collectGarbage()
        #expect(live.value == 0)
    }

    @Test func nestedProtectedCalls() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.setGlobal("callBack", function: callBack)
        #expect(try lua.eval("return callBack(function(x) return x * 2 end)") == "20")
        #expect(try lua.eval("local _, e = pcall(callBack, function() error('inner') end) return e")
            == "callback failed: test:1: inner")
        // Lua -> Swift -> Lua -> Swift -> Lua.
        #expect(try lua.eval("return callBack(function(x) return callBack(function(y) return x + y end) end)") == "20")
    }

    @Test func yieldFromSwift() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.setGlobal("yieldAll", function: yieldAll)
        #expect(try lua.eval("""
            local co = coroutine.wrap(function(a) local b = yieldAll(a, a + 1) return 'got ' .. b end)
            local x, y = co(1)
            return x .. ',' .. y .. ',' .. co(42)
            """) == "1,2,got 42")
        #expect(try lua.eval("local _, e = pcall(yieldAll) return e") == "cannot yield here")
    }

    @Test func resumeFromSwift() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.setGlobal("yieldAll", function: yieldAll)
        let thread = lua.newThread()
        let anchor = lua.popRef()
        defer { lua.release(anchor) }
        try thread.load("local n = ... ; while true do n = yieldAll(n * 2) end", chunkName: "=task")
        thread.push(1)
        #expect(try lua.resume(thread, arguments: 1) == .yielded(1))
        #expect(thread.toInteger(at: -1) == 2)
        thread.pop()
        thread.push(5)
        #expect(try lua.resume(thread, arguments: 1) == .yielded(1))
        #expect(thread.toInteger(at: -1) == 10)
        thread.pop()
        // An error inside the coroutine comes back with the coroutine's traceback.
        let failing = lua.newThread()
        let failingAnchor = lua.popRef()
        defer { lua.release(failingAnchor) }
        try failing.load("local x = nil\nreturn x.y", chunkName: "@task.lua")
        do {
            _ = try lua.resume(failing, arguments: 0)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "task.lua:2: attempt to index a nil value (local 'x')")
            #expect(error.file == "task.lua" && error.line == 2)
            #expect(error.traceback?.contains("task.lua:2") == true)
        }
    }
}
