import CLua
import LuaShim

/// Limits that keep a script from hanging or exhausting the host: the time one call from the
/// host may take, and the memory the VM may hold.
///
/// Time is checked by a count hook (in C, LuaShim's vm.c) every ``hookInterval`` Lua
/// instructions; it is the thread's CPU time, so a busy machine does not stop a script that is
/// within its limit (wall time is capped at ten times the limit); the limit covers one outermost protected call
/// (``LuaState/pcall(arguments:results:)``, ``LuaState/resume(_:arguments:)``), nested calls
/// included. Over it, the running code gets the error "file:line: script ran too long (more
/// than 2 s in one call)", again every few instructions until the call returns, so a script
/// cannot catch it for good. Code inside one long C function (a huge `string.rep`) is not
/// interrupted; the memory cap bounds most of those. String patterns, whose backtracking can
/// take exponential time inside one C call, are covered once ``LuaState/limitStringPatterns()``
/// has wrapped them.
///
/// Memory is capped in the allocator: over ``memoryLimit`` an allocation made by Lua code
/// fails, Lua collects garbage and retries, then raises its memory error, reported as
/// "script used too much memory (over 1024 MiB)". Allocations made while Swift code runs are
/// never refused (a refusal would raise across Swift frames), so Swift may go a little over.
///
/// After either error the VM stays usable.
public struct LuaBudget: Sendable, Equatable {
    /// Seconds one outermost call may run; 0 for no limit.
    public var timeLimit: Double
    /// Bytes the VM may hold; 0 for no limit.
    public var memoryLimit: Int
    /// Lua instructions between two clock checks; 0 installs no hook (and no time limit).
    /// Fixed when the VM is created.
    public var hookInterval: Int32

    /// A budget: by default 2 s per call, 1 GiB, a clock check every 1,000 instructions.
    ///
    /// Any count hook makes Lua 5.4 take a slow path at every instruction, whatever the
    /// interval, so scripts run slower under a budget (docs/performance.md, "The Lua bridge");
    /// the clock reads themselves are negligible. ``unlimited`` installs no hook.
    public init(timeLimit: Double = 2, memoryLimit: Int = 1 << 30, hookInterval: Int32 = 1_000) {
        self.timeLimit = timeLimit
        self.memoryLimit = memoryLimit
        self.hookInterval = hookInterval
    }

    /// No limits and no hook.
    public static let unlimited = LuaBudget(timeLimit: 0, memoryLimit: 0, hookInterval: 0)

    /// The message of a call stopped by the memory cap.
    static func memoryMessage(limit: Int) -> String {
        let mebibyte = 1 << 20
        let amount = limit % mebibyte == 0
            ? "\(limit / mebibyte)"
            : { let tenths = (limit * 10 + mebibyte / 2) / mebibyte; return "\(tenths / 10).\(tenths % 10)" }()
        return "script used too much memory (over \(amount) MiB)"
    }
}

extension LuaState {
    /// The VM's budget. The time and memory limits may change at any time (between calls);
    /// the hook interval is fixed at creation.
    public var budget: LuaBudget {
        get {
            LuaBudget(timeLimit: vm.pointee.timeLimit, memoryLimit: vm.pointee.limit, hookInterval: vm.pointee.hookCount)
        }
        nonmutating set {
            vm.pointee.timeLimit = max(0, newValue.timeLimit)
            vm.pointee.limit = max(0, newValue.memoryLimit)
        }
    }

    /// Puts `string.find`, `match`, `gmatch` and `gsub` under the time limit: each first runs
    /// its search with a matcher that checks the deadline (raising "script ran too long …" when
    /// it has passed), then calls Lua's own function. Call it after opening the string library.
    public func limitStringPatterns() {
        sg_limitpatterns(L)
    }

    /// Bytes the VM holds now, as counted by the allocator.
    public var memoryInUse: Int {
        vm.pointee.used
    }

}
