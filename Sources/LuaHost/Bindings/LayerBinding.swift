import LayerKit
import LuaBridge

/// The Lua face of Layer and its kinds. Registry properties (LayerKit's `PropertyID`) are read
/// and set through one pair of handlers per kind; the Lua-only fields are listed here.
enum LayerBinding: CaBinding {
    /// Fields of every layer that are not registry properties.
    enum Field: String, CaseIterable {
        case name, data, sublayers, superlayer, onTap, frame, contents, actions
        // Which corners round
        case maskedCorners
        // Masks, filters, compositing filters (LayerBinding+Effects.swift).
        case mask, filters, compositingFilter

        var doc: LuaClass.Property {
            switch self {
            case .maskedCorners:
                LuaClass.Property("maskedCorners", "array of corner names", lua: "(\"minXMinY\"|\"maxXMinY\"|\"minXMaxY\"|\"maxXMaxY\")[]",
                                  "which corners cornerRadius rounds (background, border and masksToBounds clip): "
                                      + LayerBinding.cornerNames + " (y down: minY is the top); not animatable; "
                                      + "default all four")
            case .name: LuaClass.Property("name", "string", lua: "string?", "a name of your choosing, for finding the layer")
            case .data:
                LuaClass.Property("data", "table", lua: "table", "a table of the script's own, kept with the layer")
            case .sublayers:
                LuaClass.Property("sublayers", "array of Layer", lua: "Layer[]",
                                  "back to front; read: a copy of the list; set: replaces them all")
            case .superlayer: LuaClass.Property("superlayer", "Layer", lua: "Layer?", "read-only; nil when not in a tree")
            case .onTap:
                LuaClass.Property("onTap", "function(layer, point)", lua: "fun(layer: Layer, point: ca.Point)?",
                                  "called for a click on the layer (the frontmost layer with an onTap under the "
                                      + "pointer, looking up through superlayers); `point` is in the layer's coordinates")
            case .frame:
                LuaClass.Property("frame", "rect", lua: "ca.Rect",
                                  "where the layer is in its superlayer: worked out from bounds, position, anchorPoint "
                                      + "and transform; setting it sets bounds and position")
            case .contents:
                LuaClass.Property("contents", "Image", lua: "Image?", "an image drawn in the bounds (see contentsGravity)")
            case .mask, .filters, .compositingFilter:
                LayerBinding.effectDoc(self)
            case .actions:
                LuaClass.Property("actions", "false or {key = false or Animation}", lua: "false|table<string, false|Animation>?",
                                  "false: no implicit animations on this layer; `{position = false}`: none for that key; "
                                      + "`{position = ca.BasicAnimation{duration = 1}}`: that animation instead of the "
                                      + "default one, its keyPath and fromValue filled in as the default's are (see "
                                      + "`ca.Layer.defaultAction`)")
            }
        }
    }

    /// Fields of one kind of layer that are not registry properties.
    enum KindField: String {
        case string, font
        case emitterCells, particleCount

        var doc: LuaClass.Property {
            switch self {
            case .string: LuaClass.Property("string", "string", lua: "string", "the text, UTF-8; `\\n` breaks a line")
            case .font:
                LuaClass.Property("font", "string", lua: "string?",
                                  "a font family (`\"serif\"`, `\"monospace\"`) or a font file's path")
            case .emitterCells:
                LuaClass.Property("emitterCells", "array of EmitterCell", lua: "EmitterCell[]",
                                  "set: copies of the cells; read: the layer's own cells, live")
            case .particleCount:
                LuaClass.Property("particleCount", "integer", lua: "integer", "read-only; live particles now")
            }
        }
    }

    /// Layer and each kind, Layer first (their parent).
    static var classes: [LuaClass] {
        [
            layerClass(Layer.self, .layer, get: getLayer, set: setLayer, methods: LayerMethods.all,
                       note: "A rectangle with a background, border, corners, shadow and an image, holding sublayers"),
            layerClass(TextLayer.self, .text, get: getText, set: setText),
            layerClass(ShapeLayer.self, .shape, get: getShape, set: setShape),
            layerClass(GradientLayer.self, .gradient, get: getGradient, set: setGradient),
            layerClass(ReplicatorLayer.self, .replicator, get: getReplicator, set: setReplicator),
            layerClass(EmitterLayer.self, .emitter, get: getEmitter, set: setEmitter,
                       methods: EmitterCellBinding.layerMethods,
                       note: "How emitters behave where Core Animation leaves it open: [emitters.md](emitters.md)"),
            layerClass(TransformLayer.self, .transform, get: getTransform, set: setTransform,
                       note: "Its sublayers keep their 3D places, drawn nearest last; it draws nothing of its own "
                           + "(background, border, contents, shadow and masksToBounds are ignored) and its opacity "
                           + "applies to each sublayer. `hitTest` passes over it to its sublayers"),
        ]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: LayerKind.allCases.map { kind in
                           CaFunctionDoc.Call("ca.\(kind.rawValue){…}", returns: kind.rawValue,
                                              "a new \(kind.rawValue), not yet in the tree, with the table's properties set "
                                                  + "(any of \(kind.rawValue)'s, `sublayers` last)")
                       } + [
                           CaFunctionDoc.Call("ca.Layer.defaultAction(key)", returns: "BasicAnimation or nil",
                                              "the animation a change of `key` (a property or key path) gets when the "
                                                  + "layer's `actions` give none: a BasicAnimation on `key` with the "
                                                  + "transaction's duration and timing function, which starts from the "
                                                  + "value on screen; nil for a key that does not animate"),
                       ],
                       fields: LayerKind.allCases.map {
                           ($0.rawValue, $0 == .layer ? "ca.LayerLib" : "fun(props?: \($0.rawValue)Props): \($0.rawValue)")
                       },
                       types: """
                           ---@class ca.LayerLib
                           ---@overload fun(props?: LayerProps): Layer
                           ---@field new fun(props?: LayerProps): Layer
                           ---@field defaultAction fun(key: string): BasicAnimation?

                           """)]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        for (kind, constructor) in LayerMethods.constructors where kind != .layer {
            lua.setFunction(constructor, named: kind.rawValue, inTableAt: ca)
        }
        // `ca.Layer` is a table to hold `defaultAction`; calling it makes a layer, with the
        // messages of a plain function (its `__call` drops the table before the arguments).
        lua.newLibrary(["new": LayerMethods.newLayerFunction, "defaultAction": defaultLayerAction])
        lua.newLibrary(["__call": LayerMethods.callLayerFunction])
        lua.setMetatable(-2)
        lua.rawSet(ca, field: LayerKind.layer.rawValue)
    }

    /// The class of one kind: its own registry properties, then its Lua-only fields (Layer's
    /// `Field`s, a kind's `KindField`s), in the order of the handlers' ids.
    private static func layerClass<T: Layer>(_ type: T.Type, _ kind: LayerKind, get: @escaping LuaPropertyHandler,
                                             set: @escaping LuaPropertyHandler, methods: [LuaClass.Method] = [],
                                             note: String? = nil) -> LuaClass {
        let registry = registryProperties(kind).map { id in
            let spec = PropertyRegistry.spec(id)
            return LuaClass.Property(spec.name, kind: spec.kind,
                                     id.about + (pitfalls[id].map { ". \($0)" } ?? "") + "; "
                                         + (spec.isAnimatable ? "animatable" : "not animatable") + "; default "
                                         + LuaTypes.literal(spec.defaultValue))
        }
        let fields = kind == .layer ? Field.allCases.map(\.doc) : kindFields(kind).map(\.doc)
        return LuaClass(type, name: kind.rawValue, parent: kind == .layer ? nil : Layer.self,
                        summary: "CA\(kind.rawValue): `ca.\(kind.rawValue){…}`" + (note.map { ". \($0)" } ?? ""),
                        example: example(kind), properties: registry + fields, get: get, set: set, methods: methods)
    }

    /// What the reference warns of, beside a property's meaning.
    static let pitfalls: [PropertyID: String] = [
        .emitterPosition: "Setting it on a layer in the tree animates it implicitly, so particles born in the next "
            + "0.25 s (a burst from `emit` too) come from between the old place and the new: move it inside "
            + "`ca.transaction(fn, { disableActions = true })` first",
    ]

    /// A few lines using a kind of layer, for the reference (each runs as a script, in a test).
    static func example(_ kind: LayerKind) -> String {
        switch kind {
        case .layer:
            return """
                local card = ca.Layer{
                  bounds = { 0, 0, 160, 100 },      -- points
                  position = { 200, 150 },          -- the middle (anchorPoint {0.5, 0.5}) goes here
                  backgroundColor = "#2d6cdf",
                  cornerRadius = 12,
                  shadowOpacity = 0.4,
                }
                ca.root:addSublayer(card)
                card.onTap = function(layer, point) layer.opacity = 0.5 end   -- animates over 0.25 s
                """
        case .text:
            return """
                local label = ca.TextLayer{
                  string = "Hello, snow",
                  fontSize = 28,
                  foregroundColor = "white",
                  alignmentMode = "center",
                  frame = { 0, 40, ca.screen.width, 40 },
                }
                ca.root:addSublayer(label)
                """
        case .shape:
            return """
                local ring = ca.ShapeLayer{
                  path = ca.Path.ellipse{ 0, 0, 120, 120 },
                  frame = { 100, 100, 120, 120 },
                  fillColor = "transparent",
                  strokeColor = "orange",
                  lineWidth = 6,
                  strokeEnd = 0,
                }
                ca.root:addSublayer(ring)
                ring:addAnimation(ca.BasicAnimation{ keyPath = "strokeEnd", fromValue = 0, toValue = 1, duration = 2,
                                                     fillMode = "forwards", removedOnCompletion = false }, "draw")
                """
        case .gradient:
            return """
                local sky = ca.GradientLayer{
                  frame = ca.root.bounds,
                  colors = { "#0b1a33", "#2d4f7c", "#f3a712" },
                  locations = { 0, 0.7, 1 },
                }
                ca.root:addSublayer(sky)
                """
        case .replicator:
            return """
                local dots = ca.ReplicatorLayer{ frame = { 100, 100, 300, 40 }, instanceCount = 8,
                                                 instanceTransform = ca.Transform3D.translation(36, 0),
                                                 instanceDelay = 0.1 }
                local dot = ca.Layer{ frame = { 0, 0, 24, 24 }, cornerRadius = 12, backgroundColor = "white" }
                dots:addSublayer(dot)
                ca.root:addSublayer(dots)
                dot:addAnimation(ca.BasicAnimation{ keyPath = "opacity", fromValue = 1, toValue = 0.1, duration = 0.8,
                                                    autoreverses = true, repeatCount = math.huge }, "pulse")
                """
        case .emitter:
            return """
                local sparks = ca.EmitterLayer{
                  frame = ca.root.bounds,
                  emitterPosition = { 200, 150 },
                  emitterCells = { ca.EmitterCell{
                    name = "spark", contents = ca.Image.circle{ radius = 4 }, color = "gold",
                    birthRate = 40, lifetime = 1.5, velocity = 120, emissionRange = 2 * math.pi,
                  } },
                }
                ca.root:addSublayer(sparks)
                ca.on("mousedown", function(x, y)
                  ca.transaction(function() sparks.emitterPosition = { x, y } end, { disableActions = true })
                  sparks:emit(50)
                end)
                """
        case .transform:
            return """
                local stage = ca.Layer{ frame = ca.root.bounds }
                local t = ca.Transform3D.identity
                t.m34 = -1 / 500                   -- one perspective for everything on the stage
                stage.sublayerTransform = t
                ca.root:addSublayer(stage)
                local cube = ca.TransformLayer{ bounds = { 0, 0, 100, 100 }, position = { 200, 150 } }
                local function face(color, turn)   -- each face 50 points out from the centre, then turned
                  cube:addSublayer(ca.Layer{ bounds = { 0, 0, 100, 100 }, position = { 50, 50 },
                                             backgroundColor = color, transform = turn:translated(0, 0, 50) })
                end
                face("tomato", ca.Transform3D.identity)
                face("gold", ca.Transform3D.rotation(math.pi / 2, 0, 1, 0))
                face("seagreen", ca.Transform3D.rotation(math.pi, 0, 1, 0))
                face("royalblue", ca.Transform3D.rotation(-math.pi / 2, 0, 1, 0))
                stage:addSublayer(cube)
                cube:addAnimation(ca.BasicAnimation{ keyPath = "transform.rotation.y", fromValue = 0,
                                                     toValue = 2 * math.pi, duration = 4, repeatCount = math.huge })
                """
        }
    }

    /// The registry properties a kind declares itself (Layer's for `.layer`).
    static func registryProperties(_ kind: LayerKind) -> [PropertyID] {
        PropertyRegistry.specs.filter { $0.owner == kind }.map(\.id)
    }

    static func kindFields(_ kind: LayerKind) -> [KindField] {
        switch kind {
        case .text: return [.string, .font]
        case .emitter: return [.emitterCells, .particleCount]
        default: return []
        }
    }

    /// A registry property of a kind's own list, with where it lives.
    struct Entry {
        let id: PropertyID
        let place: PropertyRegistry.Place
    }

    /// Each kind's own registry properties, by `LayerKind.index`, each list by handler id (no
    /// hashing, and one lookup, on the access path).
    private static let tables: [[Entry]] = {
        var tables = [[Entry]](repeating: [], count: LayerKind.allCases.count)
        for kind in LayerKind.allCases {
            tables[kind.index] = registryProperties(kind).map { Entry(id: $0, place: PropertyRegistry.place($0)) }
        }
        return tables
    }()

    /// The entry of handler id `index` in `kind`'s own list, or nil past its end.
    @inline(__always) static func entry(_ kind: LayerKind, _ index: Int) -> Entry? {
        tables.withUnsafeBufferPointer { all in
            all[kind.index].withUnsafeBufferPointer { table in
                index >= 0 && index < table.count ? table[index] : nil
            }
        }
    }

    /// How many registry properties `kind` declares itself.
    static func registryCount(_ kind: LayerKind) -> Int {
        tables[kind.index].count
    }

    // MARK: Shared property logic

    /// Pushes property `id` of the kind's own list.
    static func get(_ lua: LuaState, _ layer: Layer, _ kind: LayerKind, _ id: Int32) throws(LuaRaise) -> Int32 {
        let index = Int(id)
        if let entry = entry(kind, index) {
            if entry.place.isNumber {
                lua.push(layer.number(at: entry.place))
            } else {
                if let host = ScriptHost.current(lua), !host.copyFieldSites.isEmpty {
                    host.noteRead(of: PropertyRegistry.spec(entry.id).name)
                }
                lua.push(layer.value(entry.id))
            }
            return 1
        }
        let fieldIndex = index - registryCount(kind)
        if kind == .layer {
            guard fieldIndex >= 0, fieldIndex < Field.allCases.count else { return 0 }
            return try getField(lua, layer, Field.allCases[fieldIndex])
        }
        let fields = kindFields(kind)
        guard fieldIndex >= 0, fieldIndex < fields.count else { return 0 }
        return try getKindField(lua, layer, fields[fieldIndex])
    }

    /// Sets property `id` of the kind's own list from the value at index 3.
    static func set(_ lua: LuaState, _ layer: Layer, _ kind: LayerKind, _ id: Int32) throws(LuaRaise) {
        let index = Int(id)
        if let entry = entry(kind, index) {
            // The fast path: a finite number for a number property that nothing animates.
            if entry.place.isNumber, lua.type(at: 3) == .number, let v = lua.toNumber(at: 3), v.isFinite,
               layer.setNumberDirectly(v, for: entry.id, at: entry.place) {
                return
            }
            // And for a transform, which scripts that place layers by hand set each frame.
            if !entry.place.isNumber, let t = lua.toTransform(at: 3), layer.setTransformDirectly(t, for: entry.id, at: entry.place) {
                return
            }
            try setRegistry(lua, layer, entry.id, valueAt: 3)
            return
        }
        let fieldIndex = index - registryCount(kind)
        if kind == .layer {
            guard fieldIndex >= 0, fieldIndex < Field.allCases.count else { return }
            try setField(lua, layer, Field.allCases[fieldIndex], valueAt: 3)
            return
        }
        let fields = kindFields(kind)
        guard fieldIndex >= 0, fieldIndex < fields.count else { return }
        try setKindField(lua, layer, fields[fieldIndex], valueAt: 3)
    }

    /// Sets a registry property from the value at `index`, with the message for a wrong value.
    static func setRegistry(_ lua: LuaState, _ layer: Layer, _ property: PropertyID, valueAt index: Int32) throws(LuaRaise) {
        let spec = PropertyRegistry.spec(property)
        guard let value = lua.toAnimationValue(at: index, kind: spec.kind) else {
            throw badValue(lua, spec.name, layer, expected: LuaState.describe(spec.kind), at: index, kind: spec.kind)
        }
        do {
            try layer.setValue(value, for: property)
        } catch .outOfRange(_, let expected) {
            throw badValue(lua, spec.name, layer, expected: expected, at: index)
        } catch {
            throw lua.error("\(error)")
        }
    }

    /// The corner names `maskedCorners` takes, quoted, for docs and messages.
    static let cornerNames = CornerMask.named.map { "'\($0.name)'" }.joined(separator: ", ")

    /// The error for a wrong value of `name`; `kind`, when given, is the value kind expected, so
    /// that a misspelt colour name gets its "did you mean".
    static func badValue(_ lua: LuaState, _ name: String, _ layer: Layer, expected: String, at index: Int32,
                         kind: ValueKind? = nil) -> LuaRaise {
        let got = kind.map { lua.describeValue(at: index, expecting: $0) } ?? lua.describeValue(at: index)
        return lua.error("bad value for '\(name)' of \(layer.kind.rawValue) (\(expected) expected, got \(got))")
    }

    private static func getField(_ lua: LuaState, _ layer: Layer, _ field: Field) throws(LuaRaise) -> Int32 {
        switch field {
        case .name:
            if let name = layer.name { lua.push(name) } else { lua.pushNil() }
        case .data:
            ObjectState.layers.push(lua, object: 1, field: "data", createTable: true)
        case .onTap:
            ObjectState.layers.push(lua, object: 1, field: "onTap")
        case .sublayers:
            lua.newTable(arrayCount: Int32(layer.sublayers.count))
            for (i, sublayer) in layer.sublayers.enumerated() {
                lua.push(sublayer)
                lua.rawSet(-2, index: i + 1)
            }
        case .superlayer:
            if let parent = layer.superlayer { lua.push(parent) } else { lua.pushNil() }
        case .frame:
            if let host = ScriptHost.current(lua), !host.copyFieldSites.isEmpty { host.noteRead(of: "frame") }
            lua.push(AnimationValue.rect(layer.frame))
        case .contents:
            if let image = layer.contents { lua.push(image) } else { lua.pushNil() }
        case .mask, .filters, .compositingFilter:
            getEffect(lua, layer, field)
        case .maskedCorners:
            let names = layer.maskedCorners.names
            lua.newTable(arrayCount: Int32(names.count))
            for (i, name) in names.enumerated() {
                lua.push(name)
                lua.rawSet(-2, index: i + 1)
            }
        case .actions:
            LayerActions.push(lua, layer)
        }
        return 1
    }

    private static func setField(_ lua: LuaState, _ layer: Layer, _ field: Field, valueAt index: Int32) throws(LuaRaise) {
        switch field {
        case .name:
            if lua.isNoneOrNil(index) { layer.name = nil; return }
            guard lua.type(at: index) == .string, let name = lua.toString(at: index) else {
                throw badValue(lua, "name", layer, expected: "string", at: index)
            }
            layer.name = name
        case .data:
            guard lua.isNoneOrNil(index) || lua.type(at: index) == .table else {
                throw badValue(lua, "data", layer, expected: "table", at: index)
            }
            ObjectState.layers.set(lua, object: 1, field: "data", valueAt: index)
        case .onTap:
            guard lua.isNoneOrNil(index) || lua.type(at: index) == .function else {
                throw badValue(lua, "onTap", layer, expected: "function", at: index)
            }
            ObjectState.layers.set(lua, object: 1, field: "onTap", valueAt: index)
            if let host = ScriptHost.current(lua) { host.refreshPin(layer) }
        case .sublayers:
            guard lua.type(at: index) == .table else {
                throw badValue(lua, "sublayers", layer, expected: "array of layers", at: index)
            }
            let children = try lua.objects(inArrayAt: index, as: Layer.self) { i, got in
                "bad value for 'sublayers' of \(layer.kind.rawValue) (layer expected at [\(i)], got \(got))"
            }
            layer.removeAllSublayers()
            for child in children {
                do { try layer.addSublayer(child) } catch { throw lua.error("\(error)") }
            }
        case .superlayer:
            throw lua.error("cannot set read-only property 'superlayer' on \(layer.kind.rawValue) (use addSublayer)")
        case .frame:
            guard case .rect(let r)? = lua.toAnimationValue(at: index, kind: .rect) else {
                throw badValue(lua, "frame", layer, expected: LuaState.describe(.rect), at: index)
            }
            layer.frame = r
        case .contents:
            if lua.isNoneOrNil(index) { layer.contents = nil; return }
            guard let image = lua.toObject(index, as: Image.self) else {
                throw badValue(lua, "contents", layer, expected: "Image", at: index)
            }
            layer.contents = image
        case .mask, .filters, .compositingFilter:
            try setEffect(lua, layer, field, valueAt: index)
        case .maskedCorners:
            layer.maskedCorners = try corners(lua, layer, at: index)
        case .actions:
            try LayerActions.set(lua, layer, valueAt: index)
        }
    }

    /// The corners named in the array at `index`, for `maskedCorners`.
    private static func corners(_ lua: LuaState, _ layer: Layer, at index: Int32) throws(LuaRaise) -> CornerMask {
        guard lua.type(at: index) == .table else {
            throw badValue(lua, "maskedCorners", layer, expected: "array of corner names", at: index)
        }
        let table = lua.absIndex(index)
        var mask: CornerMask = []
        let count = lua.rawLength(table)
        for i in 1...max(1, count) where i <= count {
            _ = lua.rawGet(table, index: i)
            let corner = lua.type(at: -1) == .string ? lua.toString(at: -1).flatMap(CornerMask.init(name:)) : nil
            guard let corner else {
                let got = lua.describeValue(at: -1)
                lua.pop()
                throw lua.error("bad value for 'maskedCorners' of \(layer.kind.rawValue) (one of \(cornerNames) "
                                    + "expected at [\(i)], got \(got))")
            }
            lua.pop()
            mask.insert(corner)
        }
        return mask
    }

    private static func getKindField(_ lua: LuaState, _ layer: Layer, _ field: KindField) throws(LuaRaise) -> Int32 {
        switch field {
        case .string: lua.push((layer as? TextLayer)?.string ?? "")
        case .font:
            if let font = (layer as? TextLayer)?.font { lua.push(font) } else { lua.pushNil() }
        case .emitterCells:
            EmitterCellBinding.getLayerCells(lua, layer)
        case .particleCount:
            lua.push((layer as? EmitterLayer)?.particleCount ?? 0)
        }
        return 1
    }

    private static func setKindField(_ lua: LuaState, _ layer: Layer, _ field: KindField, valueAt index: Int32) throws(LuaRaise) {
        switch field {
        case .string:
            guard let text = layer as? TextLayer else { return }
            guard lua.type(at: index) == .string || lua.type(at: index) == .number, let s = lua.toString(at: index) else {
                throw badValue(lua, "string", layer, expected: "string", at: index)
            }
            text.string = s
        case .font:
            guard let text = layer as? TextLayer else { return }
            if lua.isNoneOrNil(index) { text.font = nil; return }
            guard lua.type(at: index) == .string, let s = lua.toString(at: index) else {
                throw badValue(lua, "font", layer, expected: "string", at: index)
            }
            text.font = s
        case .emitterCells:
            try EmitterCellBinding.setLayerCells(lua, layer, valueAt: index)
        case .particleCount:
            throw lua.error("cannot set read-only property 'particleCount' on \(layer.kind.rawValue)")
        }
    }
}

// MARK: - Handlers (one pair per kind)

private func getLayer(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.get(lua, layer, .layer, id) } }
}
private func setLayer(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.set(lua, layer, .layer, id) }; return 0 }
}
private func getText(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.get(lua, layer, .text, id) } }
}
private func setText(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.set(lua, layer, .text, id) }; return 0 }
}
private func getShape(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.get(lua, layer, .shape, id) } }
}
private func setShape(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.set(lua, layer, .shape, id) }; return 0 }
}
private func getGradient(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.get(lua, layer, .gradient, id) } }
}
private func setGradient(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.set(lua, layer, .gradient, id) }; return 0 }
}
private func getReplicator(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.get(lua, layer, .replicator, id) } }
}
private func setReplicator(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.set(lua, layer, .replicator, id) }; return 0 }
}
private func getEmitter(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.get(lua, layer, .emitter, id) } }
}
private func setEmitter(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.set(lua, layer, .emitter, id) }; return 0 }
}
private func getTransform(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.get(lua, layer, .transform, id) } }
}
private func setTransform(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in try LuaState.withObject(object, as: Layer.self) { layer in try LayerBinding.set(lua, layer, .transform, id) }; return 0 }
}
