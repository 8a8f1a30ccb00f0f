import LuaBridge
import Testing

// Swift twins of Lua library functions, each using the bridge's check that matches the
// library's, so that a mistake gives the same message word for word.

/// Twin of `string.rep(s, n [, sep])`.
func twinRep(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        _ = try lua.checkString(1)
        _ = try lua.checkInteger(2)
        _ = try lua.optString(3, default: "")
        return 0
    }
}

/// Twin of `math.floor(x)`.
func twinFloor(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        _ = try lua.checkNumber(1)
        return 0
    }
}

/// Twin of `table.concat(t)`.
func twinConcat(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        try lua.checkTable(1)
        return 0
    }
}

/// Twin of `coroutine.create(f)`.
func twinCreate(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        try lua.checkFunction(1)
        return 0
    }
}

/// Twin of `type(v)`.
func twinType(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        try lua.checkAny(1)
        return 0
    }
}

/// Twin of `collectgarbage(opt)` (its options, Lua's message without the listing).
func twinCollectGarbage(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        _ = try lua.checkOption(1, ["collect", "stop", "restart", "count", "step", "isrunning", "generational", "incremental"],
                                default: "collect", listing: false)
        return 0
    }
}

/// Twin of `error(msg)`: the message at the caller's position.
func twinError(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        throw lua.error(try lua.checkString(1))
    }
}

/// `pick(name)`: an option with the valid ones listed.
func pickOption(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(try lua.checkOption(1, ["linear", "easeIn", "easeOut"]))
        return 1
    }
}

/// `flag(b)`: a strict boolean.
func checkFlag(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(try lua.checkBoolean(1))
        return 1
    }
}

/// A VM with the twins in the table `sw` (also `package.loaded.sw`, as a library would be).
func makeTwinVM() -> LuaVM {
    let vm = makeVM()
    let lua = vm.lua
    lua.open([.io])
    lua.registerNodes()
    lua.newLibrary(["rep": twinRep, "floor": twinFloor, "concat": twinConcat, "create": twinCreate,
                    "type": twinType, "collectgarbage": twinCollectGarbage, "error": twinError])
    lua.pushValue(at: -1)
    lua.setGlobal("sw")
    lua.getGlobal("package")
    lua.rawGet(-1, field: "loaded")
    lua.pushValue(at: -3)
    lua.rawSet(-2, field: "sw")
    lua.pop(3)
    var marker = 0
    withUnsafePointer(to: &marker) { lua.push(lightUserdata: $0) }
    lua.setGlobal("light")
    return vm
}

/// A mistake made once with a Lua library function and once with its Swift twin.
struct ArgumentErrorCase: CustomTestStringConvertible, Sendable {
    let label: String
    /// Lua statements calling the library function.
    let reference: String
    /// The same statements calling the twin (`sw.` instead of `string.` and so on).
    let twin: String
    /// A name that differs between the two messages, as it must (the twin's table is `sw`).
    var twinName: (String, String)?

    var testDescription: String { label }
}

@Suite("Argument checks match Lua's messages")
struct LuaArgsTests {
    static let cases: [ArgumentErrorCase] = [
        .init(label: "missing number", reference: "math.floor()", twin: "sw.floor()"),
        .init(label: "string for number", reference: "math.floor('x')", twin: "sw.floor('x')"),
        .init(label: "table for number", reference: "math.floor({})", twin: "sw.floor({})"),
        .init(label: "boolean for number", reference: "math.floor(true)", twin: "sw.floor(true)"),
        .init(label: "nil for number", reference: "math.floor(nil)", twin: "sw.floor(nil)"),
        .init(label: "function for number", reference: "math.floor(print)", twin: "sw.floor(print)"),
        .init(label: "__name of a table", reference: "math.floor(setmetatable({}, {__name = 'Thing'}))",
              twin: "sw.floor(setmetatable({}, {__name = 'Thing'}))"),
        .init(label: "registered Swift object", reference: "math.floor(newNode())", twin: "sw.floor(newNode())"),
        .init(label: "C library userdata", reference: "math.floor(io.stdout)", twin: "sw.floor(io.stdout)"),
        .init(label: "light userdata", reference: "math.floor(light)", twin: "sw.floor(light)"),
        .init(label: "float for integer", reference: "string.rep('x', 1.5)", twin: "sw.rep('x', 1.5)"),
        .init(label: "huge numeric string for integer", reference: "string.rep('x', '1e100')", twin: "sw.rep('x', '1e100')"),
        .init(label: "string for integer", reference: "string.rep('x', 'abc')", twin: "sw.rep('x', 'abc')"),
        .init(label: "table for string", reference: "string.rep({}, 1)", twin: "sw.rep({}, 1)"),
        .init(label: "bad optional string", reference: "string.rep('x', 1, {})", twin: "sw.rep('x', 1, {})"),
        .init(label: "table expected", reference: "table.concat(5)", twin: "sw.concat(5)"),
        .init(label: "function expected", reference: "coroutine.create(5)", twin: "sw.create(5)"),
        .init(label: "value expected", reference: "type()", twin: "sw.type()"),
        .init(label: "invalid option", reference: "collectgarbage('bogus')", twin: "sw.collectgarbage('bogus')"),
        .init(label: "method call does not count self", reference: "local _ = ('x'):rep({})",
              twin: "local _ = newNode():rep({})"),
        .init(label: "method call with a bad self", reference: "local t = {rep = string.rep}; local _ = t:rep(2)",
              twin: "local t = {rep = sw.rep}; local _ = t:rep(2)"),
        .init(label: "called through a local", reference: "local f = math.floor; f()", twin: "local f = sw.floor; f()"),
        .init(label: "called through a global", reference: "G = math.floor; G()", twin: "G = sw.floor; G()"),
        .init(label: "called from C: name from package.loaded",
              reference: "local _, e = pcall(string.rep); error(e, 0)",
              twin: "local _, e = pcall(sw.rep); error(e, 0)", twinName: ("'sw.rep'", "'string.rep'")),
        .init(label: "error with the caller's position", reference: "error('boom')", twin: "sw.error('boom')"),
    ]

    @Test(arguments: cases)
    func sameMessageAsLua(_ row: ArgumentErrorCase) throws {
        let vm = makeTwinVM()
        defer { vm.close() }
        let lua = vm.lua
        // Both calls on one line of one chunk, so positions must match too.
        try lua.run("local _, a = pcall(function() \(row.reference) end) local _, b = pcall(function() \(row.twin) end) return a, b",
                    chunkName: "@cases.lua", results: 2)
        let reference = try #require(lua.toString(at: -2))
        var twin = try #require(lua.toString(at: -1))
        if let (ours, theirs) = row.twinName { twin = twin.replacing(ours, with: theirs) }
        #expect(twin == reference)
        #expect(reference.contains("bad argument") || reference.contains("bad self") || reference.contains("boom"))
    }

    @Test func messagesAreExactlyLuas() throws {
        // Spot checks of the grammar itself, independent of the twins.
        let vm = makeTwinVM()
        defer { vm.close() }
        #expect(try vm.lua.eval("local _, e = pcall(function() sw.floor('x') end) return e")
            == "test:1: bad argument #1 to 'floor' (number expected, got string)")
        #expect(try vm.lua.eval("local _, e = pcall(function() local _ = newNode():rep({}) end) return e")
            == "test:1: bad argument #1 to 'rep' (number expected, got table)")
        #expect(try vm.lua.eval("local _, e = pcall(function() local n = newNode(); local _ = n.rep(5) end) return e")
            == "test:1: bad argument #1 to 'rep' (Node expected, got number)")
        #expect(try vm.lua.eval("local _, e = pcall(function() local n = newNode(); local _ = n:add(newOther()) end) return e")
            == "test:1: bad argument #1 to 'add' (Node expected, got Other)")
        #expect(try vm.lua.eval("local _, e = pcall(function() local t = {add = newNode().add}; local _ = t:add(1) end) return e")
            == "test:1: calling 'add' on bad self (Node expected, got table)")
    }

    @Test func fallbackNameWhenLuaHasNone() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.newTable()
        lua.push(twinRep, name: "hidden.rep")
        lua.rawSet(-2, field: "rep")
        lua.setGlobal("hidden")
        // Lua finds no name for a function called by pcall and not in package.loaded (two
        // levels deep, so not hidden.rep): it would say '?'; the bridge uses the registered name.
        #expect(try lua.eval("local _, e = pcall(hidden.rep); return e")
            == "bad argument #1 to 'hidden.rep' (string expected, got no value)")
        #expect(try lua.eval("local _, e = pcall(string.rep); return e")
            == "bad argument #1 to 'string.rep' (string expected, got no value)")
    }

    @Test func optionListsTheValidOnes() throws {
        let vm = makeVM()
        defer { vm.close() }
        vm.lua.setGlobal("pick", function: pickOption)
        #expect(try vm.lua.eval("return pick('easeIn')") == "1")
        #expect(try vm.lua.eval("local _, e = pcall(function() pick('easein') end) return e")
            == "test:1: bad argument #1 to 'pick' (invalid option 'easein' (expected 'linear', 'easeIn' or 'easeOut'))")
    }

    @Test func strictBoolean() throws {
        let vm = makeVM()
        defer { vm.close() }
        vm.lua.setGlobal("flag", function: checkFlag)
        #expect(try vm.lua.eval("return tostring(flag(false))") == "false")
        #expect(try vm.lua.eval("local _, e = pcall(function() flag(1) end) return e")
            == "test:1: bad argument #1 to 'flag' (boolean expected, got number)")
    }

    @Test func acceptedValues() throws {
        let vm = makeTwinVM()
        defer { vm.close() }
        // What Lua accepts, the twins accept: numeric strings, integral floats, numbers as strings.
        #expect(try vm.lua.eval("sw.floor('2.5'); sw.rep(12, 2.0); sw.rep('x', '3'); sw.concat({}); sw.type(nil) return 'ok'") == "ok")
    }
}
