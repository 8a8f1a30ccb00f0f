import LayerKit
import LuaBridge

/// `ca.EmitterCell{…}` (CAEmitterCell): every `CellPropertyID` with Core Animation's defaults,
/// plus `name`, `contents` (an Image) and `emitterCells` (sub-cells, copied when set, as an
/// emitter layer copies its cells). Also the emitter layer's own cell fields.
enum EmitterCellBinding: CaBinding {
    /// Every property, in the order a constructor applies them: each `CellPropertyID`, then the
    /// fields that are not.
    static let properties = CellPropertyID.allCases.map(cellProperty) + [
        LuaClass.Property("name", "string", lua: "string?",
                          "names the cell for key paths (`emitterCells.NAME.birthRate`) and `emit`",
                          get: { (lua, cell: EmitterCell) in lua.push(cell.name) },
                          set: { (lua, cell: EmitterCell) in
                              cell.name = try lua.optionalString(at: 3) { badValue(lua, "name", expected: "string") }
                          }),
        LuaClass.Property("contents", "Image", lua: "Image?", "each particle's image (none: nothing drawn)",
                          get: { (lua, cell: EmitterCell) in lua.push(cell.contents) },
                          set: { (lua, cell: EmitterCell) in
                              cell.contents = try lua.optionalObject(at: 3, as: Image.self) {
                                  badValue(lua, "contents", expected: "Image")
                              }
                          }),
        LuaClass.Property("emitterCells", "array of EmitterCell", lua: "EmitterCell[]",
                          "cells each of this cell's particles emits in turn; set: copies",
                          get: { (lua, cell: EmitterCell) in pushCells(lua, cell.emitterCells) },
                          set: { (lua, cell: EmitterCell) in
                              let cells = try checkCells(lua, at: 3, field: "emitterCells", of: "EmitterCell")
                              do { try cell.setEmitterCells(cells) } catch { throw lua.error("\(error)") }
                          }),
        textureFilter("minificationFilter", "how `contents` is read when a particle is drawn smaller than the image; "
                          + "not animatable; default \"linear\"", \.minificationFilter),
        textureFilter("magnificationFilter", "how `contents` is read when a particle is drawn larger than the image "
                          + "(`\"nearest\"`: crisp pixel art); not animatable; default \"linear\"", \.magnificationFilter),
        timing(.beginTime, "when the cell starts emitting, in seconds of its emitter's running time (a sub-cell: "
                   + "of the emitting particle's age); default 0"),
        timing(.duration, "seconds of one cycle of emission; 0 (the default): for ever"),
        timing(.speed, "how fast the cell's time runs: its cycles take duration / speed; default 1"),
        timing(.timeOffset, "shifts the cell's time within its active time (as an animation's); default 0"),
        timing(.repeatCount, "cycles to emit for (`math.huge`: for ever); default 0, one cycle"),
        timing(.repeatDuration, "seconds to emit for, instead of repeatCount when positive; default 0"),
        timing(.autoreverses, "whether each cycle runs forwards then back (a cycle lasts twice the duration); "
                   + "default false"),
        LuaClass.Property("fillMode", kind: FillMode.valueKind,
                          "\"backwards\": the cell also emits before its beginTime; \"forwards\": also after "
                              + "its active time; \"both\"; default \"removed\": only in its active time",
                          access: AnimationBinding.timingAccess(.fillMode, of: EmitterCell.self)),
    ]
    static let propertyNamed = LuaClass.byName(properties)
    static let constructorKeys = ConstructorKeys(properties.map(\.name))

    static var classes: [LuaClass] {
        [LuaClass(EmitterCell.self, name: "EmitterCell",
                  summary: "CAEmitterCell: `ca.EmitterCell{…}`, what an EmitterLayer makes particles from; each "
                      + "particle draws the cell's image, born with the cell's values (± their ranges)",
                  example: """
                      local snow = ca.EmitterCell{
                        name = "flake",
                        contents = ca.Image.snowflake{ size = 32 },
                        birthRate = 20, lifetime = 8,        -- 20 a second, each living 8 s
                        velocity = 40, velocityRange = 20,   -- points per second
                        emissionLongitude = math.pi / 2,     -- downwards (y is down)
                        emissionRange = math.pi / 4,
                        yAcceleration = 10,
                        scale = 0.5, scaleRange = 0.3,
                        spin = 0.5, spinRange = 1,           -- radians per second
                      }
                      local emitter = ca.EmitterLayer{ frame = ca.root.bounds, emitterShape = "line",
                                                       emitterPosition = { ca.screen.width / 2, 0 },
                                                       emitterSize = { ca.screen.width, 1 }, emitterCells = { snow } }
                      ca.root:addSublayer(emitter)
                      """,
                  properties: properties)]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.EmitterCell{…}", returns: "EmitterCell",
                                                  "a new emitter cell with the table's properties set; give it to an "
                                                      + "EmitterLayer's `emitterCells` (see [emitters.md](emitters.md))")],
                       fields: [("EmitterCell", "fun(props?: EmitterCellProps): EmitterCell")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(newEmitterCell, named: "EmitterCell", inTableAt: ca)
    }

    /// `ca.EmitterCell{…}`: a new cell with the table's properties.
    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        if !lua.isNoneOrNil(1) && lua.type(at: 1) != .table { throw lua.typeError(1, expected: "table") }
        lua.top = 1
        let cell = EmitterCell()
        lua.push(cell)
        lua.insert(at: 1)
        try ConstructorTable.apply(lua, typeName: "EmitterCell", keys: constructorKeys) { (name: String) throws(LuaRaise) in
            try propertyNamed[name]?.set(lua, on: cell)
        }
        lua.top = 1
        return 1
    }

    /// A registry property of the cell, with its meaning, whether it animates and its default.
    private static func cellProperty(_ id: CellPropertyID) -> LuaClass.Property {
        let keyPath = id.isAnimatable ? "animatable (`emitterCells.NAME.\(id.name)`)" : "not animatable"
        return LuaClass.Property(id.name, kind: id.kind, id.about + "; " + keyPath + "; default " + LuaTypes.literal(id.defaultValue),
                                 get: { (lua, cell: EmitterCell) in lua.push(cell.value(id)) },
                                 set: { (lua, cell: EmitterCell) in
                                     guard let value = lua.toAnimationValue(at: 3, kind: id.kind) else {
                                         throw badValue(lua, id.name, expected: LuaState.describe(id.kind), kind: id.kind)
                                     }
                                     do { try cell.setValue(value, for: id) } catch { throw lua.error("\(error)") }
                                 })
    }

    /// A CAMediaTiming field of the cell, shown as a plain type.
    private static func timing(_ field: AnimationBinding.TimingField, _ note: String) -> LuaClass.Property {
        let type = field == .autoreverses ? "boolean" : "number"
        return LuaClass.Property(field.rawValue, type, lua: type, note,
                                 access: AnimationBinding.timingAccess(field, of: EmitterCell.self))
    }

    /// One of the cell's texture filters.
    private static func textureFilter(_ name: String, _ note: String,
                                      _ filter: ReferenceWritableKeyPath<EmitterCell, TextureFilter> & Sendable) -> LuaClass.Property {
        LuaClass.Property(name, kind: TextureFilter.valueKind, note,
                          get: { (lua, cell: EmitterCell) in lua.push(cell[keyPath: filter].rawValue) },
                          set: { (lua, cell: EmitterCell) in cell[keyPath: filter] = try Self.filter(lua, name) })
    }

    /// The texture filter named by the value at index 3.
    private static func filter(_ lua: LuaState, _ name: String) throws(LuaRaise) -> TextureFilter {
        guard case .choice(let s)? = lua.toAnimationValue(at: 3, kind: TextureFilter.valueKind),
              let filter = TextureFilter(rawValue: s) else {
            throw badValue(lua, name, expected: LuaState.describe(TextureFilter.valueKind))
        }
        return filter
    }

    /// Pushes an array of cells.
    static func pushCells(_ lua: LuaState, _ cells: [EmitterCell]) {
        lua.pushArray(cells) { lua.push($0) }
    }

    /// The array of cells at `index` (nil: none), with the message for anything else.
    static func checkCells(_ lua: LuaState, at index: Int32, field: String, of owner: String) throws(LuaRaise) -> [EmitterCell] {
        if lua.isNoneOrNil(index) { return [] }
        guard lua.type(at: index) == .table else {
            throw lua.error("bad value for '\(field)' of \(owner) (array of EmitterCell expected, got \(lua.describeValue(at: index)))")
        }
        return try lua.objects(inArrayAt: index, as: EmitterCell.self) { i, got in
            "bad value for '\(field)' of \(owner) (EmitterCell expected at [\(i)], got \(got))"
        }
    }

    /// The error for a wrong value of `name`; `kind`, when given, is the value kind expected, so
    /// that a misspelt colour name gets its "did you mean".
    private static func badValue(_ lua: LuaState, _ name: String, expected: String, kind: ValueKind? = nil) -> LuaRaise {
        let got = kind.map { lua.describeValue(at: 3, expecting: $0) } ?? lua.describeValue(at: 3)
        return lua.error("bad value for '\(name)' of EmitterCell (\(expected) expected, got \(got))")
    }

    // MARK: The emitter layer's fields and method

    /// `layer.emitterCells`: the layer's own (live) cells.
    static func getLayerCells(_ lua: LuaState, _ layer: Layer) {
        pushCells(lua, (layer as? EmitterLayer)?.emitterCells ?? [])
    }

    /// `layer.emitterCells = {…}`: copies of the cells, as Core Animation copies them.
    static func setLayerCells(_ lua: LuaState, _ layer: Layer, valueAt index: Int32) throws(LuaRaise) {
        guard let emitter = layer as? EmitterLayer else { return }
        let cells = try checkCells(lua, at: index, field: "emitterCells", of: "EmitterLayer")
        do { try emitter.setEmitterCells(cells) } catch { throw lua.error("\(error)") }
    }

    static let layerMethods = [
        LuaClass.Method("emit", "(count[, cellName])", emit,
                        "a burst of `count` particles of the named cell (or `count` of every cell the layer emits), "
                            + "born on the emitter's shape when the next frame is evaluated, where the emitter is then "
                            + "on screen. To burst somewhere new, move `emitterPosition` inside "
                            + "`ca.transaction(fn, { disableActions = true })` first: set plainly, it animates there "
                            + "over 0.25 s (an implicit animation, as in Core Animation) and the burst comes from "
                            + "the old place",
                        lua: "fun(self: EmitterLayer, count: integer, cellName?: string)"),
    ]
}

private func newEmitterCell(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try EmitterCellBinding.construct(lua) }
}

/// `layer:emit(count[, cellName])`: a burst of `count` particles of the named cell (or of every
/// cell the layer emits), born at the emitter in the next frame evaluated.
private func emit(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let layer = LuaState.object(object, as: EmitterLayer.self)
        let count = try lua.checkNumber(2)
        guard count >= 0 else {
            let shown = count.isNaN ? "nan" : count == count.rounded() && abs(count) < 1e15 ? String(Int(count)) : String(count)
            throw lua.argError(2, "count >= 0 expected, got \(shown)")
        }
        let name: String? = lua.isNoneOrNil(3) ? nil : try lua.checkString(3)
        do {
            try layer.emit(Int(min(count, Double(Int32.max))), cellNamed: name)
        } catch {
            throw lua.error("\(error)")
        }
        return 0
    }
}
