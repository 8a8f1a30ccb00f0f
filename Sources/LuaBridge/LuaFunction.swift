import CLua
import LuaShim

// MARK: - The rule
//
// A Lua error is a longjmp. If it crossed a Swift frame, that frame's releases and `defer`s
// would be skipped: undefined behaviour. So:
//
// 1. Swift code never calls a raising Lua function: not `lua_error`, `luaL_error`,
//    `luaL_check*`, `luaL_argerror`, `lua_call`, nor any non-raw access that could run a
//    metamethod (`lua_gettable`, `lua_getfield`, `lua_setfield`, `lua_len`, `lua_compare`,
//    `luaL_tolstring`…). The bridge offers raw accesses, and messages built without raising.
// 2. A Swift function exposed to Lua (a `LuaFunction`) reports an error by pushing the message
//    and returning `LuaRaise.code` (``LuaState/run(_:_:)`` does this when its body throws
//    ``LuaRaise``, pushing the message the bridge's checks kept under the VM's raise reference). The C
//    trampoline (LuaShim's functions.c), with no Swift frame left on the stack, then calls
//    `lua_error`. The same holds for property handlers (`sg_index`, `sg_newindex` in
//    objects.c) and yields (``LuaState/yield(results:)``).
// 3. Swift enters Lua only through protected calls (``LuaState/pcall(arguments:results:)``,
//    ``LuaState/resume(_:arguments:)``), whose landing point is C code below the Swift caller.
// 4. Memory errors: any Lua API call that allocates may raise one. The allocator refuses
//    memory only while Lua runs under a bridge protected call with no Swift frame above it:
//    the trampoline, the property handlers and `__gc` switch refusals off around Swift code
//    (`sg_VM.mayFail`). So the memory cap is exact for scripts and soft for Swift code.
//
// Cost: a call through the trampoline adds one upvalue read and an indirect call to a plain C
// function call (docs/performance.md has the bridge's figures).

/// A Swift function callable from Lua: receives the state, returns how many results it pushed,
/// or ``LuaRaise/code`` after pushing an error message (use ``LuaState/run(_:_:)``).
///
/// Write it as a global or static function (or a closure that captures nothing and is not
/// main-actor isolated): a closure literal written in main-actor code gets a hidden
/// main-thread check on every call.
public typealias LuaFunction = @convention(c) (OpaquePointer) -> Int32

/// Thrown by the bridge's checks after they built an error message in Lua's grammar (kept in
/// the registry under the VM's raise reference, off the stack); the enclosing ``LuaState/run(_:_:)`` turns it into a
/// Lua error raised by the trampoline.
public struct LuaRaise: Error, Sendable {
    /// What a ``LuaFunction`` returns after pushing an error message (`SG_RAISE`).
    public static let code: Int32 = -1

    @usableFromInline
    init() {}
}

extension LuaState {
    /// Runs the body of a ``LuaFunction`` or property handler: returns the body's result count,
    /// or ``LuaRaise/code`` with the message pushed if it threw. The bridge's checks throw
    /// ``LuaRaise`` with the message kept aside (whatever the body did to the stack after);
    /// any other Swift error becomes a Lua error with its description, at the caller's
    /// position ("file:line: ..."). Throwing costs nothing until it happens.
    ///
    /// ```swift
    /// func add(_ L: OpaquePointer) -> Int32 {
    ///     LuaState.run(L) { lua in
    ///         lua.push(try lua.checkNumber(1) + lua.checkNumber(2))
    ///         return 1
    ///     }
    /// }
    /// ```
    @inlinable
    public static func run(_ L: OpaquePointer, _ body: (LuaState) throws -> Int32) -> Int32 {
        do {
            return try body(LuaState(L))
        } catch is LuaRaise {
            sg_pushraise(L)
            return LuaRaise.code
        } catch {
            return LuaState(L).raise(swiftError: error)
        }
    }

    @usableFromInline
    func raise(swiftError: any Error) -> Int32 {
        _ = self.error("\(swiftError)")
        sg_pushraise(L)
        return LuaRaise.code
    }

    /// Keeps `message` as it is and returns the marker to throw: `throw lua.raise("...")`.
    public func raise(_ message: String) -> LuaRaise {
        push(message)
        sg_stashraise(L)
        return LuaRaise()
    }

    /// The value a ``LuaFunction`` returns to yield its top `results` values from the running
    /// coroutine (`lua_yield`, done by the trampoline). Only for functions called in a coroutine
    /// (check ``isYieldable``); resuming continues after the call, with the values passed to
    /// `coroutine.resume` as the function's results.
    @inlinable
    public func yield(results: Int32) -> Int32 {
        sg_yieldcode(results)
    }

    /// Whether the running code may yield (`lua_isyieldable`).
    public var isYieldable: Bool {
        lua_isyieldable(L) != 0
    }

    /// Pushes a Lua function that calls `function`, with the top `upvalues` values (popped) as
    /// its upvalues, read in the function through ``upvalueIndex(_:)``. `name` is used in
    /// messages when Lua cannot tell the function's name from the call.
    ///
    /// Without upvalues, the function is a plain C function to Lua, one of the VM's pool of
    /// trampolines (see ``pooledFunctions``): pushed again, it is the same Lua value.
    public func push(_ function: @escaping LuaFunction, name: String? = nil, upvalues: Int32 = 0) {
        sg_pushfunction(L, function, upvalues)
        if let name { sg_setfunctionname(L, -1, name) }
    }

    /// Swift functions without upvalues that this VM calls through trampolines of their own
    /// (one API call less per call than a closure), and how many it can; the rest are closures.
    public var pooledFunctions: (count: Int, capacity: Int) {
        (Int(vm.pointee.poolCount), Int(SG_POOLSIZE))
    }

    /// Pushes a Lua function that calls `function` with `context` (retained until the function
    /// is collected) as upvalue 1: read it there with ``context(as:)``.
    public func push(_ function: @escaping LuaFunction, name: String? = nil, context: AnyObject) {
        sg_pushbox(L, Unmanaged.passRetained(context).toOpaque())
        push(function, name: name, upvalues: 1)
    }

    /// The pseudo-index of the `n`-th upvalue given to ``push(_:name:upvalues:)`` (1-based),
    /// valid inside the function.
    @inlinable
    public func upvalueIndex(_ n: Int32) -> Int32 {
        sg_upvalueindex(n + 1)
    }

    /// The context object of the running function (``push(_:name:context:)``), if it is a `T`
    /// (checked with a dynamic cast).
    @inlinable
    public func context<T: AnyObject>(as type: T.Type) -> T? {
        guard let pointer = sg_tobox(L, sg_upvalueindex(2)) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
    }

    /// Calls `body` with the context object of the running function borrowed as a `T`, which
    /// must be the class given to ``push(_:name:context:)`` (unchecked in release builds): the
    /// fast path, with no cast, retain or release. Returns nil if the function has no context.
    @inlinable
    public func withContext<T: AnyObject, R>(as type: T.Type, _ body: (T) throws -> R) rethrows -> R? {
        guard let pointer = sg_tobox(L, sg_upvalueindex(2)) else { return nil }
        return try Unmanaged<AnyObject>.fromOpaque(pointer)._withUnsafeGuaranteedRef { object in
            try body(unsafeDowncast(object, to: T.self))
        }
    }

    /// Stores `function` as `table[name]` (raw), e.g. to build a library table; one line per function.
    public func setFunction(_ function: @escaping LuaFunction, named name: String, inTableAt table: Int32) {
        let table = absIndex(table)
        push(function, name: name)
        rawSet(table, field: name)
    }

    /// Stores `function` as the global `name`.
    public func setGlobal(_ name: String, function: @escaping LuaFunction) {
        push(function, name: name)
        setGlobal(name)
    }

    /// Pushes a new table holding `functions` by name (a library, as `luaL_newlib` makes).
    public func newLibrary(_ functions: KeyValuePairs<String, LuaFunction>) {
        newTable(fieldCount: Int32(functions.count))
        for (name, function) in functions {
            setFunction(function, named: name, inTableAt: -1)
        }
    }
}
