import LuaHost

extension ScriptError {
    /// The error with `hint` added as a last line of its message when it is a `require` that
    /// found no module (Lua's "module 'name' not found:" and the files it tried); else itself.
    func addingMissingModuleHint(_ hint: String?) -> ScriptError {
        guard let hint, message.contains("module '"), message.contains("' not found:") else { return self }
        var copy = self
        copy.message += "\n\t" + hint
        return copy
    }
}
