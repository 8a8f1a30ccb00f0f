import CLua
import LuaShim

/// The Lua face of a Swift value type kept inside its userdata: a transform, a small record
/// of numbers. Each push makes a new userdata holding a copy of the value; there is no Swift
/// object behind it, so nothing is retained and the userdata needs no finalizer, which makes
/// values that scripts create by the thousand each frame cheap to make and to collect.
///
/// Handlers and methods are those of ``LuaObjectType``; the pointer they receive is the
/// value's storage in the userdata: read it with ``LuaState/value(_:as:)`` and change it in
/// place with ``LuaState/withValue(_:as:_:)``. `==` compares userdata, not values, unless the
/// type's metatable gets an `__eq`. A value type has no parent and is never "released".
public struct LuaValueType<Value: BitwiseCopyable> {
    /// The Lua type name (`__name`): in messages and in `tostring`.
    public var name: String
    /// The property names; a property's id is its index here.
    public var properties: [String]
    /// Reads a property (required when there are properties).
    public var get: LuaPropertyHandler?
    /// Writes a property; nil makes every property read-only.
    public var set: LuaPropertyHandler?
    /// Methods, called as `value:name(...)` with the value as argument 1.
    public var methods: [(name: String, method: LuaMethod)]
    /// Handles an unknown key; nil raises "unknown property 'x' on Name (did you mean 'y'?)".
    public var missing: LuaPropertyHandler?
    /// The properties declared with their getters and setters (see ``LuaObjectType/declared``).
    public var declared: [LuaProperty]

    /// Describes the Lua face of `Value`, whose properties `get` and `set` handle by id.
    public init(_ type: Value.Type = Value.self, name: String, properties: [String] = [],
                get: LuaPropertyHandler? = nil, set: LuaPropertyHandler? = nil,
                methods: [(name: String, method: LuaMethod)] = [], missing: LuaPropertyHandler? = nil) {
        self.name = name
        self.properties = properties
        self.get = get
        self.set = set
        self.methods = methods
        self.missing = missing
        self.declared = []
    }

    /// Describes the Lua face of `Value`, each property with its getter and setter.
    public init(_ type: Value.Type = Value.self, name: String, properties: [LuaProperty],
                methods: [(name: String, method: LuaMethod)] = [], missing: LuaPropertyHandler? = nil) {
        self.init(type, name: name, properties: properties.map(\.name), get: luaBridgeGetProperty,
                  set: luaBridgeSetProperty, methods: methods, missing: missing)
        self.declared = properties
    }
}

extension LuaState {
    /// Registers the value type `type` in this VM (once).
    public func register<Value: BitwiseCopyable>(_ type: LuaValueType<Value>) {
        precondition(MemoryLayout<Value>.alignment <= 8, "LuaBridge: \(Value.self) needs more alignment than a userdata has")
        registerType(key: LuaState.valueTypeKey(Value.self), swiftName: "\(Value.self)", name: type.name,
                     parent: nil, valueSize: max(1, MemoryLayout<Value>.size), properties: type.properties,
                     declared: type.declared, get: type.get, set: type.set, methods: type.methods,
                     missing: type.missing)
    }

    /// Pushes a new userdata holding a copy of `value`, whose type must be registered.
    @inlinable
    public func pushValueUserdata<Value: BitwiseCopyable>(_ value: Value) {
        sg_pushnewvalue(L, valueRecord(Value.self)).storeBytes(of: value, as: Value.self)
    }

    /// The value at `index` if it is a userdata of `Value`'s registered type; nil otherwise.
    @inlinable
    public func toValueUserdata<Value: BitwiseCopyable>(_ index: Int32, as type: Value.Type) -> Value? {
        sg_toobjectof(L, index, LuaState.valueTypeKey(Value.self))?.load(as: Value.self)
    }

    /// The value at argument `arg`, which must be a userdata of `Value`'s registered type: else
    /// "bad argument #2 to 'f' (Transform3D expected, got number)".
    @inlinable
    public func checkValueUserdata<Value: BitwiseCopyable>(_ arg: Int32, as type: Value.Type) throws(LuaRaise) -> Value {
        guard let pointer = sg_toobjectof(L, arg, LuaState.valueTypeKey(Value.self)) else {
            throw typeError(arg, expected: valueTypeName(Value.self))
        }
        return pointer.load(as: Value.self)
    }

    /// The value a handler or method of a value type receives.
    @inlinable
    public static func value<Value: BitwiseCopyable>(_ pointer: UnsafeMutableRawPointer, as type: Value.Type) -> Value {
        pointer.load(as: Value.self)
    }

    /// Changes, in place, the value a setter of a value type receives.
    @inlinable
    public static func withValue<Value: BitwiseCopyable, R>(_ pointer: UnsafeMutableRawPointer, as type: Value.Type,
                                                            _ body: (inout Value) throws -> R) rethrows -> R {
        try body(&pointer.assumingMemoryBound(to: Value.self).pointee)
    }

    /// The record of `Value`'s registered type; registering it first is a programming error.
    @usableFromInline
    func valueRecord<Value: BitwiseCopyable>(_ type: Value.Type) -> OpaquePointer {
        guard let record = sg_findtype(L, LuaState.valueTypeKey(Value.self)) else {
            preconditionFailure("LuaBridge: no Lua type is registered for \(Value.self)")
        }
        return record
    }

    /// The Lua name of `Value`'s registered type, for messages.
    @usableFromInline
    func valueTypeName<Value: BitwiseCopyable>(_ type: Value.Type) -> String {
        sg_findtype(L, LuaState.valueTypeKey(Value.self)).map { String(cString: sg_nameoftype($0)) } ?? "\(Value.self)"
    }

    /// The key of a Swift value type in type records: its metadata pointer.
    @inlinable
    static func valueTypeKey<Value>(_ type: Value.Type) -> UnsafeRawPointer {
        unsafeBitCast(Value.self as Any.Type, to: UnsafeRawPointer.self)
    }
}
