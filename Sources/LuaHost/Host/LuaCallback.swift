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
    /// error under `context` instead of throwing.
    func call(_ context: String, _ arguments: (LuaState) -> Int32 = { _ in 0 }) {
        host?.call(ref, context: context, arguments)
    }
}
