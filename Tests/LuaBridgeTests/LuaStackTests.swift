import LuaBridge
import Testing

@Suite("Stack, tables, globals and references")
struct LuaStackTests {
    @Test func valuesRoundTrip() {
        let vm = LuaVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.push(2.5)
        lua.push(42)
        lua.push(true)
        lua.push("snow ❄︎ \u{0}zero")
        lua.pushNil()
        var marker = 0
        withUnsafePointer(to: &marker) { lua.push(lightUserdata: $0) }
        #expect(lua.top == 6)
        #expect(lua.toNumber(at: 1) == 2.5)
        #expect(lua.toInteger(at: 2) == 42)
        #expect(lua.toInteger(at: 1) == nil)
        #expect(lua.toBoolean(at: 3) == true)
        #expect(lua.toBoolean(at: 2) == nil)
        #expect(lua.toBool(at: 5) == false && lua.toBool(at: 2) == true)
        #expect(lua.toString(at: 4) == "snow ❄︎ \u{0}zero")
        #expect(lua.rawLength(4) == "snow ❄︎ \u{0}zero".utf8.count)
        #expect(lua.type(at: 5) == .nil && lua.type(at: 7) == .none)
        #expect(lua.type(at: 6) == .lightUserdata)
        #expect(lua.toUserdata(at: 6) != nil)
        #expect(lua.typeName(at: 7) == "no value")
        withUnsafePointer(to: &marker) { pointer in
            #expect(lua.toUserdata(at: 6) == UnsafeMutableRawPointer(mutating: pointer))
        }
        lua.pop(6)
        #expect(lua.top == 0)
    }

    @Test func numbersAsStringsStayNumbers() {
        let vm = LuaVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.push(3)
        lua.push(0.5)
        #expect(lua.toString(at: 1) == "3" && lua.toString(at: 2) == "0.5")
        #expect(lua.type(at: 1) == .number && lua.type(at: 2) == .number)
        lua.push("12")
        #expect(lua.toNumber(at: 3) == 12 && lua.type(at: 3) == .string)
        lua.push(bytes: [0xFF, 0x41])
        #expect(lua.toBytes(at: 4) == [0xFF, 0x41])
        #expect(lua.toString(at: 4) == "\u{FFFD}A")
        lua.top = 0
    }

    @Test func tables() {
        let vm = LuaVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.newTable(arrayCount: 2, fieldCount: 2)
        lua.rawSet(-1, field: "name", to: "flake")
        lua.rawSet(-1, field: "size", to: 3.5)
        lua.push("first")
        lua.rawSet(-2, index: 1)
        lua.push(false)
        lua.rawSet(-2, index: 2)
        #expect(lua.rawLength(-1) == 2)
        #expect(lua.rawGet(-1, field: "name") == .string && lua.toString(at: -1) == "flake")
        lua.pop()
        #expect(lua.rawGet(-1, index: 1) == .string)
        lua.pop()
        #expect(lua.rawGet(-1, field: "missing") == .nil)
        lua.pop()
        var keys: [String] = []
        lua.forEach(in: -1) {
            keys.append(lua.toString(at: -2) ?? "?")
        }
        #expect(keys.sorted() == ["1", "2", "name", "size"])
        lua.pushNil()
        lua.push(1)
        #expect(lua.rawSetKeyValue(-3) == false) // a nil key is refused, not raised
        lua.push(Double.nan)
        lua.push(1)
        #expect(lua.rawSetKeyValue(-3) == false)
        #expect(lua.top == 1)
        lua.pop()
    }

    @Test func globals() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.push(7)
        lua.setGlobal("seven")
        #expect(lua.getGlobal("seven") == .number && lua.toInteger(at: -1) == 7)
        lua.pop()
        // Raw: a metatable on _G cannot run Lua code from Swift's accesses.
        try lua.run("setmetatable(_G, {__index = function() error('no') end, __newindex = function() error('no') end})")
        #expect(lua.getGlobal("undefined") == .nil)
        lua.pop()
        lua.push(1)
        lua.setGlobal("fresh")
        #expect(try lua.eval("return rawget(_G, 'fresh')") == "1")
    }

    @Test func references() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        try lua.run("return function(a, b, c) return a .. '|' .. tostring(b) .. '|' .. c end", results: 1)
        let function = lua.popRef()
        #expect(lua.top == 0)
        try lua.call(function, "x", true, 2.5, results: 1)
        #expect(lua.toString(at: -1) == "x|true|2.5")
        lua.pop()
        lua.push(function)
        #expect(lua.type(at: -1) == .function)
        lua.pop()
        lua.release(function)
        lua.pushNil()
        let none = lua.popRef()
        #expect(none == LuaRef.nil)
        lua.push(none)
        #expect(lua.type(at: -1) == .nil)
        lua.pop()
        lua.release(none)
    }

    @Test func callErrorsComeBackAsValues() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        try lua.run("return function(x) return x.field end", chunkName: "@handlers.lua", results: 1)
        let function = lua.popRef()
        defer { lua.release(function) }
        #expect(throws: LuaError.self) { try lua.call(function, LuaNil()) }
        #expect(lua.top == 0)
    }
}

@Suite("Host context")
struct LuaHostContextTests {
    @Test func reachableFromCallbacksAndCoroutines() throws {
        let vm = makeVM()
        defer { vm.close() }
        let tally = Tally()
        vm.lua.hostContext = Unmanaged.passUnretained(tally).toOpaque()
        vm.lua.setGlobal("count", function: countWithHostContext)
        #expect(try vm.lua.eval("count() coroutine.wrap(function() count() end)() return 'ok'") == "ok")
        #expect(tally.count == 2)
    }
}

func countWithHostContext(_ L: OpaquePointer) -> Int32 {
    let lua = LuaState(L)
    if let context = lua.hostContext {
        Unmanaged<Tally>.fromOpaque(context).takeUnretainedValue().count += 1
    }
    return 0
}
