/// What the handler of each `ca.on` event receives, for the reference's table of events and the
/// LuaLS definitions' overloads of `ca.on`. In `CaLibrary.events`' order (a test holds the two
/// lists together).
enum EventDocs {
    /// An event: its name, the handler's parameters (name and LuaLS type), and when it comes.
    struct Event: Sendable {
        let name: String
        let parameters: [(name: String, luaType: String)]
        let summary: String
    }

    static let all: [Event] = [
        Event(name: "keydown", parameters: [("key", "string")],
              summary: "a key went down: `key` is SDL's name for it in lower case (`\"a\"`, `\"space\"`, `\"left\"`, "
                  + "`\"return\"`); holding it does not repeat. The viewer's own keys (the function keys, Home, End, Delete, Esc) "
                  + "do not reach scripts"),
        Event(name: "keyup", parameters: [("key", "string")], summary: "a key came up: `key` as for keydown"),
        Event(name: "mousedown", parameters: [("x", "number"), ("y", "number"), ("button", "integer")],
              summary: "a mouse button went down at (x, y), in points from the window's top-left corner (y down); "
                  + "`button` is 1 left, 2 middle, 3 right. The layer under the point gets its `onTap` as well"),
        Event(name: "mouseup", parameters: [("x", "number"), ("y", "number"), ("button", "integer")],
              summary: "a mouse button came up at (x, y), as for mousedown"),
        Event(name: "mousemove", parameters: [("x", "number"), ("y", "number"), ("button", "integer")],
              summary: "the mouse moved to (x, y); `button` is the lowest button held, 0 when none"),
        Event(name: "resize", parameters: [("width", "number"), ("height", "number")],
              summary: "the window was resized: `ca.root`'s bounds and `ca.screen` have the new size, in points"),
    ]

    /// The LuaLS type of a handler of `event`: `fun(key: string)`.
    static func handlerType(_ event: Event) -> String {
        "fun(" + event.parameters.map { "\($0.name): \($0.luaType)" }.joined(separator: ", ") + ")"
    }

    /// `ca.on` as a LuaLS declaration: one signature per kind of handler, the events that share
    /// it together, so that an editor knows what each handler receives.
    static var onDeclaration: String {
        var groups: [(events: [String], handler: String)] = []
        for event in all {
            let handler = handlerType(event)
            if let i = groups.firstIndex(where: { $0.handler == handler }) {
                groups[i].events.append(event.name)
            } else {
                groups.append(([event.name], handler))
            }
        }
        func events(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: "|") }
        guard let first = groups.first else { return "function ca.on(event, fn) end\n" }
        var out = "--- Calls `fn` for each input event of that kind; a scene may have several handlers of one event.\n"
        out += "---@param event \(events(first.events))\n---@param fn \(first.handler)\n"
        for group in groups.dropFirst() {
            out += "---@overload fun(event: \(events(group.events)), fn: \(group.handler))\n"
        }
        return out + "function ca.on(event, fn) end\n"
    }
}
