import LayerKit
import LuaBridge

/// `ca.Timer.scheduled{ interval, repeats, action = function(timer) … end }` (NSTimer);
/// `timer:invalidate()`, `timer.isValid`. `ca.every` and `ca.after` are written on top of it.
enum TimerBinding {
    static func register(_ lua: LuaState) {
        lua.register(LuaObjectType(Timer.self, name: "Timer", properties: ["interval", "repeats", "isValid", "fireTime"],
                                   get: getTimer, methods: [("invalidate", invalidate)]))
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.newLibrary(["scheduled": scheduled])
        lua.rawSet(ca, field: "Timer")
    }
}

private func scheduled(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        try lua.checkTable(1)
        let host = try ScriptHost.require(lua)
        var badKey: String?
        lua.forEach(in: 1) {
            if let key = lua.toString(at: -2), !["interval", "repeats", "action"].contains(key), badKey == nil { badKey = key }
        }
        if let badKey {
            let hint = Suggestions.closest(to: badKey, in: ["interval", "repeats", "action"]).map { " (did you mean '\($0)'?)" } ?? ""
            throw lua.error("unknown property '\(badKey)' on Timer\(hint)")
        }
        guard lua.rawGet(1, field: "interval") == .number, let interval = lua.toNumber(at: -1), interval.isFinite, interval >= 0 else {
            throw lua.error("bad value for 'interval' of Timer (number >= 0 expected, got \(lua.describeValue(at: -1)))")
        }
        lua.pop()
        let repeatsKind = lua.rawGet(1, field: "repeats")
        guard repeatsKind == .nil || repeatsKind == .boolean else {
            throw lua.error("bad value for 'repeats' of Timer (boolean expected, got \(lua.describeValue(at: -1)))")
        }
        let repeats = lua.toBool(at: -1)
        lua.pop()
        guard lua.rawGet(1, field: "action") == .function else {
            throw lua.error("bad value for 'action' of Timer (function expected, got \(lua.describeValue(at: -1)))")
        }
        let callback = LuaCallback(popping: lua, host: host)
        let timer = host.scene.scheduleTimer(interval: interval, repeats: repeats) { timer in
            callback.call("a timer") { lua in lua.push(timer); return 1 }
        }
        lua.push(timer)
        return 1
    }
}

private func invalidate(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try lua.checkObject(1, as: Timer.self).invalidate(); return 0 }
}

private func getTimer(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let timer = LuaState.object(object, as: Timer.self)
        switch id {
        case 0: lua.push(timer.interval)
        case 1: lua.push(timer.repeats)
        case 2: lua.push(timer.isValid)
        default: lua.push(timer.fireTime)
        }
        return 1
    }
}
