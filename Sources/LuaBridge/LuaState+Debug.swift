import CLua
import LuaShim

/// What the running Lua code looks like from a Swift function it called: where it is, and the
/// names it can see. For messages that point at the script and suggest a name. None of these
/// raises.
extension LuaState {
    /// The file (a chunk's name without its "@" or "=") and line of the function `level` frames
    /// up (0: the running function, 1: its caller), or nil when it has no line (a C function).
    public func position(level: Int32) -> (file: String, line: Int)? {
        var record = lua_Debug()
        guard lua_getstack(L, level, &record) != 0, lua_getinfo(L, "Sl", &record) != 0,
              record.currentline > 0, let source = record.source else { return nil }
        let chunk = String(cString: source)
        let file = chunk.first == "@" || chunk.first == "=" ? String(chunk.dropFirst()) : chunk
        return (file, Int(record.currentline))
    }

    /// The names of the locals active in the function `level` frames up, and of its upvalues:
    /// what that code can name besides globals. Lua's internal ones ("(temporary)", "(for
    /// state)") and `_ENV` are left out.
    public func visibleNames(level: Int32) -> [String] {
        var record = lua_Debug()
        guard lua_getstack(L, level, &record) != 0, checkStack(2) else { return [] }
        var names: [String] = []
        var index: Int32 = 1
        while let name = lua_getlocal(L, &record, index) {
            pop()
            names.append(String(cString: name))
            index += 1
        }
        if lua_getinfo(L, "f", &record) != 0 {
            index = 1
            while let name = lua_getupvalue(L, -1, index) {
                pop()
                names.append(String(cString: name))
                index += 1
            }
            pop()
        }
        return names.filter { !$0.hasPrefix("(") && $0 != "_ENV" }
    }
}
