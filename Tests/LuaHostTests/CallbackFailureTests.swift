import Foundation
import TestSupport
import Testing
import LayerKit
import LuaBridge
@testable import LuaHost

/// A display link or a repeating timer whose call fails is stopped, and its error told once;
/// callbacks that run again and again have a frame-sized time limit, so that a runaway one
/// costs a few frames, not the whole limit each time.
struct CallbackFailureTests {
    @Test func aRepeatingTimerThatFailsIsStoppedAfterItsFirstError() {
        let h = ScriptHarness("""
            calls = 0
            ca.every(0.1, function() calls = calls + 1; error("boom") end)
            ca.every(0.25, function() print("still here") end)
            """)
        #expect(h.start() == nil)
        h.run(until: 3)
        #expect(h.messages == ["main.lua:2: boom"])
        #expect(h.errors.first?.context == "a timer, now stopped")
        #expect(h.eval("print(calls)") == ["1"])
        #expect(h.output.filter { $0 == "still here" }.count == 12)
    }

    @Test func aOneShotTimerErrorSaysNothingOfStopping() {
        let h = ScriptHarness("ca.after(0.1, function() error('once') end)")
        #expect(h.start() == nil)
        h.run(until: 1)
        #expect(h.errors.map(\.context) == ["a timer"])
    }

    @Test func aDisplayLinkThatFailsIsStoppedAfterItsFirstError() {
        let h = ScriptHarness("""
            link = ca.DisplayLink(function() error("frame") end)
            """)
        #expect(h.start() == nil)
        h.run(until: 1)
        #expect(h.messages == ["main.lua:1: frame"])
        #expect(h.errors.first?.context == "a display link, now stopped")
        #expect(h.eval("print(link.isValid)") == ["false"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aDisplayLinkLoopingForeverCostsAFrameBudgetOnce() {
        var options = ScriptOptions()
        options.budget.timeLimit = 30
        let h = ScriptHarness("""
            ca.DisplayLink(function() while true do end end)
            ca.every(1, function() print("tick") end)
            """, options: options)
        #expect(h.start() == nil)
        let started = Date()
        h.run(until: 5)
        // One call stopped at the frame limit (0.1 s), not one at the budget's (30 s) a frame.
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(h.messages == ["main.lua:1: script ran too long (more than 0.1 s in one call)"])
        #expect(h.errors.first?.kind == .timeout)
        #expect(h.output == ["tick", "tick", "tick", "tick", "tick"])
    }

    @Test func aOneShotCallbackKeepsTheWholeTimeLimit() {
        var options = ScriptOptions()
        options.budget.timeLimit = 5
        options.frameTimeLimit = 0.001
        let h = ScriptHarness("""
            ca.after(0.1, function()
              for _ = 1, 2e7 do end
              print("done")
            end)
            """, options: options)
        #expect(h.start() == nil)
        h.run(until: 1)
        #expect(h.errors.isEmpty, "\(h.errorReport)")
        #expect(h.output == ["done"])
    }
}
