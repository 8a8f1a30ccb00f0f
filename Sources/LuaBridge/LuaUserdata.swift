import CLua
import LuaShim
import Spelling

/// A method of a registered type, called as `object:name(...)`: gets the state and the object
/// at argument 1 (self), which the bridge has checked to be a live object of the type (or of a
/// subtype): borrow it with ``LuaState/object(_:as:)`` or ``LuaState/withObject(_:as:_:)``.
/// The other arguments start at 2. Returns as a ``LuaFunction`` does (use
/// ``LuaState/run(_:_:)``). A bad self never reaches it: the caller gets "calling 'name' on bad
/// self (Layer expected, got number)", "bad argument #1 to 'name' (…)" when called as a plain
/// function, or "attempt to use a released Layer".
public typealias LuaMethod = @convention(c) (OpaquePointer, UnsafeMutableRawPointer) -> Int32

/// A property handler of a registered type: gets the state, the Swift object (borrow it with
/// ``LuaState/object(_:as:)``) and the property's id, its index in ``LuaObjectType/properties``.
/// A getter pushes the value and returns 1; a setter reads the value at index 3 and returns 0.
/// Both return ``LuaRaise/code`` after pushing a message (use ``LuaState/run(_:_:)``).
///
/// As the `missing` handler, the id says what was attempted with an unknown key (at index 2):
/// ``LuaObjectAccess/read``, ``LuaObjectAccess/write`` or ``LuaObjectAccess/writeToMethod``.
public typealias LuaPropertyHandler = @convention(c) (OpaquePointer, UnsafeMutableRawPointer, Int32) -> Int32

/// What a `missing` handler is asked to handle.
public enum LuaObjectAccess {
    /// Reading a key that is neither a property nor a method.
    public static let read: Int32 = 0
    /// Writing a key that is not a property.
    public static let write: Int32 = 1
    /// Writing to the name of a method.
    public static let writeToMethod: Int32 = 2
}

/// The Lua face of a Swift class: its type name, parent type, properties and methods.
///
/// Register it once per VM with ``LuaState/register(_:)``; then ``LuaState/push(_:)-(AnyObject)``
/// turns instances into userdata (the same userdata for the same object while Lua holds it,
/// so `==` and table keys work) and ``LuaState/checkObject(_:as:)`` takes them back.
///
/// Properties are dispatched by a C `__index`/`__newindex` that checks the userdata without
/// string look-ups and maps the key to its id through a table in an upvalue. Declare each
/// property with its getter and setter (``LuaProperty``), or, at the level below, give one
/// pair of handlers that switch on the id:
///
/// ```swift
/// enum LayerKey: Int32, CaseIterable { case opacity, position }
/// func getLayer(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
///     LuaState.run(L) { lua in
///         let layer = LuaState.object(object, as: Layer.self)
///         switch LayerKey(rawValue: key) { case .opacity: lua.push(layer.opacity) … }
///         return 1
///     }
/// }
/// lua.register(LuaObjectType(Layer.self, name: "Layer",
///     properties: LayerKey.allCases.map { "\($0)" }, get: getLayer, set: setLayer,
///     methods: [("addSublayer", addSublayer)]))
/// ```
///
/// A subtype lists its parent (registered first; its Swift class must inherit from the
/// parent's). It inherits the parent's properties (handled by the parent's handlers) and
/// methods, and is accepted wherever the parent is expected.
///
/// A method gets its self already checked, as a handler gets its object:
///
/// ```swift
/// func addSublayer(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
///     LuaState.run(L) { lua in
///         try LuaState.object(object, as: Layer.self).addSublayer(try lua.checkObject(2, as: Layer.self))
///         return 0
///     }
/// }
/// ```
public struct LuaObjectType<Object: AnyObject> {
    /// The Lua type name (`__name`): in messages and in `tostring`.
    public var name: String
    /// The Swift class of the parent type, or nil.
    public var parent: AnyClass?
    /// The property names; a property's id is its index here.
    public var properties: [String]
    /// Reads a property (required when there are properties).
    public var get: LuaPropertyHandler?
    /// Writes a property; nil makes every property of this type read-only.
    public var set: LuaPropertyHandler?
    /// Methods, called as `object:name(...)` with the object as argument 1.
    public var methods: [(name: String, method: LuaMethod)]
    /// Handles an unknown key; nil raises "unknown property 'x' on Name (did you mean 'y'?)".
    public var missing: LuaPropertyHandler?
    /// The properties declared with their getters and setters (then `properties` are their
    /// names, and `get` and `set` the bridge's handlers, which dispatch to them).
    public var declared: [LuaProperty]

    /// Describes the Lua face of `Object`, whose properties `get` and `set` handle by id.
    public init(_ type: Object.Type = Object.self, name: String, parent: AnyClass? = nil,
                properties: [String] = [], get: LuaPropertyHandler? = nil,
                set: LuaPropertyHandler? = nil, methods: [(name: String, method: LuaMethod)] = [],
                missing: LuaPropertyHandler? = nil) {
        self.name = name
        self.parent = parent
        self.properties = properties
        self.get = get
        self.set = set
        self.methods = methods
        self.missing = missing
        self.declared = []
    }

    /// Describes the Lua face of `Object`, each property with its getter and setter.
    public init(_ type: Object.Type = Object.self, name: String, parent: AnyClass? = nil,
                properties: [LuaProperty], methods: [(name: String, method: LuaMethod)] = [],
                missing: LuaPropertyHandler? = nil) {
        self.init(type, name: name, parent: parent, properties: properties.map(\.name), get: luaBridgeGetProperty,
                  set: luaBridgeSetProperty, methods: methods, missing: missing)
        self.declared = properties
    }
}

extension LuaState {
    // MARK: Registering types

    /// Registers `type` in this VM. Programming errors (a class registered twice, a parent not
    /// registered or not a superclass, properties without a getter) stop with a precondition.
    public func register<Object: AnyObject>(_ type: LuaObjectType<Object>) {
        var parentRecord: OpaquePointer?
        if let parent = type.parent {
            parentRecord = sg_findtype(L, LuaState.typeKey(parent))
            precondition(parentRecord != nil, "LuaBridge: register \(parent) before \(type.name)")
            precondition(LuaState.inherits(Object.self, from: parent), "LuaBridge: \(Object.self) does not inherit from \(parent)")
        }
        registerType(key: LuaState.typeKey(Object.self), swiftName: "\(Object.self)", name: type.name,
                     parent: parentRecord, valueSize: 0, properties: type.properties, declared: type.declared,
                     get: type.get, set: type.set, methods: type.methods, missing: type.missing)
    }

    /// Makes the Lua type for `key`: its key table (the parent's keys first, a level up), then
    /// the record and metatable. Declared properties join the VM's table, and their ids are
    /// their places there. Programming errors stop with a precondition.
    func registerType(key: UnsafeRawPointer, swiftName: String, name: String, parent parentRecord: OpaquePointer?,
                      valueSize: Int, properties: [String], declared: [LuaProperty], get: LuaPropertyHandler?,
                      set: LuaPropertyHandler?, methods: [(name: String, method: LuaMethod)],
                      missing: LuaPropertyHandler?) {
        precondition(sg_findtype(L, key) == nil, "LuaBridge: \(swiftName) is already registered")
        precondition(properties.isEmpty || get != nil, "LuaBridge: \(name) has properties but no getter")
        precondition(properties.count < 0x10000, "LuaBridge: too many properties")
        let firstID = declared.isEmpty ? 0 : addProperties(declared)
        _ = checkStack(8)
        newTable(fieldCount: Int32(properties.count + methods.count))
        let keys = top
        if let parentRecord {
            sg_pushtypekeys(L, parentRecord)
            forEach(in: -1) {
                pushValue(at: -2)
                if let code = toInteger(at: -2) { push(code + 0x10000) } else { pushValue(at: -2) }
                rawSetKeyValue(keys)
            }
            pop()
        }
        for (index, property) in properties.enumerated() {
            rawSet(-1, field: property, to: firstID + index)
        }
        for (methodName, method) in methods {
            sg_pushmethod(L, method, key)
            sg_setfunctionname(L, -1, methodName)
            rawSet(-2, field: methodName)
        }
        _ = name.withCString { cName in
            sg_newtype(L, cName, parentRecord, key, valueSize, get ?? luaBridgeNoGetter,
                       set ?? luaBridgeReadOnly, missing ?? luaBridgeMissingKey)
        }
    }

    /// Methods of registered types that this VM calls through trampolines of their own, and how
    /// many it can; the rest are closures (an upvalue read more per call).
    public var pooledMethods: (count: Int, capacity: Int) {
        (Int(vm.pointee.methodCount), Int(SG_METHODPOOLSIZE))
    }

    /// Whether a Lua type is registered for `type` itself.
    public func isRegistered(_ type: AnyClass) -> Bool {
        sg_findtype(L, LuaState.typeKey(type)) != nil
    }

    /// The Lua name of the type registered for `type` or its nearest registered superclass.
    public func typeName(for type: AnyClass) -> String? {
        LuaState.registeredType(for: type, in: L).map { String(cString: sg_nameoftype($0)) }
    }

    // MARK: Pushing and reading objects

    /// Pushes the userdata standing for `object`: the same one as long as Lua holds it, a new
    /// one (retaining the object until it is collected) otherwise. Its type is the one
    /// registered for the object's class or nearest superclass; there must be one.
    @inlinable
    public func push(_ object: AnyObject) {
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        if sg_pushcached(L, pointer) == 0 { pushNewObject(object) }
    }

    /// Pushes the userdata standing for `object` (as ``push(_:)-(AnyObject)``), or nil.
    @inlinable
    public func push(_ object: AnyObject?) {
        if let object { push(object) } else { pushNil() }
    }

    /// Pushes the userdata that already stands for `object` and returns true; returns false,
    /// pushing nothing, when Lua holds none (unlike ``push(_:)-(AnyObject)``, which makes one).
    public func pushExisting(_ object: AnyObject) -> Bool {
        sg_pushcached(L, Unmanaged.passUnretained(object).toOpaque()) != 0
    }

    /// Pushes a new userdata for `object`, which must have just been made and be held by nothing
    /// else (a value box a method returns): no cache lookup, and not remembered, so pushing it
    /// again would make another userdata. Cheaper for results made many times a frame.
    public func pushUnshared(_ object: AnyObject) {
        sg_pushunsharedobject(L, Unmanaged.passRetained(object).toOpaque(), requiredType(of: object))
    }

    @usableFromInline
    func pushNewObject(_ object: AnyObject) {
        sg_pushnewobject(L, Unmanaged.passRetained(object).toOpaque(), requiredType(of: object))
    }

    /// The Lua type registered for `object`'s class or nearest superclass; there must be one.
    private func requiredType(of object: AnyObject) -> OpaquePointer {
        guard let type = LuaState.registeredType(for: Swift.type(of: object), in: L) else {
            preconditionFailure("LuaBridge: no Lua type is registered for \(Swift.type(of: object))")
        }
        return type
    }

    /// The live object at `index` if it is a `T` (a registered subtype counts); nil otherwise.
    @inlinable
    public func toObject<T: AnyObject>(_ index: Int32, as type: T.Type) -> T? {
        guard let pointer = sg_toobjectof(L, index, LuaState.typeKey(T.self)) else { return nil }
        return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The object at argument `arg`, which must be a live `T`: else "bad argument #1 to 'f'
    /// (Layer expected, got number)", or "attempt to use a released Layer".
    @inlinable
    public func checkObject<T: AnyObject>(_ arg: Int32, as type: T.Type) throws(LuaRaise) -> T {
        Unmanaged<T>.fromOpaque(try checkedPointer(arg, T.self)).takeUnretainedValue()
    }

    /// Calls `body` with the object at argument `arg`, which must be a live `T` (as
    /// ``checkObject(_:as:)``), borrowed without retaining it: the argument holds it meanwhile.
    @inlinable
    public func withObject<T: AnyObject, R>(_ arg: Int32, as type: T.Type, _ body: (T) -> R) throws(LuaRaise) -> R {
        Unmanaged<T>.fromOpaque(try checkedPointer(arg, T.self))._withUnsafeGuaranteedRef(body)
    }

    /// The object at argument `arg` as a pointer, if it is a live `T`; else the error to raise.
    @inlinable
    func checkedPointer<T: AnyObject>(_ arg: Int32, _ type: T.Type) throws(LuaRaise) -> UnsafeMutableRawPointer {
        let key = LuaState.typeKey(T.self)
        guard let pointer = sg_toobjectof(L, arg, key) else {
            throw objectError(arg, T.self, released: sg_isreleasedobjectof(L, arg, key) != 0)
        }
        return pointer
    }

    /// The optional object at argument `arg`: nil if absent or nil, else as ``checkObject(_:as:)``.
    @inlinable
    public func optObject<T: AnyObject>(_ arg: Int32, as type: T.Type) throws(LuaRaise) -> T? {
        isNoneOrNil(arg) ? nil : try checkObject(arg, as: type)
    }

    @usableFromInline
    func objectError(_ arg: Int32, _ type: AnyClass, released: Bool) -> LuaRaise {
        let name = typeName(for: type) ?? "\(type)"
        return released ? error("attempt to use a released \(name)") : typeError(arg, expected: name)
    }

    /// The object a property handler receives, as a `T` (no check: the dispatcher already
    /// checked the userdata's type). Costs a retain and a release; ``withObject(_:as:_:)``
    /// does not.
    @inlinable
    public static func object<T: AnyObject>(_ pointer: UnsafeMutableRawPointer, as type: T.Type) -> T {
        Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Calls `body` with the object a property handler receives, borrowed as a `T` without
    /// retaining it (the userdata holds it for the duration of the call): the fast path.
    @inlinable
    public static func withObject<T: AnyObject, R>(_ pointer: UnsafeMutableRawPointer, as type: T.Type,
                                                   _ body: (T) throws -> R) rethrows -> R {
        try Unmanaged<T>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Cuts `object` loose from its userdata, if it has one: the object is released now and any
    /// later use of that userdata from Lua raises "attempt to use a released Name". Returns
    /// whether there was one.
    @discardableResult
    public func detach(_ object: AnyObject) -> Bool {
        sg_detachobject(L, Unmanaged.passUnretained(object).toOpaque()) != 0
    }

    // MARK: Helpers

    /// The key of a Swift class in type records: its metatype pointer.
    @inlinable
    static func typeKey(_ type: AnyClass) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    static func inherits(_ type: AnyClass, from ancestor: AnyClass) -> Bool {
        var current: AnyClass? = type
        while let cls = current {
            if cls == ancestor { return true }
            current = _getSuperclass(cls)
        }
        return false
    }

    static func registeredType(for type: AnyClass, in L: OpaquePointer) -> OpaquePointer? {
        var current: AnyClass? = type
        while let cls = current {
            if let record = sg_findtype(L, typeKey(cls)) { return record }
            current = _getSuperclass(cls)
        }
        return nil
    }
}

// MARK: - Default handlers

/// The type name and key of a property access, for messages.
private func describeAccess(_ lua: LuaState) -> (type: String, key: String) {
    let type = lua.typeNameForError(at: 1)
    let key = lua.toString(at: 2) ?? "(\(lua.typeNameForError(at: 2)) key)"
    return (type, key)
}

/// Getter of a type without properties (never called: it has no property ids).
private func luaBridgeNoGetter(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let (type, name) = describeAccess(lua)
        throw lua.error("property '\(name)' of \(type) cannot be read")
    }
}

/// Setter of a type registered without one.
private func luaBridgeReadOnly(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ key: Int32) -> Int32 {
    LuaState.run(L) { lua in throw lua.readOnlyError(describeAccess(lua).key, hint: nil) }
}

/// Default handler of unknown keys: an error naming the key and the closest known name.
private func luaBridgeMissingKey(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ access: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let (type, name) = describeAccess(lua)
        if access == LuaObjectAccess.writeToMethod {
            throw lua.error("cannot assign to method '\(name)' on \(type)")
        }
        // The running C function is the dispatcher: its upvalue 1 is the key table, whose order
        // changes from run to run; sorted, the same suggestion wins every time.
        var candidates: [String] = []
        lua.forEach(in: sg_upvalueindex(1)) {
            if access == LuaObjectAccess.read || lua.type(at: -1) == .number,
               lua.type(at: -2) == .string, let key = lua.toString(at: -2) {
                candidates.append(key)
            }
        }
        var message = "unknown property '\(name)' on \(type)"
        if let suggestion = NameSuggestion.closest(to: name, among: candidates.sorted()) {
            message += " (did you mean '\(suggestion)'?)"
        }
        throw lua.error(message)
    }
}
