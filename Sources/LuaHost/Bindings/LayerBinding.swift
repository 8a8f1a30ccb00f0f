import LayerKit
import LuaBridge

/// The Lua face of Layer and its kinds: each kind's own registry properties (LayerKit's
/// `PropertyID`), read and set at their places in the layer's slot, then its Lua-only fields.
/// The reference's words for the kinds are in LayerBinding+Docs.swift.
enum LayerBinding: CaBinding {
    /// Layer and each kind, Layer first (their parent).
    static var classes: [LuaClass] {
        [
            layerClass(Layer.self, .layer, methods: LayerMethods.all),
            layerClass(TextLayer.self, .text),
            layerClass(ShapeLayer.self, .shape),
            layerClass(GradientLayer.self, .gradient),
            layerClass(ReplicatorLayer.self, .replicator),
            layerClass(EmitterLayer.self, .emitter, methods: EmitterCellBinding.layerMethods),
            layerClass(TransformLayer.self, .transform),
        ]
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

    /// The class of one kind, with its own properties (a kind inherits Layer's).
    private static func layerClass<T: Layer>(_ type: T.Type, _ kind: LayerKind,
                                             methods: [LuaClass.Method] = []) -> LuaClass {
        LuaClass(type, name: kind.rawValue, parent: kind == .layer ? nil : Layer.self,
                 summary: "CA\(kind.rawValue): `ca.\(kind.rawValue){…}`" + (note(kind).map { ". \($0)" } ?? ""),
                 example: example(kind), properties: ownProperties[kind] ?? [], methods: methods)
    }

    /// Each kind's own properties: its registry properties, then its Lua-only fields (Layer's
    /// `fields`, a kind's `kindFields`).
    static let ownProperties: [LayerKind: [LuaClass.Property]] = Dictionary(
        uniqueKeysWithValues: LayerKind.allCases.map { kind in
            (kind, registryProperties(kind).map(registryProperty) + (kind == .layer ? fields : kindFields(kind)))
        })

    /// The properties of each kind, its own and Layer's, by name: what its constructor sets.
    static let propertyNamed: [LayerKind: [String: LuaClass.Property]] = Dictionary(
        uniqueKeysWithValues: LayerKind.allCases.map { kind in
            (kind, LuaClass.byName((ownProperties[.layer] ?? []) + (kind == .layer ? [] : ownProperties[kind] ?? [])))
        })

    /// The registry properties a kind declares itself (Layer's for `.layer`).
    static func registryProperties(_ kind: LayerKind) -> [PropertyID] {
        PropertyRegistry.specs.filter { $0.owner == kind }.map(\.id)
    }

    // MARK: Registry properties

    /// A registry property, read at its place in the layer's slot. A finite number for a number
    /// property, or a transform, that nothing animates is stored there directly (scripts that
    /// move layers by hand set them each frame); anything else goes through `setRegistry`. The
    /// handlers take the object's pointer themselves, so that reaching one is a single closure
    /// call on the path scripts take most.
    private static func registryProperty(_ id: PropertyID) -> LuaClass.Property {
        let spec = PropertyRegistry.spec(id)
        let place = PropertyRegistry.place(id)
        let access = if place.isNumber {
            LuaProperty(spec.name,
                        get: { lua, object in LuaState.withObject(object, as: Layer.self) { lua.push($0.number(at: place)) } },
                        set: { lua, object in
                            try LuaState.withObject(object, as: Layer.self) { layer in
                                if lua.type(at: 3) == .number, let v = lua.toNumber(at: 3), v.isFinite,
                                   layer.setNumberDirectly(v, for: id, at: place) {
                                    return
                                }
                                try setRegistry(lua, layer, id, valueAt: 3)
                            }
                        })
        } else {
            LuaProperty(spec.name,
                        get: { lua, object in
                            if let host = ScriptHost.current(lua), !host.copyFieldSites.isEmpty { host.noteRead(of: spec.name) }
                            LuaState.withObject(object, as: Layer.self) { lua.push($0.value(id)) }
                        },
                        set: { lua, object in
                            try LuaState.withObject(object, as: Layer.self) { layer in
                                if let t = lua.toTransform(at: 3), layer.setTransformDirectly(t, for: id, at: place) {
                                    return
                                }
                                try setRegistry(lua, layer, id, valueAt: 3)
                            }
                        })
        }
        return LuaClass.Property(spec.name, kind: spec.kind, note(spec), access: access)
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

    // MARK: Fields

    /// Fields of every layer that are not registry properties.
    static let fields = [
        LuaClass.Property("name", "string", lua: "string?", "a name of your choosing, for finding the layer",
                          get: { (lua, layer: Layer) in lua.push(layer.name) },
                          set: { (lua, layer: Layer) in
                              layer.name = try lua.optionalString(at: 3) { badValue(lua, "name", layer, expected: "string", at: 3) }
                          }),
        LuaClass.Property("data", "table", lua: "table", "a table of the script's own, kept with the layer",
                          get: { (lua, _: Layer) in ObjectState.layers.push(lua, object: 1, field: "data", createTable: true) },
                          set: { (lua, layer: Layer) in
                              guard lua.isNoneOrNil(3) || lua.type(at: 3) == .table else {
                                  throw badValue(lua, "data", layer, expected: "table", at: 3)
                              }
                              ObjectState.layers.set(lua, object: 1, field: "data", valueAt: 3)
                          }),
        LuaClass.Property("sublayers", "array of Layer", lua: "Layer[]",
                          "back to front; read: a copy of the list; set: replaces them all",
                          get: { (lua, layer: Layer) in lua.pushArray(layer.sublayers) { lua.push($0) } },
                          set: { (lua, layer: Layer) in
                              guard lua.type(at: 3) == .table else {
                                  throw badValue(lua, "sublayers", layer, expected: "array of layers", at: 3)
                              }
                              let children = try lua.objects(inArrayAt: 3, as: Layer.self) { i, got in
                                  "bad value for 'sublayers' of \(layer.kind.rawValue) (layer expected at [\(i)], got \(got))"
                              }
                              layer.removeAllSublayers()
                              for child in children {
                                  do { try layer.addSublayer(child) } catch { throw lua.error("\(error)") }
                              }
                          }),
        LuaClass.Property("superlayer", "Layer", lua: "Layer?", "read-only; nil when not in a tree",
                          get: { (lua, layer: Layer) in lua.push(layer.superlayer) },
                          readOnlyHint: "use addSublayer"),
        LuaClass.Property("onTap", "function(layer, point)", lua: "fun(layer: Layer, point: ca.Point)?",
                          "called for a click on the layer (the frontmost layer with an onTap under the "
                              + "pointer, looking up through superlayers); `point` is in the layer's coordinates",
                          get: { (lua, _: Layer) in ObjectState.layers.push(lua, object: 1, field: "onTap") },
                          set: { (lua, layer: Layer) in
                              guard lua.isNoneOrNil(3) || lua.type(at: 3) == .function else {
                                  throw badValue(lua, "onTap", layer, expected: "function", at: 3)
                              }
                              ObjectState.layers.set(lua, object: 1, field: "onTap", valueAt: 3)
                              if let host = ScriptHost.current(lua) { host.refreshPin(layer) }
                          }),
        LuaClass.Property("frame", "rect", lua: "ca.Rect",
                          "where the layer is in its superlayer: worked out from bounds, position, anchorPoint "
                              + "and transform; setting it sets bounds and position",
                          get: { (lua, layer: Layer) in
                              if let host = ScriptHost.current(lua), !host.copyFieldSites.isEmpty { host.noteRead(of: "frame") }
                              lua.push(AnimationValue.rect(layer.frame))
                          },
                          set: { (lua, layer: Layer) in
                              guard case .rect(let r)? = lua.toAnimationValue(at: 3, kind: .rect) else {
                                  throw badValue(lua, "frame", layer, expected: LuaState.describe(.rect), at: 3)
                              }
                              layer.frame = r
                          }),
        LuaClass.Property("contents", "Image", lua: "Image?", "an image drawn in the bounds (see contentsGravity)",
                          get: { (lua, layer: Layer) in lua.push(layer.contents) },
                          set: { (lua, layer: Layer) in
                              layer.contents = try lua.optionalObject(at: 3, as: Image.self) {
                                  badValue(lua, "contents", layer, expected: "Image", at: 3)
                              }
                          }),
        LuaClass.Property("actions", "false or {key = false or Animation}", lua: "false|table<string, false|Animation>?",
                          "false: no implicit animations on this layer; `{position = false}`: none for that key; "
                              + "`{position = ca.BasicAnimation{duration = 1}}`: that animation instead of the "
                              + "default one, its keyPath and fromValue filled in as the default's are (see "
                              + "`ca.Layer.defaultAction`)",
                          get: { (lua, layer: Layer) in LayerActions.push(lua, layer) },
                          set: { (lua, layer: Layer) in try LayerActions.set(lua, layer, valueAt: 3) }),
        LuaClass.Property("maskedCorners", "array of corner names",
                          lua: "(\"minXMinY\"|\"maxXMinY\"|\"minXMaxY\"|\"maxXMaxY\")[]",
                          "which corners cornerRadius rounds (background, border and masksToBounds clip): "
                              + cornerNames + " (y down: minY is the top); not animatable; default all four",
                          get: { (lua, layer: Layer) in lua.pushArray(layer.maskedCorners.names) { lua.push($0) } },
                          set: { (lua, layer: Layer) in layer.maskedCorners = try corners(lua, layer, at: 3) }),
    ] + effectFields

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

    /// Fields of one kind of layer that are not registry properties.
    static func kindFields(_ kind: LayerKind) -> [LuaClass.Property] {
        switch kind {
        case .text: textFields
        case .emitter: emitterFields
        default: []
        }
    }

    private static let textFields = [
        LuaClass.Property("string", "string", lua: "string", "the text, UTF-8; `\\n` breaks a line",
                          get: { (lua, text: TextLayer) in lua.push(text.string) },
                          set: { (lua, text: TextLayer) in
                              guard lua.type(at: 3) == .string || lua.type(at: 3) == .number, let s = lua.toString(at: 3) else {
                                  throw badValue(lua, "string", text, expected: "string", at: 3)
                              }
                              text.string = s
                          }),
        LuaClass.Property("font", "string", lua: "string?",
                          "a font family (`\"serif\"`, `\"monospace\"`) or a font file's path",
                          get: { (lua, text: TextLayer) in lua.push(text.font) },
                          set: { (lua, text: TextLayer) in
                              text.font = try lua.optionalString(at: 3) { badValue(lua, "font", text, expected: "string", at: 3) }
                          }),
    ]

    private static let emitterFields = [
        LuaClass.Property("emitterCells", "array of EmitterCell", lua: "EmitterCell[]",
                          "set: copies of the cells; read: the layer's own cells, live",
                          get: { (lua, emitter: EmitterLayer) in EmitterCellBinding.getLayerCells(lua, emitter) },
                          set: { (lua, emitter: EmitterLayer) in try EmitterCellBinding.setLayerCells(lua, emitter, valueAt: 3) }),
        LuaClass.Property("particleCount", "integer", lua: "integer", "read-only; live particles now",
                          get: { (lua, emitter: EmitterLayer) in lua.push(emitter.particleCount) }),
    ]
}
