import LuaBridge
import Testing

@Suite("Swift objects as userdata")
struct LuaUserdataTests {
    @Test func sameObjectSameUserdata() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let node = Node()
        lua.push(node)
        lua.setGlobal("a")
        lua.push(node)
        lua.setGlobal("b")
        lua.push(Node())
        lua.setGlobal("c")
        #expect(try lua.eval("return tostring(a == b and rawequal(a, b))") == "true")
        #expect(try lua.eval("return tostring(a ~= c)") == "true")
        #expect(try lua.eval("local t = {[a] = 1}; return tostring(t[b])") == "1")
        #expect(try lua.eval("return tostring(a):match('^Node: ') and 'named' or tostring(a)") == "named")
        #expect(try lua.eval("return tostring(getmetatable(a))") == "false")
        lua.push(node)
        #expect(lua.toObject(-1, as: Node.self) === node)
        #expect(lua.toObject(-1, as: TextNode.self) == nil)
        lua.pop()
    }

    @Test func propertiesAndMethods() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let node = Node()
        lua.push(node)
        lua.setGlobal("n")
        try lua.run("n.opacity = 0.25; n.x = 3; n.name = 'top'")
        #expect(node.opacity == 0.25 && node.x == 3 && node.name == "top")
        node.opacity = 0.5
        #expect(try lua.eval("return n.opacity") == "0.5")
        #expect(try lua.eval("return n:add(n)") == "1.0")
        #expect(try lua.eval("return n:rep(7)") == "7")
    }

    @Test func inheritance() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let text = TextNode()
        lua.push(text)
        lua.setGlobal("t")
        // Inherited properties go to the parent's handlers, new ones to the subtype's.
        try lua.run("t.opacity = 0.75; t.text = 'hello'; t.name = 'label'")
        #expect(text.opacity == 0.75 && text.text == "hello" && text.name == "label")
        #expect(try lua.eval("return t.text .. ' ' .. t.opacity") == "hello 0.75")
        // Inherited methods; a TextNode is accepted where a Node is expected.
        #expect(try lua.eval("return newNode():add(t)") == "1.75")
        #expect(try lua.eval("return t:add(t)") == "1.5")
        #expect(try lua.eval("return tostring(t):match('^TextNode: ') and 'ok'") == "ok")
        lua.push(text)
        #expect(lua.toObject(-1, as: Node.self) === text)
        #expect(lua.typeName(for: TextNode.self) == "TextNode")
        lua.pop()
    }

    @Test func pushedAsItsDynamicType() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let node: Node = TextNode()
        lua.push(node)
        lua.setGlobal("t")
        #expect(try lua.eval("t.text = 'x' return t.text") == "x")
    }

    @Test func keyErrors() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        lua.push(TextNode())
        lua.setGlobal("t")
        func message(_ code: String) throws -> String? {
            try lua.eval("local _, e = pcall(function() \(code) end) return e")
        }
        #expect(try message("t.opactiy = 1") == "test:1: unknown property 'opactiy' on TextNode (did you mean 'opacity'?)")
        #expect(try message("local _ = t.Text") == "test:1: unknown property 'Text' on TextNode (did you mean 'text'?)")
        #expect(try message("local _ = t.ad") == "test:1: unknown property 'ad' on TextNode (did you mean 'add'?)")
        #expect(try message("t.ad = 1") == "test:1: unknown property 'ad' on TextNode")
        #expect(try message("local _ = t.zzzzzz") == "test:1: unknown property 'zzzzzz' on TextNode")
        #expect(try message("local _ = t[1]") == "test:1: unknown property '1' on TextNode")
        #expect(try message("local _ = t[{}]") == "test:1: unknown property '(table key)' on TextNode")
        #expect(try message("t.add = 1") == "test:1: cannot assign to method 'add' on TextNode")
        #expect(try message("t.opacity = 'x'") == "test:1: bad argument #3 to 'newindex' (number expected, got string)")
        #expect(try message("newOther().foo = 1") == "test:1: unknown property 'foo' on Other")
        // A name over 40 bytes is not interned by Lua: it takes the key table's path.
        let long = String(repeating: "a", count: 50)
        #expect(try message("t.\(long) = 1") == "test:1: unknown property '\(long)' on TextNode")
    }

    @Test func readOnlyType() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.register(LuaObjectType(Other.self, name: "Frozen", properties: ["size"], get: getKeyID))
        lua.push(Other())
        lua.setGlobal("f")
        #expect(try lua.eval("local _, e = pcall(function() f.size = 2 end) return e")
            == "test:1: cannot set read-only property 'size' on Frozen")
    }

    @Test func longPropertyNames() throws {
        final class Wide {}
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        let long = "property_" + String(repeating: "x", count: 45)
        lua.register(LuaObjectType(Wide.self, name: "Wide", properties: ["short", long], get: getKeyID, set: setNothing))
        lua.push(Wide())
        lua.setGlobal("w")
        #expect(try lua.eval("return w.short .. ',' .. w.\(long)") == "0,1")
        #expect(try lua.eval("w.\(long) = 1 return 'ok'") == "ok")
    }

    @Test func releasedWhenCollected() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let live = LiveCount()
        do {
            lua.push(Node(live: live))
            lua.setGlobal("n")
        }
        #expect(live.value == 1)
        try lua.run("n.opacity = 0.5")
        lua.collectGarbage()
        #expect(live.value == 1) // still referenced by the global
        try lua.run("n = nil")
        lua.collectGarbage()
        #expect(live.value == 0)
    }

    @Test func anUnsharedObjectWorksAndIsReleasedButIsNotRemembered() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let live = LiveCount()
        do {
            let node = Node(live: live)
            node.opacity = 0.25
            lua.pushUnshared(node)
            lua.setGlobal("n")
            // Not in the cache: Swift pushing it again gets a userdata of its own.
            #expect(!lua.pushExisting(node))
        }
        #expect(try lua.eval("return n.opacity") == "0.25")
        try lua.run("n.opacity = 0.5")
        #expect(try lua.eval("return n.opacity") == "0.5")
        try lua.run("n = nil")
        lua.collectGarbage()
        #expect(live.value == 0)
    }

    @Test func pushingAgainAfterCollectionMakesANewUserdata() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let node = Node()
        lua.push(node)
        lua.pop()
        lua.collectGarbage()
        lua.push(node)
        lua.setGlobal("n")
        node.opacity = 0.125
        #expect(try lua.eval("return n.opacity") == "0.125")
    }

    @Test func closingReleasesEverything() {
        let live = LiveCount()
        let vm = makeVM()
        vm.lua.registerNodes()
        for _ in 0..<10 {
            vm.lua.push(Node(live: live))
            vm.lua.setGlobal("keep\(live.value)")
        }
        vm.lua.push(contextFunction, context: Node(live: live))
        vm.lua.setGlobal("f")
        #expect(live.value == 11)
        vm.close()
        #expect(live.value == 0)
        vm.close() // twice is harmless
    }

    @Test func detachedObjectGivesACleanError() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let live = LiveCount()
        var node: Node? = Node(live: live)
        if let node { lua.push(node) }
        lua.setGlobal("n")
        try lua.run("add = n.add")  // found while n was alive: __index remembers n for the method
        #expect(lua.detach(try #require(node)))
        node = nil
        #expect(live.value == 0)
        #expect(try lua.eval("local _, e = pcall(function() return n.opacity end) return e")
            == "test:1: attempt to use a released Node")
        #expect(try lua.eval("local _, e = pcall(function() n.opacity = 1 end) return e")
            == "test:1: attempt to use a released Node")
        #expect(try lua.eval("local _, e = pcall(function() return newNode():add(n) end) return e")
            == "test:1: attempt to use a released Node")
        #expect(try lua.eval("local _, e = pcall(function() return add(n, newNode()) end) return e")
            == "test:1: attempt to use a released Node")
    }

    @Test func aMethodChecksWhateverSelfItIsGiven() throws {
        // __index remembers the object it last found a method for, so that the method's check
        // of that self is shorter. Any other self is checked in full, and so is that block's
        // address once the object has been collected.
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        lua.open([.io])
        try lua.run("""
            local n = newNode()
            add = n.add
            address = string.format("%p", n)
            n = nil
            collectgarbage(); collectgarbage()
            """)
        let address = try #require(lua.eval("return address").flatMap { UInt(String($0.dropFirst(2)), radix: 16) })
        lua.push(lightUserdata: UnsafeRawPointer(bitPattern: address))
        lua.setGlobal("ghost")
        #expect(try lua.eval("local _, e = pcall(add, ghost, newNode()) return e")
            == "bad argument #1 to 'add' (Node expected, got light userdata)")
        #expect(try lua.eval("local _, e = pcall(add, io.stdout, newNode()) return e")
            == "bad argument #1 to 'add' (Node expected, got FILE*)")
        #expect(try lua.eval("local _, e = pcall(add, newOther(), newNode()) return e")
            == "bad argument #1 to 'add' (Node expected, got Other)")
        #expect(try lua.eval("local a = newNode() local b = newNode() return a.add(b, a)") == "2.0")
    }

    @Test func finalizedObjectCannotBeUsed() throws {
        // A table finalizer resurrects a userdata whose __gc has run: its slot is nil.
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        lua.registerNodes()
        let live = LiveCount()
        lua.push(Node(live: live))
        lua.setGlobal("n")
        try lua.run("""
            local holder = setmetatable({node = n}, {__gc = function(h) zombie = h.node end})
            n, holder = nil, nil
            """)
        lua.collectGarbage()
        lua.collectGarbage()
        #expect(live.value == 0)
        #expect(try lua.eval("local _, e = pcall(function() return zombie.opacity end) return e")
            == "test:1: attempt to use a released Node")
    }
}

func getKeyID(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState(L).push(Int(key))
    return 1
}

func setNothing(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    0
}

func contextFunction(_ L: OpaquePointer) -> Int32 {
    0
}

/// A class of its own for every depth of nesting (`Level<Level<Node>>` …), to fill the VM's
/// pool of method trampolines with types.
private final class Level<Inner>: Depth {
    let depth: Int
    init(depth: Int) { self.depth = depth }
}

private protocol Depth: AnyObject {
    var depth: Int { get }
}

/// `level:depth()`.
private func levelDepth(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        guard let level = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue() as? any Depth else { return 0 }
        lua.push(level.depth)
        return 1
    }
}

/// Registers `Level<Inner>` as "Level<depth>" and the `count - 1` levels inside it, pushing one
/// object of the outermost and setting global `level<depth>` to it.
private func registerLevels<Inner>(_ lua: LuaState, _ inner: Inner.Type, depth: Int, count: Int) {
    lua.register(LuaObjectType(Level<Inner>.self, name: "Level\(depth)", methods: [("depth", levelDepth)]))
    lua.push(Level<Inner>(depth: depth))
    lua.setGlobal("level\(depth)")
    if depth < count { registerLevels(lua, Level<Inner>.self, depth: depth + 1, count: count) }
}

@Suite("Methods past the pool of trampolines")
struct MethodPoolTests {
    @Test func methodsPastThePoolCheckTheirSelfAlike() throws {
        let vm = makeVM()
        defer { vm.close() }
        let lua = vm.lua
        let capacity = lua.pooledMethods.capacity
        registerLevels(lua, Node.self, depth: 1, count: capacity + 5)
        #expect(lua.pooledMethods.count == capacity)
        let first = "level1", last = "level\(capacity + 5)"
        // A pooled method and one past the pool: each answers for its own self, and both refuse
        // another type's object with the same message.
        #expect(try lua.eval("return \(first):depth() .. ' ' .. \(last):depth()") == "1 \(capacity + 5)")
        #expect(try lua.eval("local _, e = pcall(\(first).depth, \(last)) return e")
            == "bad argument #1 to 'depth' (Level1 expected, got Level\(capacity + 5))")
        #expect(try lua.eval("local _, e = pcall(\(last).depth, \(first)) return e")
            == "bad argument #1 to 'depth' (Level\(capacity + 5) expected, got Level1)")
        #expect(try lua.eval("local _, e = pcall(function() return \(last).depth(5) end) return e")
            == "test:1: bad argument #1 to 'depth' (Level\(capacity + 5) expected, got number)")
    }
}
