import LayerKit
import LuaBridge

/// A class of the `ca` API as its binding file declares it, once: the Lua type (name, parent,
/// properties, methods and the handlers that serve them) and the words the reference and the
/// LuaLS definitions give each part. Registering the type and writing the docs read the same
/// lists, so the docs name exactly what scripts can use.
struct LuaClass {
    /// A property: its name, its type in words and for LuaLS, what to know about it, and its
    /// getter and (unless scripts may only read it) setter, which the bridge dispatches to.
    struct Property: Sendable {
        let name: String
        let type: String
        let luaType: String
        let note: String
        /// Its getter and setter.
        let access: LuaProperty
        /// Read-only to scripts, but a constructor's table may give it (a spring's `bounce`).
        let isGivenToConstructor: Bool

        init(_ name: String, _ type: String, lua luaType: String, _ note: String, access: LuaProperty,
             givenToConstructor: Bool = false) {
            self.name = name
            self.type = type
            self.luaType = luaType
            self.note = note
            self.access = access
            self.isGivenToConstructor = givenToConstructor
        }

        /// A property of the Swift class `Object`.
        init<Object: AnyObject>(_ name: String, _ type: String, lua luaType: String, _ note: String,
                                get: @escaping @Sendable (LuaState, Object) throws -> Void,
                                set: (@Sendable (LuaState, Object) throws -> Void)? = nil,
                                readOnlyHint: String? = nil, givenToConstructor: Bool = false) {
            self.init(name, type, lua: luaType, note,
                      access: LuaProperty(name, of: Object.self, get: get, set: set, readOnlyHint: readOnlyHint),
                      givenToConstructor: givenToConstructor)
        }

        /// A property whose value is of `kind`, described as the registry describes kinds.
        init(_ name: String, kind: ValueKind, _ note: String, access: LuaProperty, givenToConstructor: Bool = false) {
            self.init(name, LuaTypes.describe(kind), lua: LuaTypes.lua(kind), note, access: access,
                      givenToConstructor: givenToConstructor)
        }

        /// A property of `Object` whose value is of `kind`.
        init<Object: AnyObject>(_ name: String, kind: ValueKind, _ note: String,
                                get: @escaping @Sendable (LuaState, Object) throws -> Void,
                                set: (@Sendable (LuaState, Object) throws -> Void)? = nil,
                                givenToConstructor: Bool = false) {
            self.init(name, kind: kind, note, access: LuaProperty(name, of: Object.self, get: get, set: set),
                      givenToConstructor: givenToConstructor)
        }

        /// A property of the value type `Value` whose value is of `kind`.
        init<Value: BitwiseCopyable>(_ name: String, kind: ValueKind, _ note: String, value: Value.Type,
                                     get: @escaping @Sendable (LuaState, Value) throws -> Void,
                                     set: (@Sendable (LuaState, inout Value) throws -> Void)? = nil) {
            self.init(name, kind: kind, note, access: LuaProperty(name, value: Value.self, get: get, set: set))
        }

        /// Whether scripts may only read it, a constructor's table included.
        var isReadOnly: Bool { access.setter == nil && !isGivenToConstructor }

        /// Sets it on `object` (whose userdata is at index 1) from the value at index 3, as an
        /// assignment in Lua does: a constructor applies its table's values so.
        func set(_ lua: LuaState, on object: AnyObject) throws(LuaRaise) {
            do {
                try access.write(lua, Unmanaged.passUnretained(object).toOpaque())
            } catch let raise as LuaRaise {
                throw raise
            } catch {
                throw lua.error("\(error)")
            }
        }
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
    /// Its own properties.
    let properties: [Property]
    /// Its own methods.
    let methods: [Method]
    /// Registers the Lua type in a VM (the parent's first).
    let register: (LuaState) -> Void

    init<Object: AnyObject>(_ type: Object.Type, name: String, parent: AnyClass? = nil, summary: String,
                            example: String? = nil, properties: [Property] = [], methods: [Method] = []) {
        let objectType = LuaObjectType(type, name: name, parent: parent, properties: properties.map(\.access),
                                       methods: methods.map { ($0.name, $0.function) })
        self.init(name: name, swiftType: type, parentType: parent, summary: summary, example: example,
                  properties: properties, methods: methods) { lua in lua.register(objectType) }
    }

    /// A class whose values are Swift values kept inside their userdata (see `LuaValueType`).
    init<Value: BitwiseCopyable>(value type: Value.Type, name: String, summary: String, example: String? = nil,
                                 properties: [Property] = [], methods: [Method] = []) {
        let valueType = LuaValueType(type, name: name, properties: properties.map(\.access),
                                     methods: methods.map { ($0.name, $0.function) })
        self.init(name: name, swiftType: type, parentType: nil, summary: summary, example: example,
                  properties: properties, methods: methods) { lua in lua.register(valueType) }
    }

    /// `properties` by name, for constructors, which apply a table's values through the setters.
    static func byName(_ properties: [Property]) -> [String: Property] {
        Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
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
