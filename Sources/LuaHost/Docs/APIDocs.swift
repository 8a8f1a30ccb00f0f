import LayerKit

/// The API reference (Markdown) and LuaLS definitions (`---@meta`) of `ca`, generated from the
/// same declarations the bindings use: LayerKit's property registry for layers, the bindings'
/// property lists for everything else. Checked in under docs/; a test fails when they are stale.
public enum APIDocs {
    /// One documented property.
    struct Property {
        let name: String
        let type: String
        let luaType: String
        let note: String
    }

    /// The properties of a kind of layer that it declares itself.
    static func layerProperties(_ kind: LayerKind) -> [Property] {
        var result = LayerBinding.registryProperties(kind).map { id -> Property in
            let spec = PropertyRegistry.spec(id)
            return Property(name: spec.name, type: LuaTypes.describe(spec.kind), luaType: LuaTypes.lua(spec.kind),
                            note: (spec.isAnimatable ? "animatable" : "not animatable") + "; default " + LuaTypes.literal(spec.defaultValue))
        }
        if kind == .layer {
            let fields: [(String, String, String, String)] = [
                ("name", "string", "string?", "a name for finding the layer"),
                ("data", "table", "table", "the script's own state on the layer"),
                ("sublayers", "array of Layer", "Layer[]", "read: a copy; set: replaces them"),
                ("superlayer", "Layer", "Layer?", "read-only"),
                ("onTap", "function(layer, point)", "fun(layer: Layer, point: ca.Point)?", "called for a click or touch on the layer"),
                ("frame", "rect", "ca.Rect", "derived from bounds, position, anchorPoint and transform; settable"),
                ("contents", "Image", "Image?", "the image drawn in the bounds"),
                ("actions", "false or {key = false}", "false|table<string, boolean>?", "turns implicit animations off"),
            ]
            result += fields.map { Property(name: $0.0, type: $0.1, luaType: $0.2, note: $0.3) }
        }
        for field in LayerBinding.kindFields(kind) {
            switch field {
            case .string: result.append(Property(name: "string", type: "string", luaType: "string", note: "the text, UTF-8"))
            case .font: result.append(Property(name: "font", type: "string", luaType: "string?", note: "a font file or family name"))
            case .path: result.append(Property(name: "path", type: "Path", luaType: "Path?", note: "the shape to fill and stroke"))
            case .emitterCells:
                result.append(Property(name: "emitterCells", type: "array of EmitterCell", luaType: "EmitterCell[]",
                                       note: "set: copies of the cells; read: the layer's own cells, live"))
            case .particleCount:
                result.append(Property(name: "particleCount", type: "integer", luaType: "integer", note: "read-only; live particles now"))
            }
        }
        return result
    }

    /// Properties of the non-layer types, by type name.
    static let otherTypes: [(name: String, parent: String?, summary: String, properties: [String], methods: [String])] = [
        ("Animation", nil, "CAAnimation and CAMediaTiming: what every animation has",
         AnimationBinding.Property.allCases.map(\.rawValue), []),
        ("PropertyAnimation", "Animation", "an animation of one key path", AnimationBinding.KeyPathProperty.allCases.map(\.rawValue), []),
        ("BasicAnimation", "PropertyAnimation", "CABasicAnimation: `ca.BasicAnimation{…}`", BasicAnimationBinding.names, []),
        ("SpringAnimation", "BasicAnimation", "CASpringAnimation: `ca.SpringAnimation{…}`", SpringAnimationBinding.names, []),
        ("KeyframeAnimation", "PropertyAnimation", "CAKeyframeAnimation: `ca.KeyframeAnimation{…}`", KeyframeAnimationBinding.names, []),
        ("AnimationGroup", "Animation", "CAAnimationGroup: `ca.AnimationGroup{…}`", ["animations"], []),
        ("MediaTimingFunction", nil, "`ca.MediaTimingFunction(name)` or `(c1x, c1y, c2x, c2y)`", ["name", "controlPoints"], ["evaluate(t)"]),
        ("Transform3D", nil, "a CATransform3D value", TransformBinding.fields + ["isIdentity"],
         ["scaled(sx, sy, sz)", "rotated(angle, x, y, z)", "translated(tx, ty, tz)", "concat(t)", "inverted()", "copy()"]),
        ("Path", nil, "`ca.Path()` and its builders", ["boundingBox", "isEmpty"],
         ["moveTo(x, y)", "lineTo(x, y)", "curveTo(c1x, c1y, c2x, c2y, x, y)", "quadCurveTo(cx, cy, x, y)",
          "arc(cx, cy, radius, startAngle, endAngle, clockwise)", "close()"]),
        ("Image", nil, "`ca.Image.load(path)`, `.circle{…}`, `.snowflake{…}`", ["width", "height", "label"], []),
        ("Timer", nil, "`ca.Timer.scheduled{…}`, `ca.every`, `ca.after`", ["interval", "repeats", "isValid", "fireTime"], ["invalidate()"]),
        ("DisplayLink", nil, "`ca.DisplayLink(fn)`", DisplayLinkBinding.names, ["invalidate()"]),
    ]

    /// An emitter cell's properties (`CellPropertyID` and the binding's fields).
    static func cellProperties() -> [Property] {
        CellPropertyID.allCases.map { id in
            let keyPath = id.isAnimatable ? "animatable (`emitterCells.NAME.\(id.name)`)" : "not animatable"
            return Property(name: id.name, type: LuaTypes.describe(id.kind), luaType: LuaTypes.lua(id.kind),
                            note: keyPath + "; default " + LuaTypes.literal(id.defaultValue))
        } + [
            Property(name: "name", type: "string", luaType: "string?", note: "for key paths and `emit`"),
            Property(name: "contents", type: "Image", luaType: "Image?", note: "each particle's image (none: nothing drawn)"),
            Property(name: "emitterCells", type: "array of EmitterCell", luaType: "EmitterCell[]",
                     note: "cells this cell's particles emit; set: copies"),
        ]
    }

    static let functions: [(String, String)] = [
        ("ca.Layer{…}, ca.TextLayer{…}, ca.ShapeLayer{…}, ca.GradientLayer{…}, ca.ReplicatorLayer{…}, ca.EmitterLayer{…}", "a new layer with the table's properties"),
        ("ca.EmitterCell{…}", "a new emitter cell (CAEmitterCell); see EmitterCell and docs/emitters.md"),
        ("ca.BasicAnimation{…}, ca.KeyframeAnimation{…}, ca.SpringAnimation{…}, ca.AnimationGroup{…}", "a new animation"),
        ("ca.Color(r, g, b[, a])", "a colour table {r, g, b, a}"),
        ("ca.MediaTimingFunction(name) / (c1x, c1y, c2x, c2y)", "a timing function; ca.Easing.easeIn.sine … the catalogue"),
        ("ca.Transform3D.identity / .scale / .rotation / .translation / .affine", "transform values"),
        ("ca.Path(), ca.Path.rect(r), .ellipse(r), .roundedRect(r, radius)", "paths"),
        ("ca.Image.load(path), .circle{radius, softness, color}, .snowflake{size, arms, seed, color}", "images"),
        ("ca.Transaction.begin(), .commit(), .setCompletionBlock(fn), .setAnimationDuration(d), .setAnimationTimingFunction(f), .setDisableActions(b), .flush()", "CATransaction"),
        ("ca.transaction(fn, {duration, timingFunction, disableActions, completion})", "fn inside a transaction"),
        ("ca.Timer.scheduled{interval, repeats, action}, ca.every(interval, fn), ca.after(delay, fn)", "timers"),
        ("ca.DisplayLink(fn)", "a callback once a frame, with actions disabled"),
        ("ca.spawn(fn), ca.wait(seconds), ca.await(fn, opts)", "tasks: sequencing without callback pyramids"),
        ("ca.now()", "the media time of the current frame"),
        ("ca.on(event, fn)", "input: " + CaLibrary.events.joined(separator: ", ")),
        ("ca.root, ca.screen, ca.persist, ca.isReload", "the root layer, {width, height, scale}, data kept across reloads, whether this run is a reload"),
    ]

    /// The Markdown reference.
    public static func markdown() -> String {
        var out = "# The `ca` API reference\n\n"
        out += "Generated from the declarations the bindings use (`snowglobe docs`); do not edit by hand.\n"
        out += "API.md is the contract; this lists every name as the running code has it.\n\n## Functions\n\n"
        for (signature, summary) in functions { out += "- `\(signature)` — \(summary)\n" }
        for kind in LayerKind.allCases {
            out += "\n## \(kind.rawValue)\n\n"
            if kind != .layer { out += "Everything Layer has, plus:\n\n" }
            out += "| property | type | notes |\n|---|---|---|\n"
            for p in layerProperties(kind) { out += "| `\(p.name)` | \(p.type) | \(p.note) |\n" }
            if kind == .layer {
                out += "\nMethods: " + LayerMethods.all.map { "`\($0.name)`" }.joined(separator: ", ") + "\n"
            }
            if kind == .emitter {
                out += "\nMethods: `emit(count[, cellName])` — a burst of particles, made when the next frame is evaluated. "
                out += "How emitters behave where Core Animation leaves it open: [emitters.md](emitters.md).\n"
            }
        }
        out += "\n## EmitterCell\n\n`ca.EmitterCell{…}` (CAEmitterCell).\n\n| property | type | notes |\n|---|---|---|\n"
        for p in cellProperties() { out += "| `\(p.name)` | \(p.type) | \(p.note) |\n" }
        for t in otherTypes {
            out += "\n## \(t.name)\n\n\(t.summary)" + (t.parent.map { "; everything \($0) has, plus:" } ?? ".") + "\n\n"
            out += "Properties: " + t.properties.map { "`\($0)`" }.joined(separator: ", ") + "\n"
            if !t.methods.isEmpty { out += "\nMethods: " + t.methods.map { "`\($0)`" }.joined(separator: ", ") + "\n" }
        }
        out += "\n## Key paths\n\nAny animatable property above, with these components:\n\n"
        for (kind, name) in [(ValueKind.point, "points"), (.size, "sizes"), (.rect, "rects"), (.transform, "transforms")] {
            out += "- \(name): " + KeyPathResolver.components(of: kind).map { "`.\($0)`" }.joined(separator: ", ") + "\n"
        }
        out += "- emitter cells (on an EmitterLayer): `emitterCells.NAME.PROPERTY` for any animatable EmitterCell property, "
        out += "nested as `emitterCells.NAME.emitterCells.SUB.PROPERTY`; `contentsRect` takes the rect components\n"
        out += "\n## Timing function names\n\n" + TimingFunction.names.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        return out
    }

    /// The LuaLS definitions file.
    public static func luaDefinitions() -> String {
        var out = "---@meta\n-- Generated by `snowglobe docs` from the declarations the bindings use; do not edit by hand.\n\n"
        out += "---@class ca.Point\n---@field x number\n---@field y number\n\n"
        out += "---@class ca.Size\n---@field width number\n---@field height number\n\n"
        out += "---@class ca.Rect\n---@field x number\n---@field y number\n---@field width number\n---@field height number\n\n"
        out += "---@class ca.ColorValue\n---@field r number\n---@field g number\n---@field b number\n---@field a number\n\n"
        out += "---@alias ca.Color string|ca.ColorValue|number[]\n\n"
        for kind in LayerKind.allCases {
            let parent = kind == .layer ? "" : ": Layer"
            out += "---@class \(kind.rawValue)\(parent)\n"
            for p in layerProperties(kind) { out += "---@field \(p.name) \(p.luaType)\n" }
            if kind == .layer {
                for method in LayerMethods.all { out += "---@field \(method.name) fun(self: Layer, ...): any\n" }
            }
            if kind == .emitter { out += "---@field emit fun(self: EmitterLayer, count: integer, cellName?: string)\n" }
            out += "\n"
        }
        out += "---@class EmitterCell\n"
        for p in cellProperties() { out += "---@field \(p.name) \(p.luaType)\n" }
        out += "\n"
        for t in otherTypes {
            out += "---@class \(t.name)\(t.parent.map { ": \($0)" } ?? "")\n"
            for p in t.properties { out += "---@field \(p) any\n" }
            for m in t.methods {
                let name = m.prefix { $0 != "(" }
                out += "---@field \(name) fun(self: \(t.name), ...): any\n"
            }
            out += "\n"
        }
        out += "---@class ca\n"
        for kind in LayerKind.allCases { out += "---@field \(kind.rawValue) fun(props?: table): \(kind.rawValue)\n" }
        out += "---@field EmitterCell fun(props?: table): EmitterCell\n"
        for name in ["BasicAnimation", "KeyframeAnimation", "SpringAnimation", "AnimationGroup"] {
            out += "---@field \(name) fun(props?: table): \(name)\n"
        }
        out += """
            ---@field Color fun(r: number, g: number, b: number, a?: number): ca.ColorValue
            ---@field MediaTimingFunction fun(nameOrC1x: string|number, c1y?: number, c2x?: number, c2y?: number): MediaTimingFunction
            ---@field Easing table<string, table<string, MediaTimingFunction>>
            ---@field Transform3D table
            ---@field Path table
            ---@field Image table
            ---@field Transaction table
            ---@field transaction fun(fn: fun(), opts?: table)
            ---@field Timer table
            ---@field every fun(interval: number, fn: fun(timer: Timer)): Timer
            ---@field after fun(delay: number, fn: fun(timer: Timer)): Timer
            ---@field DisplayLink fun(fn: fun(link: DisplayLink)): DisplayLink
            ---@field spawn fun(fn: fun())
            ---@field wait fun(seconds: number)
            ---@field await fun(fn: fun(), opts?: table)
            ---@field now fun(): number
            ---@field on fun(event: "\(CaLibrary.events.joined(separator: "\"|\""))", fn: function)
            ---@field root Layer
            ---@field screen {width: number, height: number, scale: number}
            ---@field persist table
            ---@field isReload boolean
            ca = {}

            """
        return out
    }
}

/// How value kinds read in the docs.
enum LuaTypes {
    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .choice(let options): return options.map { "`\"\($0)\"`" }.joined(separator: " ")
        default: return kind.description
        }
    }

    static func lua(_ kind: ValueKind) -> String {
        switch kind {
        case .number: return "number"
        case .bool: return "boolean"
        case .point: return "ca.Point"
        case .size: return "ca.Size"
        case .rect: return "ca.Rect"
        case .color: return "ca.Color"
        case .transform: return "Transform3D"
        case .numbers: return "number[]"
        case .colors: return "ca.Color[]"
        case .choice(let options): return options.map { "\"\($0)\"" }.joined(separator: "|")
        }
    }

    static func literal(_ value: AnimationValue) -> String {
        switch value {
        case .number(let v): return v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
        case .bool(let b): return String(b)
        case .point(let p): return "{\(fmt(p.x)), \(fmt(p.y))}"
        case .size(let s): return "{\(fmt(s.width)), \(fmt(s.height))}"
        case .rect(let r): return "{\(fmt(r.origin.x)), \(fmt(r.origin.y)), \(fmt(r.size.width)), \(fmt(r.size.height))}"
        case .color(let c): return c == .clear ? "clear" : c.hexString
        case .transform(let t): return t.isIdentity ? "identity" : "a transform"
        case .numbers(let a): return a.isEmpty ? "none" : "\(a)"
        case .colors(let a): return a.isEmpty ? "none" : "\(a.count) colours"
        case .choice(let s): return "\"\(s)\""
        }
    }

    private static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
