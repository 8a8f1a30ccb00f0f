import CLua
import LuaShim

/// Releases one retain of a Swift object held by a userdata (called by `__gc` in C).
private func luaBridgeRelease(_ object: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(object).release()
}

/// A Lua 5.4 state owned by Swift: created with a counting allocator and the budget's hook,
/// closed by ``close()`` (or when the VM is deinitialised).
///
/// A `LuaVM` is not `Sendable`: it lives in one isolation domain (the main actor, in the
/// application) and every function Lua calls back runs there too. Closing runs every pending
/// `__gc`, so Swift objects held by userdata are released.
///
/// ```swift
/// let vm = LuaVM()
/// vm.lua.open([.base, .string, .table, .math])
/// vm.lua.setGlobal("add", function: add)
/// try vm.lua.run("print(add(1, 2))", chunkName: "=demo")
/// ```
public final class LuaVM {
    private let record: UnsafeMutablePointer<sg_VM>
    private let L: OpaquePointer
    /// Whether ``close()`` has run; nothing else may be used then.
    public private(set) var isClosed = false

    /// Creates a state with `budget`, and no library open.
    public init(budget: LuaBudget = LuaBudget()) {
        record = UnsafeMutablePointer<sg_VM>.allocate(capacity: 1)
        record.initialize(to: sg_VM())
        record.pointee.limit = max(0, budget.memoryLimit)
        record.pointee.timeLimit = max(0, budget.timeLimit)
        record.pointee.hookCount = max(0, budget.hookInterval)
        record.pointee.release = luaBridgeRelease
        guard let state = sg_newstate(record) else {
            fatalError("LuaBridge: cannot create a Lua state (out of memory)")
        }
        L = state
        sg_openbridge(L)
    }

    deinit {
        close()
    }

    /// The main thread's stack, where the host works.
    public var lua: LuaState {
        precondition(!isClosed, "LuaBridge: the VM is closed")
        return LuaState(L)
    }

    /// The raw `lua_State *` of the main thread, for the C API.
    public var state: OpaquePointer {
        lua.L
    }

    /// The time and memory limits (see ``LuaBudget``).
    public var budget: LuaBudget {
        get { lua.budget }
        set { lua.budget = newValue }
    }

    /// Closes the state: runs all finalizers (releasing the Swift objects that userdata held)
    /// and frees all memory. Calling it again does nothing.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        lua_close(L)
        sg_freetypes(record)
        LuaState.freeProperties(record)
        record.deinitialize(count: 1)
        record.deallocate()
    }
}

@available(*, unavailable, message: "a LuaVM belongs to one isolation domain")
extension LuaVM: Sendable {}
