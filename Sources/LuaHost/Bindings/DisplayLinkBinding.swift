import LayerKit
import LuaBridge

/// `ca.DisplayLink(function(link) … end)` (CADisplayLink): called once a frame before drawing,
/// with actions disabled; `timestamp`, `targetTimestamp`, `duration`, `preferredFramesPerSecond`,
/// `paused`, `link:invalidate()`.
enum DisplayLinkBinding: CaBinding {
    /// The properties, in id order.
    static let properties = [
        LuaClass.Property("timestamp", kind: .number, "read-only; the media time of the frame being prepared"),
        LuaClass.Property("targetTimestamp", kind: .number, "read-only; the time the next frame is expected"),
        LuaClass.Property("duration", kind: .number, "read-only; seconds between frames"),
        LuaClass.Property("preferredFramesPerSecond", kind: .number, "calls per second wanted, >= 0 (0: every frame)"),
        LuaClass.Property("paused", kind: .bool, "while true the callback is skipped"),
        LuaClass.Property("isValid", kind: .bool, "read-only; false once invalidated"),
    ]

    /// The most display links a script may have at once: callbacks that each add two more would
    /// otherwise double in number every frame until the host stops.
    static let maxLinks = 10_000

    static var classes: [LuaClass] {
        [LuaClass(DisplayLink.self, name: "DisplayLink",
                  summary: "CADisplayLink: `ca.DisplayLink(fn)`; `fn(link)` runs once a frame, before it is drawn, "
                      + "with implicit animations off (set properties directly, frame by frame)",
                  example: """
                      local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, backgroundColor = "crimson" }
                      ca.root:addSublayer(box)
                      ca.DisplayLink(function(link)
                        local t = link.timestamp   -- seconds of media time
                        box.position = { 200 + 100 * math.cos(t), 150 + 100 * math.sin(t) }
                      end)
                      """,
                  properties: properties, get: getLink, set: setLink,
                  methods: [LuaClass.Method("invalidate", "()", invalidate, "stops the link for good",
                                            lua: "fun(self: DisplayLink)")])]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.DisplayLink(fn)", returns: "DisplayLink",
                                                  "calls `fn(link)` once a frame (60 times a second of media time, fewer "
                                                      + "with preferredFramesPerSecond), with implicit animations off, until "
                                                      + "invalidated; a call that fails (an error, or more than 0.1 s) stops the link")],
                       fields: [("DisplayLink", "fun(fn: fun(link: DisplayLink)): DisplayLink")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(makeLink, named: "DisplayLink", inTableAt: ca)
    }
}

private func makeLink(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        try lua.checkFunction(1)
        let host = try ScriptHost.require(lua)
        guard host.scene.displayLinkCount < DisplayLinkBinding.maxLinks else {
            throw lua.error("too many display links: \(DisplayLinkBinding.maxLinks) are running (invalidate some, or let one link do the work)")
        }
        lua.top = 1
        let callback = LuaCallback(popping: lua, host: host)
        // A link whose call fails is invalidated: its error is told once, not every frame.
        let link = host.scene.addDisplayLink { link in
            if !callback.call("a display link", repeating: true, { lua in lua.push(link); return 1 }) { link.invalidate() }
        }
        lua.push(link)
        return 1
    }
}

private func invalidate(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.withObject(object, as: DisplayLink.self) { $0.invalidate() }
    return 0
}

private func getLink(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let link = LuaState.object(object, as: DisplayLink.self)
        switch id {
        case 0: lua.push(link.timestamp)
        case 1: lua.push(link.targetTimestamp)
        case 2: lua.push(link.duration)
        case 3: lua.push(link.preferredFramesPerSecond)
        case 4: lua.push(link.isPaused)
        default: lua.push(link.isValid)
        }
        return 1
    }
}

private func setLink(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let link = LuaState.object(object, as: DisplayLink.self)
        switch id {
        case 3:
            guard lua.type(at: 3) == .number, let v = lua.toNumber(at: 3), v.isFinite, v >= 0 else {
                throw lua.error("bad value for 'preferredFramesPerSecond' of DisplayLink (number >= 0 expected, got \(lua.describeValue(at: 3)))")
            }
            link.preferredFramesPerSecond = v
        case 4:
            guard lua.type(at: 3) == .boolean else {
                throw lua.error("bad value for 'paused' of DisplayLink (boolean expected, got \(lua.describeValue(at: 3)))")
            }
            link.isPaused = lua.toBool(at: 3)
        default:
            throw lua.error("cannot set read-only property '\(DisplayLinkBinding.properties[safe: Int(id)]?.name ?? "?")' on DisplayLink")
        }
        return 0
    }
}
