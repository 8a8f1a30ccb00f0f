import LayerKit

/// The API reference (Markdown) and LuaLS definitions (`---@meta`) of `ca`, generated from the
/// bindings' declarations: each class's properties and methods as `CaLibrary.bindings` register
/// them (`LuaClass`), each binding's calls for what it adds to `ca` (`CaFunctionDoc`), the
/// events `ca.on` delivers (`EventDocs`), and LayerKit's key paths and timing functions. Checked
/// in under docs/; a test fails when they are stale.
public enum APIDocs {
    /// What the bindings add to `ca`, in their order, then `ca`'s own.
    static var functions: [CaFunctionDoc] {
        CaLibrary.bindings.flatMap { $0.functions } + CaLibrary.functions
    }

    /// The Markdown reference.
    public static func markdown() -> String {
        let classes = CaLibrary.classes
        var out = "# The `ca` API reference\n\n"
        out += "Generated from the declarations the bindings use (`snowglobe docs`); do not edit by hand. New to Snowglobe? "
        out += "Start with [the tutorial](tutorial.md). What each mistake prints: [errors.md](errors.md); how time runs: "
        out += "[time.md](time.md); how emitters behave: [emitters.md](emitters.md).\n\n"
        out += conventions
        out += "\n## Functions\n\n"
        for call in functions.flatMap(\.calls) {
            out += "- `\(call.usage)`" + (call.returns.map { " → \($0)" } ?? "") + " — \(call.summary)\n"
        }
        out += "\n## Events\n\n`ca.on(event, fn)` calls `fn` with:\n\n| event | fn receives | when |\n|---|---|---|\n"
        for event in EventDocs.all {
            out += "| `\(event.name)` | `" + event.parameters.map(\.name).joined(separator: ", ") + "` | \(event.summary) |\n"
        }
        for type in classes {
            out += "\n## \(type.name)\n\n\(type.summary)."
            if let parent = parentName(of: type, in: classes) { out += " Everything \(parent) has, plus:" }
            out += "\n"
            if let example = type.example { out += "\n```lua\n\(example)\n```\n" }
            if !type.properties.isEmpty {
                out += "\n| property | type | notes |\n|---|---|---|\n"
                for p in type.properties { out += "| `\(p.name)` | \(p.type) | \(p.note) |\n" }
            }
            if !type.methods.isEmpty {
                out += "\nMethods (`object:method(…)`):\n\n"
                for m in type.methods {
                    out += "- `\(m.name)\(m.parameters)`" + (m.returns.map { " → \($0)" } ?? "") + " — \(m.note)\n"
                }
            }
        }
        out += "\n## Key paths\n\nAny animatable property above, with these components:\n\n"
        for (kind, name) in [(ValueKind.point, "points"), (.size, "sizes"), (.rect, "rects"), (.transform, "transforms")] {
            out += "- \(name): " + KeyPathResolver.components(of: kind).map { "`.\($0)`" }.joined(separator: ", ") + "\n"
        }
        out += "- emitter cells (on an EmitterLayer): `emitterCells.NAME.PROPERTY` for any animatable EmitterCell property, "
        out += "nested as `emitterCells.NAME.emitterCells.SUB.PROPERTY`; `contentsRect` takes the rect components\n"
        out += "\n## Printing values\n\n" + ValueShape.reference + "\n"
        out += "\n## Timing function names\n\n" + TimingFunction.names.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        return out
    }

    /// The units, value shapes and colour forms every part of the API uses.
    static let conventions = """
        ## Conventions

        - **Points, y down.** Positions, sizes and distances are in points, measured from the top-left \
        corner of the window, which `ca.root` fills; x grows to the right and y downwards (as in UIKit). \
        A layer's own coordinates start at the top-left of its bounds.
        - **Radians and seconds.** Angles are in radians (`math.pi` is half a turn; positive turns \
        clockwise on screen, since y is down). Times and durations are in seconds of media time, the \
        scene's clock (`ca.now()`), which starts at 0 and runs, pauses and seeks with the viewer's timeline.
        - **Values.** A point is `{x, y}` or `{x = …, y = …}`; a size `{width, height}` or \
        `{width = …, height = …}` (`w`, `h` too); a rect `{x, y, width, height}` or with those names. \
        Read back, each is a new table with named fields (`layer.frame.width`, `layer.position.x`): changing \
        that table does not change the layer, so set the whole value (`layer.position = { 10, layer.position.y }`). \
        The same goes for `layer.transform`, a copy.
        - **Colours.** Wherever a colour goes: a CSS name (`"red"`, `"cornflowerblue"`, any of the 148, and \
        `"transparent"`), a hex string (`"#f80"`, `"#f80c"`, `"#ff8800"`, `"#ff8800cc"`: the last digits \
        are the alpha), or a table of components from 0 to 1, `{r, g, b[, a]}` or `{r = …, g = …, b = …, a = …}` \
        (`ca.Color(r, g, b[, a])` makes one). Read back, a colour is `{r, g, b, a}`.
        - **Implicit animations.** Setting an animatable property of a layer that is already in the tree \
        animates it from what is on screen to the new value, over 0.25 s (or the enclosing transaction's \
        duration), as Core Animation does. For an instant change, set it inside \
        `ca.transaction(fn, { disableActions = true })`, or set `layer.actions = false`. A layer not yet on \
        screen (not in the tree, or added to it in the same transaction) takes new values at once; so \
        does every change in a display link's callback.

        """

    /// The LuaLS definitions file.
    public static func luaDefinitions() -> String {
        let classes = CaLibrary.classes
        var out = "---@meta\n-- Generated by `snowglobe docs` from the declarations the bindings use; do not edit by hand.\n\n"
        out += "---@class ca.Point\n---@field x number\n---@field y number\n\n"
        out += "---@class ca.Size\n---@field width number\n---@field height number\n\n"
        out += "---@class ca.Rect\n---@field x number\n---@field y number\n---@field width number\n---@field height number\n\n"
        out += "---@class ca.ColorValue\n---@field r number\n---@field g number\n---@field b number\n---@field a number\n\n"
        out += "---@alias ca.Color string|ca.ColorValue|number[]\n\n"
        let constructed = classesMadeFromTables(classes)
        for type in classes {
            let parent = parentName(of: type, in: classes)
            out += "---@class \(type.name)\(parent.map { ": \($0)" } ?? "")\n"
            for p in type.properties { out += "---@field \(p.name) \(p.luaType)\n" }
            for m in type.methods { out += "---@field \(m.name) \(m.luaType ?? "fun(self: \(type.name), ...): any")\n" }
            out += "\n"
            guard constructed.contains(type.name) else { continue }
            // What a constructor's table may set: every property that is not read-only, all optional,
            // points, sizes and rects as arrays too (`bounds = {0, 0, 100, 50}`).
            out += "---@class \(type.name)Props\(parent.map { ": \($0)Props" } ?? "")\n"
            for p in type.properties where !p.isReadOnly {
                let luaType = p.luaType.hasSuffix("?") ? String(p.luaType.dropLast()) : p.luaType
                let shapes = ["ca.Point", "ca.Size", "ca.Rect"].contains(luaType) ? "|number[]" : ""
                out += "---@field \(p.name)? \(luaType)\(shapes)\n"
            }
            out += "\n"
        }
        for line in functions where !line.types.isEmpty { out += line.types + "\n" }
        out += "---@class ca\n"
        for line in functions {
            for field in line.fields where line.declarations[field.name] == nil {
                out += "---@field \(field.name) \(field.luaType)\n"
            }
        }
        out += "ca = {}\n"
        for line in functions {
            for field in line.fields { if let declaration = line.declarations[field.name] { out += "\n" + declaration } }
        }
        return out
    }

    /// The classes whose constructor takes a table of properties (a `ca` field's type names
    /// their `…Props`), and the classes they inherit from.
    static func classesMadeFromTables(_ classes: [LuaClass]) -> Set<String> {
        let types = functions.flatMap { $0.fields.map(\.luaType) }.joined(separator: " ")
        var names = Set(classes.map(\.name).filter { types.contains("\($0)Props") })
        for type in classes.reversed() where names.contains(type.name) {
            if let parent = parentName(of: type, in: classes) { names.insert(parent) }
        }
        return names
    }

    /// The Lua name of the class `type` inherits from, if any.
    static func parentName(of type: LuaClass, in classes: [LuaClass]) -> String? {
        guard let parent = type.parentType else { return nil }
        return classes.first { $0.swiftType == parent }?.name
    }
}
