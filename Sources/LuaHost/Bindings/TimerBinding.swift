import LayerKit
import LuaBridge
import Spelling

/// `ca.Timer.scheduled{ interval, repeats, action = function(timer) … end }` (NSTimer), and the
/// short forms `ca.every(interval, fn)` and `ca.after(delay, fn)`; `timer:invalidate()`,
/// `timer.isValid`.
enum TimerBinding: CaBinding {
    static var classes: [LuaClass] {
        [LuaClass(Timer.self, name: "Timer",
                  summary: "NSTimer: `ca.Timer.scheduled{…}`, `ca.every`, `ca.after`; fires on media time, between "
                      + "frames, each call in a transaction of its own",
                  example: """
                      local count = 0
                      ca.every(0.5, function(timer)   -- every half second of media time
                        count = count + 1
                        if count == 5 then timer:invalidate() end
                      end)
                      ca.after(3, function() print("three seconds in", ca.now()) end)
                      """,
                  properties: [
                      LuaClass.Property("interval", kind: .number, "read-only; seconds between firings",
                                        get: { (lua, timer: Timer) in lua.push(timer.interval) }),
                      LuaClass.Property("repeats", kind: .bool, "read-only",
                                        get: { (lua, timer: Timer) in lua.push(timer.repeats) }),
                      LuaClass.Property("isValid", kind: .bool, "read-only; false once invalidated or, for a one-shot timer, fired",
                                        get: { (lua, timer: Timer) in lua.push(timer.isValid) }),
                      LuaClass.Property("fireTime", kind: .number, "read-only; the media time it fires next",
                                        get: { (lua, timer: Timer) in lua.push(timer.fireTime) }),
                  ],
                  methods: [LuaClass.Method("invalidate", "()", invalidate, "stops the timer for good",
                                            lua: "fun(self: Timer)")])]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [
                           CaFunctionDoc.Call("ca.every(interval, fn)", returns: "Timer",
                                              "calls `fn(timer)` every `interval` seconds, the first time `interval` "
                                                  + "seconds from now, until the timer is invalidated; a call that fails (an "
                                                  + "error, or more than 0.1 s) stops it"),
                           CaFunctionDoc.Call("ca.after(delay, fn)", returns: "Timer",
                                              "calls `fn(timer)` once, `delay` seconds from now"),
                           CaFunctionDoc.Call("ca.Timer.scheduled{interval, repeats, action}", returns: "Timer",
                                              "NSTimer.scheduledTimer: calls `action(timer)` after `interval` seconds, "
                                                  + "and again every `interval` if `repeats`"),
                       ],
                       fields: [("Timer", "ca.TimerLib"),
                                ("every", "fun(interval: number, fn: fun(timer: Timer)): Timer"),
                                ("after", "fun(delay: number, fn: fun(timer: Timer)): Timer")],
                       types: """
                           ---@class ca.TimerLib
                           ---@field scheduled fun(options: {interval: number, repeats?: boolean, action: fun(timer: Timer)}): Timer

                           """)]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.newLibrary(["scheduled": scheduled])
        lua.rawSet(ca, field: "Timer")
        lua.setFunction(every, named: "every", inTableAt: ca)
        lua.setFunction(after, named: "after", inTableAt: ca)
    }

    /// The most timers a script may have scheduled at once (`ca.wait`'s included): callbacks
    /// that each schedule two more would otherwise double in number every frame until the host
    /// stops.
    static let maxTimers = 10_000

    /// Raises "too many timers" when the script already has ``maxTimers``.
    static func checkRoom(_ lua: LuaState, _ host: ScriptHost) throws(LuaRaise) {
        guard host.scene.scheduledTimerCount < maxTimers else {
            throw lua.error("too many timers: \(maxTimers) are scheduled (invalidate some, or let one timer do the work)")
        }
    }

    /// Schedules a timer calling the function at the top of the stack (popped). A repeating
    /// timer whose call fails is invalidated: its error is told once, not at every firing.
    static func schedule(_ lua: LuaState, _ host: ScriptHost, interval: Double, repeats: Bool) -> Timer {
        let callback = LuaCallback(popping: lua, host: host)
        return host.scene.scheduleTimer(interval: interval, repeats: repeats) { timer in
            let succeeded = callback.call("a timer", repeating: repeats) { lua in lua.push(timer); return 1 }
            if !succeeded { timer.invalidate() }
        }
    }

    /// How a number shows in "… expected, got …": its value, "nan" or "inf".
    static func describe(_ v: Double) -> String {
        v.isNaN ? "nan" : v.isInfinite ? (v < 0 ? "-inf" : "inf") : "\(v)"
    }
}

/// `ca.every(interval, fn)` and `ca.after(delay, fn)`.
private func shortForm(_ L: OpaquePointer, repeats: Bool) -> Int32 {
    LuaState.run(L) { lua in
        let interval = try lua.checkNumber(1)
        guard interval.isFinite, interval >= 0 else {
            throw lua.argError(1, "number >= 0 expected, got \(TimerBinding.describe(interval))")
        }
        try lua.checkFunction(2)
        let host = try ScriptHost.require(lua)
        try TimerBinding.checkRoom(lua, host)
        lua.top = 2
        lua.push(TimerBinding.schedule(lua, host, interval: interval, repeats: repeats))
        return 1
    }
}

private func every(_ L: OpaquePointer) -> Int32 { shortForm(L, repeats: true) }
private func after(_ L: OpaquePointer) -> Int32 { shortForm(L, repeats: false) }

private func scheduled(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        try lua.checkTable(1)
        let host = try ScriptHost.require(lua)
        var badKey: String?
        lua.forEach(in: 1) {
            if let key = lua.toString(at: -2), !["interval", "repeats", "action"].contains(key), badKey == nil { badKey = key }
        }
        if let badKey {
            let hint = NameSuggestion.closest(to: badKey, among: ["interval", "repeats", "action"]).map { " (did you mean '\($0)'?)" } ?? ""
            throw lua.error("unknown property '\(badKey)' on Timer\(hint)")
        }
        guard lua.rawGet(1, field: "interval") == .number, let interval = lua.toNumber(at: -1), interval.isFinite, interval >= 0 else {
            let got = lua.toNumber(at: -1).map(TimerBinding.describe) ?? lua.describeValue(at: -1)
            throw lua.error("bad value for 'interval' of Timer (number >= 0 expected, got \(got))")
        }
        lua.pop()
        let repeatsKind = lua.rawGet(1, field: "repeats")
        guard repeatsKind == .nil || repeatsKind == .boolean else {
            throw lua.error("bad value for 'repeats' of Timer (boolean expected, got \(lua.describeValue(at: -1)))")
        }
        let repeats = lua.toBool(at: -1)
        lua.pop()
        try TimerBinding.checkRoom(lua, host)
        guard lua.rawGet(1, field: "action") == .function else {
            throw lua.error("bad value for 'action' of Timer (function expected, got \(lua.describeValue(at: -1)))")
        }
        lua.push(TimerBinding.schedule(lua, host, interval: interval, repeats: repeats))
        return 1
    }
}

private func invalidate(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.withObject(object, as: Timer.self) { $0.invalidate() }
    return 0
}
