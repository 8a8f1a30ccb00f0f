import CLua
import LuaShim

/// Argument checks with Lua's messages, word for word, without raising.
///
/// Each check returns the value, or builds the message `luaL_check*` would raise and throws
/// ``LuaRaise``; the enclosing ``LuaState/run(_:_:)`` hands it to the trampoline, which raises.
/// The message is kept off the stack meanwhile (in the registry, under the VM's raise reference), so code between the
/// check and the end of the function may pop or reset the stack as it likes.
/// Messages name the function as Lua does (from the call), falling back to the name given at
/// registration, and do not count `self` in a method call:
/// `main.lua:3: bad argument #1 to 'addAnimation' (Animation expected, got number)`.
extension LuaState {
    // MARK: Messages

    /// Builds `luaL_argerror`'s message for argument `arg` and returns the marker to throw.
    public func argError(_ arg: Int32, _ extraMessage: String) -> LuaRaise {
        extraMessage.withCString { sg_pushargerror(L, arg, $0) }
        sg_stashraise(L)
        return LuaRaise()
    }

    /// Builds `luaL_typeerror`'s message ("`expected` expected, got boolean") for argument `arg`
    /// and returns the marker to throw.
    public func typeError(_ arg: Int32, expected: String) -> LuaRaise {
        expected.withCString { sg_pushtypeerror(L, arg, $0) }
        sg_stashraise(L)
        return LuaRaise()
    }

    /// Builds `message` prefixed with the position of the function at `level` ("file:line: ",
    /// as `luaL_error` does with level 1, the caller of the running function) and returns the
    /// marker to throw: `throw lua.error("index out of range")`.
    public func error(_ message: String, level: Int32 = 1) -> LuaRaise {
        push(message)
        sg_prefixwhere(L, level)
        sg_stashraise(L)
        return LuaRaise()
    }

    /// "file:line: " for the function at `level` (1: the caller of the running function), as
    /// `error` starts its message; "" when that function is not a Lua function. For a message
    /// that is reported but not raised, such as a warning.
    public func position(level: Int32 = 1) -> String {
        push("")
        sg_prefixwhere(L, level)
        defer { pop() }
        return toString(at: -1) ?? ""
    }

    /// The name `luaL_typeerror` gives the value at `index`: its metatable's `__name` (a Swift
    /// object's registered type name), "light userdata", or the basic type name.
    public func typeNameForError(at index: Int32) -> String {
        sg_pushtypenameforerror(L, index)
        defer { pop() }
        return toString(at: -1) ?? "?"
    }

    // MARK: Checks

    /// The number at argument `arg` (`luaL_checknumber`; numeric strings convert).
    @inlinable
    public func checkNumber(_ arg: Int32) throws(LuaRaise) -> Double {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, arg, &isNumber)
        if isNumber == 0 { throw typeError(arg, expected: "number") }
        return value
    }

    /// The integer at argument `arg` (`luaL_checkinteger`: a float with no exact integer value
    /// gives "number has no integer representation").
    @inlinable
    public func checkInteger(_ arg: Int32) throws(LuaRaise) -> Int {
        var isNumber: Int32 = 0
        let value = lua_tointegerx(L, arg, &isNumber)
        if isNumber == 0 { throw integerError(arg) }
        return Int(value)
    }

    @usableFromInline
    func integerError(_ arg: Int32) -> LuaRaise {
        lua_isnumber(L, arg) != 0
            ? argError(arg, "number has no integer representation")
            : typeError(arg, expected: "number")
    }

    /// The string at argument `arg` (`luaL_checklstring`: a number is formatted as Lua does).
    public func checkString(_ arg: Int32) throws(LuaRaise) -> String {
        guard let value = toString(at: arg) else { throw typeError(arg, expected: "string") }
        return value
    }

    /// The boolean at argument `arg`; anything else is "boolean expected, got …".
    @inlinable
    public func checkBoolean(_ arg: Int32) throws(LuaRaise) -> Bool {
        guard lua_type(L, arg) == LUA_TBOOLEAN else { throw typeError(arg, expected: "boolean") }
        return lua_toboolean(L, arg) != 0
    }

    /// Checks that argument `arg` has basic type `type` (`luaL_checktype`).
    @inlinable
    public func checkType(_ arg: Int32, _ type: LuaType) throws(LuaRaise) {
        if lua_type(L, arg) != type.rawValue { throw typeError(arg, expected: type.name) }
    }

    /// Checks that argument `arg` is a table.
    @inlinable
    public func checkTable(_ arg: Int32) throws(LuaRaise) {
        try checkType(arg, .table)
    }

    /// Checks that argument `arg` is a function.
    @inlinable
    public func checkFunction(_ arg: Int32) throws(LuaRaise) {
        try checkType(arg, .function)
    }

    /// Checks that there is an argument `arg`, nil included (`luaL_checkany`: "value expected").
    public func checkAny(_ arg: Int32) throws(LuaRaise) {
        if lua_type(L, arg) == LUA_TNONE { throw argError(arg, "value expected") }
    }

    /// The index in `options` of the string at argument `arg` (`luaL_checkoption`), or of
    /// `default` when the argument is absent or nil. A bad value is "invalid option 'x'", and,
    /// with `listing`, the valid ones follow: "invalid option 'x' (expected 'a', 'b' or 'c')".
    public func checkOption(_ arg: Int32, _ options: [String], default: String? = nil,
                            listing: Bool = true) throws(LuaRaise) -> Int {
        let name: String
        if let `default`, lua_type(L, arg) <= LUA_TNIL {
            name = `default`
        } else {
            name = try checkString(arg)
        }
        if let index = options.firstIndex(of: name) { return index }
        var message = "invalid option '\(name)'"
        if listing, !options.isEmpty { message += " (expected \(LuaState.quotedList(options)))" }
        throw argError(arg, message)
    }

    /// "'a', 'b' or 'c'".
    static func quotedList(_ items: [String]) -> String {
        let quoted = items.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }

    // MARK: Optional arguments

    /// Whether argument `arg` is absent or nil (`lua_isnoneornil`).
    @inlinable
    public func isNoneOrNil(_ arg: Int32) -> Bool {
        lua_type(L, arg) <= LUA_TNIL
    }

    /// The number at argument `arg`, or `default` if absent or nil (`luaL_optnumber`).
    @inlinable
    public func optNumber(_ arg: Int32, default: Double) throws(LuaRaise) -> Double {
        isNoneOrNil(arg) ? `default` : try checkNumber(arg)
    }

    /// The integer at argument `arg`, or `default` if absent or nil (`luaL_optinteger`).
    @inlinable
    public func optInteger(_ arg: Int32, default: Int) throws(LuaRaise) -> Int {
        isNoneOrNil(arg) ? `default` : try checkInteger(arg)
    }

    /// The string at argument `arg`, or `default` if absent or nil (`luaL_optstring`).
    public func optString(_ arg: Int32, default: String) throws(LuaRaise) -> String {
        isNoneOrNil(arg) ? `default` : try checkString(arg)
    }

    /// The boolean at argument `arg`, or `default` if absent or nil.
    @inlinable
    public func optBoolean(_ arg: Int32, default: Bool) throws(LuaRaise) -> Bool {
        isNoneOrNil(arg) ? `default` : try checkBoolean(arg)
    }
}
