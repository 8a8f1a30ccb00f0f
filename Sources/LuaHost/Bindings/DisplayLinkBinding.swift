import LayerKit
import LuaBridge

/// `ca.DisplayLink(function(link) … end)` (CADisplayLink): called once a frame before drawing,
/// with actions disabled; `timestamp`, `targetTimestamp`, `duration`, `preferredFramesPerSecond`,
/// `paused`, `link:invalidate()`.
enum DisplayLinkBinding: CaBinding {
    /// The properties.
    static let properties = [
        LuaClass.Property("timestamp", kind: .number, "read-only; the media time of the frame being prepared",
                          get: { (lua, link: DisplayLink) in lua.push(link.timestamp) }),
        LuaClass.Property("targetTimestamp", kind: .number, "read-only; the time the next frame is expected",
                          get: { (lua, link: DisplayLink) in lua.push(link.targetTimestamp) }),
        LuaClass.Property("duration", kind: .number, "read-only; seconds between frames",
                          get: { (lua, link: DisplayLink) in lua.push(link.duration) }),
        LuaClass.Property("preferredFramesPerSecond", kind: .number, "calls per second wanted, >= 0 (0: every frame)",
                          get: { (lua, link: DisplayLink) in lua.push(link.preferredFramesPerSecond) },
                          set: { (lua, link: DisplayLink) in
                              guard lua.type(at: 3) == .number, let v = lua.toNumber(at: 3), v.isFinite, v >= 0 else {
                                  throw lua.error("bad value for 'preferredFramesPerSecond' of DisplayLink (number >= 0 expected, got \(lua.describeValue(at: 3)))")
                              }
                              link.preferredFramesPerSecond = v
                          }),
        LuaClass.Property("paused", kind: .bool, "while true the callback is skipped",
                          get: { (lua, link: DisplayLink) in lua.push(link.isPaused) },
                          set: { (lua, link: DisplayLink) in
                              guard lua.type(at: 3) == .boolean else {
                                  throw lua.error("bad value for 'paused' of DisplayLink (boolean expected, got \(lua.describeValue(at: 3)))")
                              }
                              link.isPaused = lua.toBool(at: 3)
                          }),
        LuaClass.Property("isValid", kind: .bool, "read-only; false once invalidated",
                          get: { (lua, link: DisplayLink) in lua.push(link.isValid) }),
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
                  properties: properties,
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
