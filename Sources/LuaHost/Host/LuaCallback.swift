import LuaBridge

/// A Lua function held from Swift (a timer's action, an event handler, a completion block):
/// a registry reference released when the callback is dropped, if the VM is still open.
final class LuaCallback {
    let ref: LuaRef
    private weak var host: ScriptHost?

    /// Takes the function at the top of the stack (popping it).
    init(popping lua: LuaState, host: ScriptHost) {
        ref = lua.popRef()
        self.host = host
    }

    deinit {
        host?.release(ref)
    }

    /// Calls the function with the values `arguments` pushes (returning how many), reporting an
    /// error under `context` instead of throwing; `repeating` as ``ScriptHost/call(_:context:repeating:_:)``
    /// says. Returns whether the call succeeded.
    @discardableResult
    func call(_ context: String, repeating: Bool = false, _ arguments: (LuaState) -> Int32 = { _ in 0 }) -> Bool {
        host?.call(ref, context: context, repeating: repeating, arguments) ?? false
    }
}
