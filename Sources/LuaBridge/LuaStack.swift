import CLua

/// Pushing Swift values onto the stack and reading them back.
extension LuaState {
    /// Pushes `nil`.
    @inlinable
    public func pushNil() {
        lua_pushnil(L)
    }

    /// Pushes a float.
    @inlinable
    public func push(_ value: Double) {
        lua_pushnumber(L, value)
    }

    /// Pushes an integer.
    @inlinable
    public func push(_ value: Int) {
        lua_pushinteger(L, lua_Integer(value))
    }

    /// Pushes a boolean.
    @inlinable
    public func push(_ value: Bool) {
        lua_pushboolean(L, value ? 1 : 0)
    }

    /// Pushes a string as its UTF-8 bytes (embedded zeros included).
    @inlinable
    public func push(_ value: String) {
        var value = value
        value.withUTF8 { bytes in
            _ = lua_pushlstring(L, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, bytes.count)
        }
    }

    /// Pushes raw bytes as a Lua string.
    public func push(bytes: some Collection<UInt8>) {
        let array = Array(bytes)
        array.withUnsafeBytes { raw in
            _ = lua_pushlstring(L, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count)
        }
    }

    /// Pushes a light userdata (a bare pointer; equal to another light userdata of the same address).
    @inlinable
    public func push(lightUserdata pointer: UnsafeRawPointer?) {
        lua_pushlightuserdata(L, UnsafeMutableRawPointer(mutating: pointer))
    }

    /// Pushes any ``LuaPushable`` value, `nil` for `nil`.
    @inlinable
    public func push(_ value: (some LuaPushable)?) {
        if let value { value.push(onto: self) } else { lua_pushnil(L) }
    }

    /// The number at `index`, converting a numeric string like Lua does; nil otherwise.
    @inlinable
    public func toNumber(at index: Int32) -> Double? {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, index, &isNumber)
        return isNumber != 0 ? value : nil
    }

    /// The integer at `index` (a float with an exact integer value, or a numeric string, counts);
    /// nil otherwise.
    @inlinable
    public func toInteger(at index: Int32) -> Int? {
        var isNumber: Int32 = 0
        let value = lua_tointegerx(L, index, &isNumber)
        return isNumber != 0 ? Int(value) : nil
    }

    /// The truth of the value at `index`: false only for `nil`, `false` and no value (`lua_toboolean`).
    @inlinable
    public func toBool(at index: Int32) -> Bool {
        lua_toboolean(L, index) != 0
    }

    /// The boolean at `index`, or nil if the value there is not a boolean.
    @inlinable
    public func toBoolean(at index: Int32) -> Bool? {
        lua_type(L, index) == LUA_TBOOLEAN ? lua_toboolean(L, index) != 0 : nil
    }

    /// The string at `index` decoded as UTF-8 (invalid bytes become U+FFFD), or the number there
    /// formatted as Lua does; nil for other types. Unlike `lua_tostring`, a number on the stack
    /// stays a number.
    public func toString(at index: Int32) -> String? {
        toBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the value at `index` is a string with the bytes of `text` (no Swift string is made).
    public func isString(at index: Int32, _ text: StaticString) -> Bool {
        guard lua_type(L, index) == LUA_TSTRING else { return false }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length), length == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for i in 0..<length where UInt8(bitPattern: bytes[i]) != expected[i] { return false }
        return true
    }

    /// The bytes of the string at `index` (or of the number there, formatted); nil for other types.
    public func toBytes(at index: Int32) -> [UInt8]? {
        toBytes(at: index) { Array($0) }
    }

    /// Calls `body` with the bytes of the string at `index`, or of the number there formatted
    /// on a copy (so the stack keeps its number); nil for other types.
    func toBytes<R>(at index: Int32, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        let type = lua_type(L, index)
        guard type == LUA_TSTRING || type == LUA_TNUMBER else { return nil }
        let isCopy = type == LUA_TNUMBER
        if isCopy { lua_pushvalue(L, index) }
        defer { if isCopy { sg_pop(L, 1) } }
        var length = 0
        guard let chars = lua_tolstring(L, isCopy ? -1 : index, &length) else { return nil }
        return body(UnsafeRawBufferPointer(start: chars, count: length))
    }

    /// Whether the value at `index` is an integer (not a float, not a numeric string: `lua_isinteger`).
    @inlinable
    public func isInteger(at index: Int32) -> Bool {
        lua_isinteger(L, index) != 0
    }

    /// The pointer of the light or full userdata at `index`, or nil.
    @inlinable
    public func toUserdata(at index: Int32) -> UnsafeMutableRawPointer? {
        lua_touserdata(L, index)
    }

    /// The coroutine at `index` as a state of its own, or nil.
    public func toThread(at index: Int32) -> LuaState? {
        lua_tothread(L, index).map(LuaState.init)
    }
}

/// Tables and globals. All accesses are raw: a metamethod is Lua code, which could raise
/// across the caller's Swift frames.
extension LuaState {
    /// Pushes a new table with room for `arrayCount` array items and `fieldCount` fields.
    @inlinable
    public func newTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
        lua_createtable(L, arrayCount, fieldCount)
    }

    /// Pushes a new array: `elements` at 1…n, each pushed by `push`.
    @inlinable
    public func pushArray<Elements: Collection>(_ elements: Elements, _ push: (Elements.Element) -> Void) {
        newTable(arrayCount: Int32(elements.count))
        for (offset, element) in elements.enumerated() {
            push(element)
            rawSet(-2, index: offset + 1)
        }
    }

    /// Pushes `table[field]` and returns its type.
    @discardableResult
    public func rawGet(_ table: Int32, field: String) -> LuaType {
        let table = absIndex(table)
        push(field)
        return LuaType(rawValue: lua_rawget(L, table)) ?? .nil
    }

    /// Pushes `table[index]` and returns its type.
    @discardableResult
    @inlinable
    public func rawGet(_ table: Int32, index: Int) -> LuaType {
        LuaType(rawValue: lua_rawgeti(L, table, lua_Integer(index))) ?? .nil
    }

    /// Pops a key and pushes `table[key]`; returns its type (`lua_rawget`).
    @discardableResult
    @inlinable
    public func rawGet(_ table: Int32) -> LuaType {
        LuaType(rawValue: lua_rawget(L, table)) ?? .nil
    }

    /// Pops a value and stores it as `table[field]`.
    public func rawSet(_ table: Int32, field: String) {
        let table = absIndex(table)
        push(field)
        insert(at: -2)
        lua_rawset(L, table)
    }

    /// Pops a value and stores it as `table[index]`.
    @inlinable
    public func rawSet(_ table: Int32, index: Int) {
        lua_rawseti(L, table, lua_Integer(index))
    }

    /// Stores `value` as `table[field]`.
    public func rawSet(_ table: Int32, field: String, to value: (some LuaPushable)?) {
        let table = absIndex(table)
        push(value)
        rawSet(table, field: field)
    }

    /// Pops a key and a value (value on top) and stores `table[key] = value`. A `nil` or NaN key
    /// is refused (Lua would raise): returns false and pops both.
    @discardableResult
    public func rawSetKeyValue(_ table: Int32) -> Bool {
        let table = absIndex(table)
        let keyType = lua_type(L, -2)
        if keyType == LUA_TNIL || (keyType == LUA_TNUMBER && (toNumber(at: -2).map { $0.isNaN } ?? false)) {
            pop(2)
            return false
        }
        lua_rawset(L, table)
        return true
    }

    /// The raw length of the value at `index`: `#t` without `__len` for a table, the byte count
    /// for a string, the block size for a full userdata (`lua_rawlen`).
    @inlinable
    public func rawLength(_ index: Int32) -> Int {
        Int(lua_rawlen(L, index))
    }

    /// Whether the table at `index` has no entries (`next(t) == nil`).
    public func isEmptyTable(at index: Int32) -> Bool {
        let table = absIndex(index)
        lua_pushnil(L)
        guard lua_next(L, table) != 0 else { return true }
        pop(2)
        return false
    }

    /// Pops a table and makes it the metatable of the value at `index` (`lua_setmetatable`).
    public func setMetatable(_ index: Int32) {
        _ = lua_setmetatable(L, index)
    }

    /// Calls `body` for each key–value pair of the table at `index`, with the key at -2 and the
    /// value at -1 (leave the stack as you found it; do not add keys to the table meanwhile).
    public func forEach<E: Error>(in table: Int32, _ body: () throws(E) -> Void) throws(E) {
        let table = absIndex(table)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            let top = lua_gettop(L)
            do {
                try body()
            } catch {
                lua_settop(L, top - 2)
                throw error
            }
            lua_settop(L, top - 1)
        }
    }

    /// Pushes the table of globals.
    public func pushGlobalTable() {
        sg_pushglobaltable(L)
    }

    /// Pushes the global `name` (raw) and returns its type.
    @discardableResult
    public func getGlobal(_ name: String) -> LuaType {
        sg_pushglobaltable(L)
        let type = rawGet(-1, field: name)
        remove(at: -2)
        return type
    }

    /// Pops a value and stores it as the global `name` (raw).
    public func setGlobal(_ name: String) {
        sg_pushglobaltable(L)
        insert(at: -2)
        rawSet(-2, field: name)
        pop()
    }

    /// Removes the globals `names` (sets them to nil), e.g. to build a sandbox.
    public func removeGlobals(_ names: [String]) {
        sg_pushglobaltable(L)
        for name in names {
            pushNil()
            rawSet(-2, field: name)
        }
        pop()
    }

    /// Removes the fields `names` from the global table `table` (e.g. `os.execute`); does nothing
    /// if there is no such table.
    public func removeFields(_ names: [String], fromGlobal table: String) {
        if getGlobal(table) == .table {
            for name in names {
                pushNil()
                rawSet(-2, field: name)
            }
        }
        pop()
    }
}
