/// A property of a registered type, declared once: its name, the getter that pushes its value
/// and, unless it is read-only, the setter that reads the value at index 3.
///
/// A type registered with its properties (``LuaObjectType/init(_:name:parent:properties:methods:missing:)``)
/// has them dispatched by the bridge's one pair of handlers, which look the property up by id
/// and call its getter or setter with the object (the userdata is at index 1). A write to a
/// property without a setter raises "cannot set read-only property 'name' on Type", with
/// ``readOnlyHint`` in parentheses after it when there is one.
///
/// ```swift
/// LuaObjectType(Node.self, name: "Node", properties: [
///     LuaProperty("opacity", of: Node.self, get: { lua, node in lua.push(node.opacity) },
///                 set: { lua, node in node.opacity = try lua.checkNumber(3) }),
///     LuaProperty("parent", of: Node.self, get: { lua, node in lua.push(node.parent) }),
/// ])
/// ```
///
/// A class with constant fields, so that dispatch calls its closures without retaining them.
public final class LuaProperty: Sendable {
    /// Pushes the property's value; receives the Swift object (or a value type's storage).
    public typealias Getter = @Sendable (LuaState, UnsafeMutableRawPointer) throws -> Void
    /// Sets the property from the value at index 3; receives what a getter does.
    public typealias Setter = @Sendable (LuaState, UnsafeMutableRawPointer) throws -> Void

    /// The key scripts use.
    public let name: String
    /// Pushes the value.
    public let getter: Getter
    /// Sets the value; nil for a read-only property.
    public let setter: Setter?
    /// What to do instead, for the message a write gets when there is no setter ("use addSublayer").
    public let readOnlyHint: String?

    /// A property whose handlers receive the object as a raw pointer.
    public init(_ name: String, get: @escaping Getter, set: Setter? = nil, readOnlyHint: String? = nil) {
        self.name = name
        self.getter = get
        self.setter = set
        self.readOnlyHint = readOnlyHint
    }

    /// A property of the Swift class `Object`, whose handlers borrow the object. Inlinable, so
    /// that the handlers are made for `Object` where it is known, not for any class.
    @inlinable
    public convenience init<Object: AnyObject>(_ name: String, of type: Object.Type,
                                               get: @escaping @Sendable (LuaState, Object) throws -> Void,
                                               set: (@Sendable (LuaState, Object) throws -> Void)? = nil,
                                               readOnlyHint: String? = nil) {
        var setter: Setter?
        if let set {
            setter = { lua, object in try LuaState.withObject(object, as: Object.self) { try set(lua, $0) } }
        }
        self.init(name, get: { lua, object in try LuaState.withObject(object, as: Object.self) { try get(lua, $0) } },
                  set: setter, readOnlyHint: readOnlyHint)
    }

    /// A property of the value type `Value` kept inside its userdata; the setter changes the
    /// value in place. Inlinable, as the class's.
    @inlinable
    public convenience init<Value: BitwiseCopyable>(_ name: String, value type: Value.Type,
                                                    get: @escaping @Sendable (LuaState, Value) throws -> Void,
                                                    set: (@Sendable (LuaState, inout Value) throws -> Void)? = nil) {
        var setter: Setter?
        if let set {
            setter = { lua, storage in try LuaState.withValue(storage, as: Value.self) { try set(lua, &$0) } }
        }
        self.init(name, get: { lua, storage in try get(lua, LuaState.value(storage, as: Value.self)) }, set: setter)
    }

    /// Sets the property of `object` (whose userdata is at index 1) from the value at index 3,
    /// or raises the read-only message when it has no setter.
    public func write(_ lua: LuaState, _ object: UnsafeMutableRawPointer) throws {
        if try setter?(lua, object) == nil { throw lua.readOnlyError(name, hint: readOnlyHint) }
    }
}
