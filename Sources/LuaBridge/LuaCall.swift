import CLua
import LuaShim

/// Which chunk formats a load accepts.
public enum LuaLoadMode: String, Sendable {
    /// Source text only: the safe choice (crafted bytecode can crash the VM).
    case text = "t"
    /// Precompiled chunks only.
    case binary = "b"
    /// Either.
    case textOrBinary = "bt"
}

/// How a resumed coroutine stopped.
public enum LuaResumeResult: Equatable, Sendable {
    /// It yielded this many values (on its stack).
    case yielded(Int32)
    /// It returned this many values (on its stack) and is finished.
    case returned(Int32)
}

/// Loading chunks and calling Lua from Swift, always protected: errors come back as
/// ``LuaError`` values, with a traceback, under the VM's ``LuaBudget``.
extension LuaState {
    /// Loads `code` as a chunk and pushes it as a function. `chunkName` names it in messages:
    /// "@path" gives "path:line:", "=name" gives "name:line:", and nil uses the code itself
    /// (`[string "..."]`), as `luaL_loadstring` does.
    public func load(_ code: String, chunkName: String? = nil, mode: LuaLoadMode = .text) throws(LuaError) {
        let name = chunkName ?? code
        let size = code.utf8.count
        let status = code.withCString { cCode in
            name.withCString { cName in
                mode.rawValue.withCString { luaL_loadbufferx(L, cCode, size, cName, $0) }
            }
        }
        if status != LUA_OK { throw popError(status: status, chunkName: name) }
    }

    /// Loads the file at `path` as a chunk named "@path" and pushes it as a function.
    public func load(file path: String, mode: LuaLoadMode = .text) throws(LuaError) {
        let status = path.withCString { cPath in
            mode.rawValue.withCString { luaL_loadfilex(L, cPath, $0) }
        }
        if status != LUA_OK { throw popError(status: status, chunkName: "@" + path) }
    }

    /// Calls the function below the top `arguments` values, in protected mode with a traceback
    /// handler, under the budget. On success, leaves `results` results (all of them for
    /// `LUA_MULTRET`, -1); on error, leaves nothing of the call and throws.
    public func pcall(arguments: Int32 = 0, results: Int32 = 0) throws(LuaError) {
        let status = sg_pcallbudget(L, arguments, results)
        if status != LUA_OK { throw popError(status: status) }
    }

    /// Calls as ``pcall(arguments:results:)`` does, with a shorter time limit for this call:
    /// `timeLimit` seconds when the budget has a longer one (for callbacks that run every
    /// frame, where a runaway should cost a frame, not the whole limit). It counts the thread's
    /// CPU time, so that a busy machine holding the thread back does not stop a call that is
    /// not running away; the budget's limit still bounds it in wall time. Inside a call already
    /// running, the running call's deadline stands.
    public func pcall(arguments: Int32 = 0, results: Int32 = 0, timeLimit: Double) throws(LuaError) {
        let record = vm
        if record.pointee.deadline == 0 { record.pointee.frameLimit = max(0, timeLimit) }
        defer { record.pointee.frameLimit = 0 }
        try pcall(arguments: arguments, results: results)
    }

    /// Calls the function held by `ref` with `arguments`; leaves `results` results on the stack.
    public func call(_ ref: LuaRef, _ arguments: any LuaPushable..., results: Int32 = 0) throws(LuaError) {
        _ = checkStack(Int32(arguments.count) + 2)
        push(ref)
        for argument in arguments { argument.push(onto: self) }
        try pcall(arguments: Int32(arguments.count), results: results)
    }

    /// Loads and runs `code`; leaves `results` results on the stack.
    public func run(_ code: String, chunkName: String? = nil, results: Int32 = 0) throws(LuaError) {
        try load(code, chunkName: chunkName)
        try pcall(arguments: 0, results: results)
    }

    /// Loads and runs the file at `path`; leaves `results` results on the stack.
    public func run(file path: String, results: Int32 = 0) throws(LuaError) {
        try load(file: path)
        try pcall(arguments: 0, results: results)
    }

    /// Pushes a new coroutine and returns its state (keep a reference to the pushed value, e.g.
    /// with ``popRef()``, or it may be collected). Push a function and its arguments onto it,
    /// then ``resume(_:arguments:)``.
    public func newThread() -> LuaState {
        LuaState(lua_newthread(L))
    }

    /// Pops the top `count` values and pushes them onto `thread`'s stack (`lua_xmove`; both must
    /// belong to the same VM, and `thread` must have room for them).
    public func move(_ count: Int32, to thread: LuaState) {
        lua_xmove(L, thread.L, count)
    }

    /// Starts or continues `thread` with the top `arguments` values of its stack, under the
    /// budget (`lua_resume`). An error leaves the coroutine dead and throws.
    public func resume(_ thread: LuaState, arguments: Int32) throws(LuaError) -> LuaResumeResult {
        var results: Int32 = 0
        let status = sg_resumebudget(thread.L, L, arguments, &results)
        switch status {
        case LUA_OK: return .returned(results)
        case LUA_YIELD: return .yielded(results)
        default: throw thread.popError(status: status)
        }
    }

    /// Pops the error object of a failed load or call and describes it, with what the message
    /// handler recorded.
    func popError(status: Int32, chunkName: String? = nil) -> LuaError {
        let record = vm
        var kind: LuaError.Kind
        switch status {
        case LUA_ERRSYNTAX: kind = .syntax
        case LUA_ERRMEM: kind = .memory
        case LUA_ERRFILE: kind = .file
        default: kind = record.pointee.timedOut != 0 ? .timeout : .runtime
        }
        var message = toString(at: -1) ?? "(error object is a \(typeNameForError(at: -1)) value)"
        if kind == .memory, record.pointee.limitHit != 0 {
            message = LuaBudget.memoryMessage(limit: record.pointee.limit)
            // Where the hook last saw the call, close to the cap (the message gets no position
            // from Lua, which raises it without calling the message handler).
            if record.pointee.memoryLine > 0 {
                let source = withUnsafeBytes(of: record.pointee.memorySource) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                message = "\(source):\(record.pointee.memoryLine): " + message
            }
        }
        pop()

        var traceback: String?
        var source: String?
        var frameLine: Int?
        let reference = lua_Integer(record.pointee.errorRef)
        if lua_rawgeti(L, LuaState.registryIndex, reference) == LUA_TTABLE {
            if rawGet(-1, field: "traceback") == .string { traceback = toString(at: -1) }
            if rawGet(-2, field: "source") == .string { source = toString(at: -1) }
            if rawGet(-3, field: "line") == .number { frameLine = toInteger(at: -1) }
            pop(3)
            push(false)
            lua_rawseti(L, LuaState.registryIndex, reference)
        }
        pop()

        var file = (chunkName ?? source).flatMap(LuaError.file(fromChunkName:))
        var line = frameLine
        if let position = LuaError.position(in: message) {
            // The message's own position wins (error(msg, 2) points at the caller); keep the
            // whole file name when the message shows Lua's shortened form of it.
            if let known = file, position.chunk == known || position.chunk.hasPrefix("...") && known.hasSuffix(position.chunk.dropFirst(3)) {
                file = known
            } else {
                file = position.chunk
            }
            line = position.line
        }
        return LuaError(kind: kind, message: message, file: file, line: line, traceback: traceback)
    }
}
