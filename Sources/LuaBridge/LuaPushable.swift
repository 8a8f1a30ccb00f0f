import CLua

/// A Swift value that can be pushed onto a Lua stack, e.g. as an argument of ``LuaState/call(_:_:results:)``.
public protocol LuaPushable {
    /// Pushes the value onto `lua`'s stack.
    func push(onto lua: LuaState)
}

extension Double: LuaPushable {
    /// Pushes the number as a float.
    @inlinable public func push(onto lua: LuaState) { lua.push(self) }
}

extension Int: LuaPushable {
    /// Pushes the number as an integer.
    @inlinable public func push(onto lua: LuaState) { lua.push(self) }
}

extension Bool: LuaPushable {
    /// Pushes the boolean.
    @inlinable public func push(onto lua: LuaState) { lua.push(self) }
}

extension String: LuaPushable {
    /// Pushes the string's UTF-8 bytes.
    @inlinable public func push(onto lua: LuaState) { lua.push(self) }
}

extension LuaRef: LuaPushable {
    /// Pushes the referenced value.
    @inlinable public func push(onto lua: LuaState) { lua.push(self) }
}

/// The value `nil`, as an argument.
public struct LuaNil: LuaPushable, Sendable {
    /// Creates the nil value.
    public init() {}
    /// Pushes `nil`.
    @inlinable public func push(onto lua: LuaState) { lua.pushNil() }
}
