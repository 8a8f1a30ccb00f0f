import LayerKit
import LuaBridge

/// `ca.Transaction` (CATransaction): begin, commit, completion blocks and settings. The Lua form
/// `ca.transaction(fn, opts)` is written in Lua on top of these.
enum TransactionBinding: CaBinding {
    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [
                           CaFunctionDoc.Call("ca.Transaction.begin()",
                                              "opens a transaction (CATransaction): the changes until its commit share "
                                                  + "its settings and its completion block"),
                           CaFunctionDoc.Call("ca.Transaction.commit()", "closes the innermost open transaction"),
                           CaFunctionDoc.Call("ca.Transaction.setCompletionBlock(fn)",
                                              "`fn()` runs once every animation added in this transaction has finished "
                                                  + "(when it commits, if there are none)"),
                           CaFunctionDoc.Call("ca.Transaction.setAnimationDuration(seconds)",
                                              "the duration of the implicit animations in it (default 0.25), and of "
                                                  + "explicit ones whose duration is 0"),
                           CaFunctionDoc.Call("ca.Transaction.setAnimationTimingFunction(f)",
                                              "their timing function: a MediaTimingFunction or its name"),
                           CaFunctionDoc.Call("ca.Transaction.setDisableActions(disable)",
                                              "true: changes in it take effect at once, without implicit animations"),
                           CaFunctionDoc.Call("ca.Transaction.animationDuration()", returns: "number",
                                              "the innermost transaction's animation duration, in seconds"),
                           CaFunctionDoc.Call("ca.Transaction.disableActions()", returns: "boolean",
                                              "whether the innermost transaction disables actions"),
                           CaFunctionDoc.Call("ca.Transaction.flush()", "commits the implicit transaction now"),
                       ],
                       fields: [("Transaction", "ca.TransactionLib")],
                       types: """
                           ---@class ca.TransactionLib
                           ---@field begin fun()
                           ---@field commit fun()
                           ---@field setCompletionBlock fun(fn: fun()?)
                           ---@field setAnimationDuration fun(seconds: number)
                           ---@field setAnimationTimingFunction fun(f: MediaTimingFunction|string|nil)
                           ---@field setDisableActions fun(disable: boolean)
                           ---@field animationDuration fun(): number
                           ---@field disableActions fun(): boolean
                           ---@field flush fun()

                           """)]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.newLibrary(["begin": begin, "commit": commit, "setCompletionBlock": setCompletionBlock,
                        "setAnimationDuration": setAnimationDuration,
                        "setAnimationTimingFunction": setAnimationTimingFunction,
                        "setDisableActions": setDisableActions, "flush": flush,
                        "animationDuration": animationDuration, "disableActions": disableActions])
        lua.rawSet(ca, field: "Transaction")
    }
}

private func transactions(_ lua: LuaState) throws(LuaRaise) -> (ScriptHost, TransactionStack) {
    let host = try ScriptHost.require(lua)
    return (host, host.scene.transactions)
}

private func begin(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try transactions(lua).1.begin(); return 0 }
}

private func commit(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        do { try transactions(lua).1.commitExplicit() } catch { throw lua.error("ca.Transaction.commit() without a matching ca.Transaction.begin()") }
        return 0
    }
}

private func setCompletionBlock(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let (host, tx) = try transactions(lua)
        if lua.isNoneOrNil(1) { tx.setCompletionBlock(nil); return 0 }
        try lua.checkFunction(1)
        lua.top = 1
        let callback = LuaCallback(popping: lua, host: host)
        tx.setCompletionBlock { callback.call("a transaction's completion block") }
        return 0
    }
}

private func setAnimationDuration(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let d = try lua.checkNumber(1)
        guard d.isFinite, d >= 0 else { throw lua.argError(1, "duration >= 0 expected, got \(d)") }
        try transactions(lua).1.setAnimationDuration(d)
        return 0
    }
}

private func setAnimationTimingFunction(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let f = try TimingFunctionBinding.timingFunction(lua, at: 1, for: "setAnimationTimingFunction")
        try transactions(lua).1.setAnimationTimingFunction(f)
        return 0
    }
}

private func setDisableActions(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try transactions(lua).1.setDisableActions(try lua.checkBoolean(1)); return 0 }
}

private func flush(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try transactions(lua).1.flush(); return 0 }
}

private func animationDuration(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.push(try transactions(lua).1.animationDuration); return 1 }
}

private func disableActions(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.push(!(try transactions(lua).1.actionsEnabled)); return 1 }
}
