import LuaBridge
import Spelling

/// Warnings about assignments to undeclared globals (`snowglobe check`): an assignment that
/// makes a new global is usually a misspelt local (`cuont = count + 1`) and would otherwise
/// pass in silence. Each name is warned about once, at the file and line of its first
/// assignment, with the closest local or upvalue in sight when one is near. A script declares
/// a global on purpose with `rawset(_G, "name", value)`, which no metamethod sees.
extension ScriptHost {
    /// Gives `_G` a `__newindex` that warns, then sets the global as usual. Call once the
    /// sandbox and `ca` are in place (their own globals are declared).
    func installGlobalWarnings() {
        lua.pushGlobalTable()
        lua.newTable(fieldCount: 1)
        lua.push(luaWarnOfGlobal, name: "__newindex")
        lua.rawSet(-2, field: "__newindex")
        lua.setMetatable(-2)
        lua.pop()
    }

    /// Warns that `name` was made a global at the running script's position (once a name).
    func warnOfGlobal(_ name: String, suggestions: [String]) {
        guard warnedGlobals.insert(name).inserted else { return }
        let position = lua.position(level: 1).map { "\($0.file):\($0.line): " } ?? ""
        let hint = NameSuggestion.closest(to: name, among: suggestions.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
        warn("\(position)warning: assignment to undeclared global '\(name)'\(hint)")
    }
}

/// `__newindex(_G, key, value)`: warns for a string key, then `rawset`s.
private func luaWarnOfGlobal(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        if lua.type(at: 2) == .string, let name = lua.toString(at: 2) {
            try ScriptHost.require(lua).warnOfGlobal(name, suggestions: lua.visibleNames(level: 1))
        }
        lua.top = 3
        _ = lua.rawSetKeyValue(1)
        return 0
    }
}
