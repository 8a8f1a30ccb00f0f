import CLua
import LuaShim

/// A view of a `lua_State` (the main thread or a coroutine) with the bridge's stack operations.
///
/// `LuaState` is a plain pointer wrapper: copying it is free and it owns nothing (``LuaVM`` owns
/// the state). Swift functions called from Lua make one from the pointer they receive, usually
/// through ``LuaState/run(_:_:)``. Every operation here is safe to call from Swift: none raises a
/// Lua error (see the rule in LuaFunction.swift). Table operations are raw (no metamethods),
/// because a metamethod is Lua code and Lua code may raise.
///
/// Indices are Lua's: positive from the bottom of the running function's stack, negative from
/// the top, or pseudo-indices such as ``registryIndex`` and ``upvalueIndex(_:)``.
public struct LuaState {
    /// The raw `lua_State *`, for calling the C API directly.
    public let L: OpaquePointer

    /// Wraps a raw state pointer.
    @inlinable
    public init(_ L: OpaquePointer) {
        self.L = L
    }

    /// Wraps the optional pointer a `lua_CFunction`-typed callback receives (never nil there).
    @inlinable
    public init(_ L: OpaquePointer?) {
        self.L = L.unsafelyUnwrapped
    }

    /// The pseudo-index of the registry (`LUA_REGISTRYINDEX`).
    @inlinable
    public static var registryIndex: Int32 { sg_registryindex() }

    /// The number of values on the stack (`lua_gettop`); setting it pops or pushes nils (`lua_settop`).
    @inlinable
    public var top: Int32 {
        get { lua_gettop(L) }
        nonmutating set { lua_settop(L, newValue) }
    }

    /// Pops `n` values (`lua_pop`).
    @inlinable
    public func pop(_ n: Int32 = 1) {
        sg_pop(L, n)
    }

    /// The absolute index for `index` (`lua_absindex`).
    @inlinable
    public func absIndex(_ index: Int32) -> Int32 {
        lua_absindex(L, index)
    }

    /// Makes room for `n` more values; false if the stack cannot grow (`lua_checkstack`).
    @inlinable
    public func checkStack(_ n: Int32) -> Bool {
        lua_checkstack(L, n) != 0
    }

    /// The type of the value at `index` (``LuaType/none`` for an absent argument).
    @inlinable
    public func type(at index: Int32) -> LuaType {
        LuaType(rawValue: lua_type(L, index)) ?? .none
    }

    /// Lua's name for the type at `index` ("nil", "number", "no value"…; `luaL_typename`).
    public func typeName(at index: Int32) -> String {
        String(cString: sg_typename(L, index))
    }

    /// Pushes a copy of the value at `index` (`lua_pushvalue`).
    @inlinable
    public func pushValue(at index: Int32) {
        lua_pushvalue(L, index)
    }

    /// Moves the top value into `index`, shifting the values above it up (`lua_insert`).
    @inlinable
    public func insert(at index: Int32) {
        sg_insert(L, index)
    }

    /// Removes the value at `index`, shifting the values above it down (`lua_remove`).
    @inlinable
    public func remove(at index: Int32) {
        sg_remove(L, index)
    }

    /// Pops the top value into `index` (`lua_replace`).
    @inlinable
    public func replace(at index: Int32) {
        sg_replace(L, index)
    }

    /// Whether two values are primitively equal, without metamethods (`lua_rawequal`).
    @inlinable
    public func rawEqual(_ a: Int32, _ b: Int32) -> Bool {
        lua_rawequal(L, a, b) != 0
    }

    /// Runs a full garbage collection (`lua_gc(L, LUA_GCCOLLECT)`); finalizers run protected.
    public func collectGarbage() {
        _ = sg_gc(L, LUA_GCCOLLECT, 0)
    }

    /// A pointer the host may set once and read from any callback of this VM (coroutines
    /// included) without an upvalue, e.g. to reach its per-VM bindings (keep what it points to
    /// alive yourself). Nil until set.
    public var hostContext: UnsafeMutableRawPointer? {
        get { vm.pointee.context }
        nonmutating set { vm.pointee.context = newValue }
    }

    /// The VM record shared by the allocator, the hook and the bridge (a pointer to it sits in
    /// the state's extra space; see `sg_newstate`).
    @inlinable
    var vm: UnsafeMutablePointer<sg_VM> { sg_getextraspace(L).load(as: UnsafeMutablePointer<sg_VM>.self) }
}

/// A Lua value's basic type, as `lua_type` reports it.
public enum LuaType: Int32, Sendable, CaseIterable {
    /// An absent argument or an invalid index (`LUA_TNONE`).
    case none = -1
    /// `nil`.
    case `nil` = 0
    /// `true` or `false`.
    case boolean = 1
    /// A pointer pushed by C or Swift.
    case lightUserdata = 2
    /// An integer or a float.
    case number = 3
    /// A string.
    case string = 4
    /// A table.
    case table = 5
    /// A Lua or C function.
    case function = 6
    /// A full userdata (a Swift object, for the bridge).
    case userdata = 7
    /// A coroutine.
    case thread = 8

    /// Lua's name for the type, as in messages ("no value" for ``none``).
    public var name: String {
        switch self {
        case .none: "no value"
        case .nil: "nil"
        case .boolean: "boolean"
        case .lightUserdata: "userdata"
        case .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .userdata: "userdata"
        case .thread: "thread"
        }
    }
}
