import LuaBridge

// Swift classes and Lua bindings shared by the tests.

/// Counts live instances, to check that Lua releases what it held.
final class LiveCount: @unchecked Sendable {
    var value = 0
}

/// A stand-in for a layer: two number properties and a name.
class Node {
    var opacity = 1.0
    var x = 0.0
    var name = ""
    let live: LiveCount?

    init(live: LiveCount? = nil) {
        self.live = live
        live?.value += 1
    }

    deinit {
        live?.value -= 1
    }
}

/// A subclass with one more property, registered as a Lua subtype.
final class TextNode: Node {
    var text = ""
}

/// A class registered with no parent, to be rejected where a Node is expected.
final class Other {}

enum NodeKey: Int32, CaseIterable {
    case opacity, x, name
}

func getNode(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState.run(L) { lua in
        LuaState.withObject(object, as: Node.self) { node in
            switch NodeKey(rawValue: key) {
            case .opacity: lua.push(node.opacity)
            case .x: lua.push(node.x)
            case .name: lua.push(node.name)
            case nil: lua.pushNil()
            }
        }
        return 1
    }
}

func setNode(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let node = LuaState.object(object, as: Node.self)
        switch NodeKey(rawValue: key) {
        case .opacity: node.opacity = try lua.checkNumber(3)
        case .x: node.x = try lua.checkNumber(3)
        case .name: node.name = try lua.checkString(3)
        case nil: break
        }
        return 0
    }
}

func getTextNode(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(LuaState.object(object, as: TextNode.self).text)
        return 1
    }
}

func setTextNode(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState.run(L) { lua in
        LuaState.object(object, as: TextNode.self).text = try lua.checkString(3)
        return 0
    }
}

/// `node:add(other)`: checks both as Nodes, returns the sum of opacities.
func nodeAdd(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let a = LuaState.object(object, as: Node.self)
        let b = try lua.checkObject(2, as: Node.self)
        lua.push(a.opacity + b.opacity)
        return 1
    }
}

/// `node:rep(n)`: self must be a Node, n an integer; returns n.
func nodeRep(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(try lua.checkInteger(2))
        return 1
    }
}

/// `Node.new()` / `TextNode.new()` / `Other.new()`.
func newNode(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(Node())
        return 1
    }
}

func newTextNode(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(TextNode())
        return 1
    }
}

func newOther(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(Other())
        return 1
    }
}

extension LuaState {
    /// Registers Node, TextNode and Other, and globals `newNode`, `newTextNode`, `newOther`.
    func registerNodes() {
        register(LuaObjectType(Node.self, name: "Node", properties: NodeKey.allCases.map { "\($0)" },
                               get: getNode, set: setNode,
                               methods: [("add", nodeAdd), ("rep", nodeRep)]))
        register(LuaObjectType(TextNode.self, name: "TextNode", parent: Node.self, properties: ["text"],
                               get: getTextNode, set: setTextNode))
        register(LuaObjectType(Other.self, name: "Other"))
        setGlobal("newNode", function: newNode)
        setGlobal("newTextNode", function: newTextNode)
        setGlobal("newOther", function: newOther)
    }

    /// Runs `code` as chunk "=test" and returns its first result as a string (nil if none).
    func eval(_ code: String) throws -> String? {
        let top = self.top
        defer { self.top = top }
        try run(code, chunkName: "=test", results: 1)
        return toString(at: -1)
    }
}

/// A VM with the safe standard libraries open.
func makeVM(budget: LuaBudget = LuaBudget()) -> LuaVM {
    let vm = LuaVM(budget: budget)
    vm.lua.open([.base, .string, .table, .math, .coroutine, .utf8, .package])
    return vm
}
