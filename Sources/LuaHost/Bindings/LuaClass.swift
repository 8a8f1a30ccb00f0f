import LayerKit
import LuaBridge

/// A class of the `ca` API as its binding file declares it, once: the Lua type (name, parent,
/// properties, methods and the handlers that serve them) and the words the reference and the
/// LuaLS definitions give each part. Registering the type and writing the docs read the same
/// lists, so the docs name exactly what scripts can use.
struct LuaClass {
    /// A property: its name, its type in words and for LuaLS, and what to know about it.
    struct Property: Sendable {
        let name: String
        let type: String
        let luaType: String
        let note: String

        init(_ name: String, _ type: String, lua luaType: String, _ note: String) {
            self.name = name
            self.type = type
            self.luaType = luaType
            self.note = note
        }

        /// A property whose value is of `kind`, described as the registry describes kinds.
        init(_ name: String, kind: ValueKind, _ note: String) {
            self.init(name, LuaTypes.describe(kind), lua: LuaTypes.lua(kind), note)
        }

        /// Whether scripts may only read it (its note says so first).
        var isReadOnly: Bool { note.hasPrefix("read-only") }
    }

    /// A method: its name, its parameters as the reference shows them (`"(x, y)"`), what it
    /// returns (nil: nothing) and does, the Swift function behind it, and its LuaLS type.
    struct Method: Sendable {
        let name: String
        let parameters: String
        let returns: String?
        let note: String
        let luaType: String?
        let function: LuaMethod

        init(_ name: String, _ parameters: String, returns: String? = nil, _ function: LuaMethod, _ note: String,
             lua luaType: String? = nil) {
            self.name = name
            self.parameters = parameters
            self.returns = returns
            self.note = note
            self.luaType = luaType
            self.function = function
        }
    }

    /// The Lua type name (`__name`), as scripts and messages see it.
    let name: String
    /// The Swift class its values are, or the Swift value type kept inside its userdata.
    let swiftType: Any.Type
    /// The Swift class of the parent type, whose properties and methods it inherits.
    let parentType: AnyClass?
    /// What the class is and how a script gets one, a sentence fragment for the reference
    /// ("CABasicAnimation: `ca.BasicAnimation{…}`").
    let summary: String
    /// A few lines of Lua that use it, for the reference (each runs as a script, in a test).
    let example: String?
    /// Its own properties, in id order (a handler receives the index here).
    let properties: [Property]
    /// Its own methods.
    let methods: [Method]
    /// Registers the Lua type in a VM (the parent's first).
    let register: (LuaState) -> Void

    init<Object: AnyObject>(_ type: Object.Type, name: String, parent: AnyClass? = nil, summary: String,
                            example: String? = nil, properties: [Property] = [], get: LuaPropertyHandler? = nil,
                            set: LuaPropertyHandler? = nil, methods: [Method] = []) {
        let objectType = LuaObjectType(type, name: name, parent: parent, properties: properties.map(\.name),
                                       get: get, set: set, methods: methods.map { ($0.name, $0.function) })
        self.init(name: name, swiftType: type, parentType: parent, summary: summary, example: example,
                  properties: properties, methods: methods) { lua in lua.register(objectType) }
    }

    /// A class whose values are Swift values kept inside their userdata (see `LuaValueType`).
    init<Value: BitwiseCopyable>(value type: Value.Type, name: String, summary: String, example: String? = nil,
                                 properties: [Property] = [], get: LuaPropertyHandler? = nil,
                                 set: LuaPropertyHandler? = nil, methods: [Method] = []) {
        let valueType = LuaValueType(type, name: name, properties: properties.map(\.name), get: get, set: set,
                                     methods: methods.map { ($0.name, $0.function) })
        self.init(name: name, swiftType: type, parentType: nil, summary: summary, example: example,
                  properties: properties, methods: methods) { lua in lua.register(valueType) }
    }

    private init(name: String, swiftType: Any.Type, parentType: AnyClass?, summary: String, example: String?,
                 properties: [Property], methods: [Method], register: @escaping (LuaState) -> Void) {
        self.name = name
        self.swiftType = swiftType
        self.parentType = parentType
        self.summary = summary
        self.example = example
        self.properties = properties
        self.methods = methods
        self.register = register
    }
}
