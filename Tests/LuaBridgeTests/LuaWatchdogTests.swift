import CLua
import Foundation
import LuaBridge
import Testing

/// Pushes the running thread's hook mask: 0 when it runs unhooked.
func hookMask(_ L: OpaquePointer) -> Int32 {
    lua_pushinteger(L, lua_Integer(lua_gethookmask(L)))
    return 1
}

/// The time limit without a count hook on the state a call enters: Lua 5.4 runs hooked code on
/// a slow path at every instruction, so the watchdog turns the hook on only once a call has run
/// past its deadline. Coroutines keep theirs.
@Suite("The time limit's watchdog")
struct LuaWatchdogTests {
    @Test func aCallRunsUnhookedUntilItRunsOver() throws {
        let vm = makeVM(budget: LuaBudgetTests.small)
        defer { vm.close() }
        vm.lua.open([.coroutine])
        vm.lua.setGlobal("hookMask", function: hookMask)
        #expect(try vm.lua.eval("return hookMask()") == "0")
        // Coroutines, made by the script or by the host, run under the count hook.
        #expect(try vm.lua.eval("return coroutine.wrap(function() return hookMask() end)()") == "\(LUA_MASKCOUNT)")
        #expect(try vm.lua.eval("""
            local co = coroutine.create(function() return hookMask() end)
            return select(2, coroutine.resume(co))
            """) == "\(LUA_MASKCOUNT)")
        #expect(throws: LuaError.self) { try vm.lua.run("while true do end") }
        // After the overrun, the next call runs unhooked again.
        #expect(try vm.lua.eval("return hookMask()") == "0")
    }

    /// A runaway in a coroutine the script resumed is stopped there, and one in the main thread
    /// after a coroutine yielded is stopped in the main thread.
    @Test(arguments: [
        ("local co = coroutine.create(function() while true do end end) local _, e = coroutine.resume(co) error(e, 0)",
         "=co:1: script ran too long (more than 0.2 s in one call)"),
        ("local co = coroutine.wrap(function() coroutine.yield() end)\nco()\nwhile true do end",
         "=co:3: script ran too long (more than 0.2 s in one call)"),
    ])
    func runawaysAroundCoroutinesAreStopped(script: String, message: String) throws {
        let vm = makeVM(budget: LuaBudgetTests.small)
        defer { vm.close() }
        vm.lua.open([.coroutine])
        do {
            try vm.lua.run(script, chunkName: "=co")
            Issue.record("expected an error")
        } catch {
            // In the coroutine its own hook stops it (resume returns the error, which the
            // script raises again, unless the main thread is stopped first: the same line).
            #expect("=" + error.message == message)
        }
        #expect(try vm.lua.eval("return 'alive'") == "alive")
    }

    /// A thread that starts with every signal blocked (as worker threads do) still has its
    /// runaway stopped.
    @Test func aRunawayOnAThreadWithSignalsBlockedIsStopped() throws {
        final class Outcome: @unchecked Sendable { var message = "" }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            let vm = makeVM(budget: LuaBudgetTests.small)
            defer { vm.close() }
            do {
                try vm.lua.run("while true do end", chunkName: "=blocked")
            } catch let error as LuaError {
                outcome.message = error.message
            } catch {}
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(outcome.message == "blocked:1: script ran too long (more than 0.2 s in one call)")
    }
}
