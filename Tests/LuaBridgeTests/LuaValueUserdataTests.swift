import LuaBridge
import Testing

/// A small value type kept inside its userdata.
struct Vec2: BitwiseCopyable, Equatable {
    var x: Double
    var y: Double
}

private func getVec(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let v = LuaState.value(object, as: Vec2.self)
        lua.push(key == 0 ? v.x : v.y)
        return 1
    }
}

private func setVec(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let n = try lua.checkNumber(3)
        LuaState.withValue(object, as: Vec2.self) { if key == 0 { $0.x = n } else { $0.y = n } }
        return 0
    }
}

/// `v:plus(w)`: a new value, the sum.
private func vecPlus(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let a = LuaState.value(object, as: Vec2.self)
        let b = try lua.checkValueUserdata(2, as: Vec2.self)
        lua.pushValueUserdata(Vec2(x: a.x + b.x, y: a.y + b.y))
        return 1
    }
}

/// `vec(x, y)`.
private func newVec(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.pushValueUserdata(Vec2(x: try lua.checkNumber(1), y: try lua.checkNumber(2)))
        return 1
    }
}

private func registerVec(_ lua: LuaState) {
    lua.register(LuaValueType(Vec2.self, name: "Vec2", properties: ["x", "y"], get: getVec, set: setVec,
                              methods: [("plus", vecPlus)]))
    lua.setGlobal("vec", function: newVec)
}

@Suite("Swift values inside userdata")
struct LuaValueUserdataTests {
    @Test func propertiesMethodsAndCopies() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        registerVec(lua)
        #expect(try lua.eval("local v = vec(1, 2) return v.x .. ',' .. v.y") == "1.0,2.0")
        #expect(try lua.eval("local s = vec(1, 2):plus(vec(10, 20)) return s.x .. ',' .. s.y") == "11.0,22.0")
        // A property set changes that userdata's value only: each push is a copy.
        #expect(try lua.eval("local a = vec(1, 2) local b = a:plus(vec(0, 0)) b.x = 5 return a.x .. ',' .. b.x") == "1.0,5.0")
        #expect(try lua.eval("local a = vec(1, 2) local b = a b.y = 7 return a.y") == "7.0")
        #expect(try lua.eval("return tostring(vec(1, 2)):match('^Vec2: ') and 'named'") == "named")
        #expect(try lua.eval("return tostring(getmetatable(vec(1, 2)))") == "false")
        lua.pushValueUserdata(Vec2(x: 3, y: 4))
        #expect(lua.toValueUserdata(-1, as: Vec2.self) == Vec2(x: 3, y: 4))
        lua.pop()
    }

    @Test func badValuesAreNamedInErrors() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        registerVec(lua)
        lua.registerNodes()
        let number = #expect(throws: LuaError.self) { try lua.run("vec(1, 2):plus(3)", chunkName: "=test") }
        #expect(number?.message == "test:1: bad argument #1 to 'plus' (Vec2 expected, got number)")
        let node = #expect(throws: LuaError.self) { try lua.run("vec(1, 2):plus(newNode())", chunkName: "=test") }
        #expect(node?.message == "test:1: bad argument #1 to 'plus' (Vec2 expected, got Node)")
        let unknown = #expect(throws: LuaError.self) { try lua.run("local v = vec(1, 2) v.z = 1", chunkName: "=test") }
        #expect(unknown?.message.contains("'z'") == true && unknown?.message.contains("Vec2") == true)
        // A value is no object, and an object no value; a method called on the wrong self says so.
        #expect(throws: LuaError.self) { try lua.run("newNode().add(vec(1, 2), newNode())", chunkName: "=test") }
        #expect(throws: LuaError.self) { try lua.run("local v = vec(1, 2) v.plus(newNode(), v)", chunkName: "=test") }
        lua.push(Node())
        #expect(lua.toValueUserdata(-1, as: Vec2.self) == nil)
        lua.pushValueUserdata(Vec2(x: 1, y: 1))
        #expect(lua.toObject(-1, as: Node.self) == nil)
        lua.pop(2)
    }

    @Test func valuesAreCollectedWithoutFinalizers() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        registerVec(lua)
        try lua.run("collectgarbage() collectgarbage()", chunkName: "=test")
        let before = lua.memoryInUse
        try lua.run("""
            local s = vec(0, 0)
            for i = 1, 200000 do s = s:plus(vec(1, 1)) end
            assert(s.x == 200000)
            collectgarbage() collectgarbage()
            """, chunkName: "=test")
        #expect(lua.memoryInUse < before + 64 * 1024)
    }
}
