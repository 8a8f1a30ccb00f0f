import CLua

/// A reference to a Lua value held in the registry (`luaL_ref`), so Swift can keep a function,
/// table or object alive and push it later.
///
/// A `LuaRef` is a plain number: it does not release itself. Call ``LuaState/release(_:)`` once
/// when done, and not after the VM has closed (closing frees everything anyway).
public struct LuaRef: Hashable, Sendable {
    /// The key in the registry (`LUA_REFNIL` for a reference to nil).
    public let id: Int32

    /// Wraps a key returned by `luaL_ref`.
    @inlinable
    public init(id: Int32) {
        self.id = id
    }

    /// The reference to nil: pushing it pushes nil; releasing it does nothing.
    public static let `nil` = LuaRef(id: LUA_REFNIL)
}

extension LuaState {
    /// Pops the top value and returns a reference to it.
    @inlinable
    public func popRef() -> LuaRef {
        LuaRef(id: luaL_ref(L, LuaState.registryIndex))
    }

    /// Returns a reference to the value at `index` (the stack is unchanged).
    @inlinable
    public func ref(at index: Int32) -> LuaRef {
        lua_pushvalue(L, index)
        return popRef()
    }

    /// Pushes the referenced value.
    @inlinable
    public func push(_ ref: LuaRef) {
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(ref.id))
    }

    /// Frees the key in the registry; the value may then be collected.
    @inlinable
    public func release(_ ref: LuaRef) {
        luaL_unref(L, LuaState.registryIndex, ref.id)
    }
}
