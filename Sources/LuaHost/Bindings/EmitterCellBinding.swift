import LayerKit
import LuaBridge

/// `ca.EmitterCell{…}` (CAEmitterCell): every `CellPropertyID` with Core Animation's defaults,
/// plus `name`, `contents` (an Image) and `emitterCells` (sub-cells, copied when set, as an
/// emitter layer copies its cells). Also the emitter layer's own cell fields.
enum EmitterCellBinding: CaBinding {
    /// Fields that are not `CellPropertyID`s.
    enum Field: String, CaseIterable {
        case name, contents, emitterCells
        // Texture filters
        case minificationFilter, magnificationFilter
        // The cell's CAMediaTiming.
        case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode

        var doc: LuaClass.Property {
            switch self {
            case .minificationFilter:
                LuaClass.Property("minificationFilter", kind: TextureFilter.valueKind,
                                  "how `contents` is read when a particle is drawn smaller than the image; "
                                      + "not animatable; default \"linear\"")
            case .magnificationFilter:
                LuaClass.Property("magnificationFilter", kind: TextureFilter.valueKind,
                                  "how `contents` is read when a particle is drawn larger than the image "
                                      + "(`\"nearest\"`: crisp pixel art); not animatable; default \"linear\"")
            case .name:
                LuaClass.Property("name", "string", lua: "string?",
                                  "names the cell for key paths (`emitterCells.NAME.birthRate`) and `emit`")
            case .contents:
                LuaClass.Property("contents", "Image", lua: "Image?", "each particle's image (none: nothing drawn)")
            case .emitterCells:
                LuaClass.Property("emitterCells", "array of EmitterCell", lua: "EmitterCell[]",
                                  "cells each of this cell's particles emits in turn; set: copies")
            case .beginTime:
                LuaClass.Property("beginTime", "number", lua: "number",
                                  "when the cell starts emitting, in seconds of its emitter's running time (a sub-cell: "
                                      + "of the emitting particle's age); default 0")
            case .duration:
                LuaClass.Property("duration", "number", lua: "number",
                                  "seconds of one cycle of emission; 0 (the default): for ever")
            case .speed:
                LuaClass.Property("speed", "number", lua: "number",
                                  "how fast the cell's time runs: its cycles take duration / speed; default 1")
            case .timeOffset:
                LuaClass.Property("timeOffset", "number", lua: "number",
                                  "shifts the cell's time within its active time (as an animation's); default 0")
            case .repeatCount:
                LuaClass.Property("repeatCount", "number", lua: "number",
                                  "cycles to emit for (`math.huge`: for ever); default 0, one cycle")
            case .repeatDuration:
                LuaClass.Property("repeatDuration", "number", lua: "number",
                                  "seconds to emit for, instead of repeatCount when positive; default 0")
            case .autoreverses:
                LuaClass.Property("autoreverses", "boolean", lua: "boolean",
                                  "whether each cycle runs forwards then back (a cycle lasts twice the duration); "
                                      + "default false")
            case .fillMode:
                LuaClass.Property("fillMode", kind: FillMode.valueKind,
                                  "\"backwards\": the cell also emits before its beginTime; \"forwards\": also after "
                                      + "its active time; \"both\"; default \"removed\": only in its active time")
            }
        }
    }

    /// Every property, in the order a constructor applies them; a property's index is its id.
    static let properties = CellPropertyID.allCases.map { id in
        let keyPath = id.isAnimatable ? "animatable (`emitterCells.NAME.\(id.name)`)" : "not animatable"
        return LuaClass.Property(id.name, kind: id.kind,
                                 id.about + "; " + keyPath + "; default " + LuaTypes.literal(id.defaultValue))
    } + Field.allCases.map(\.doc)
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
                  properties: properties, get: getCell, set: setCell)]
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
            guard let id = constructorKeys.position[name] else { return }
            try set(lua, cell, Int32(id))
        }
        lua.top = 1
        return 1
    }

    static func get(_ lua: LuaState, _ cell: EmitterCell, _ id: Int32) -> Int32 {
        let index = Int(id)
        let properties = CellPropertyID.allCases
        if index >= 0 && index < properties.count {
            lua.push(cell.value(properties[index]))
            return 1
        }
        let field = Field.allCases[safe: index - properties.count]
        if let field, let timing = AnimationBinding.TimingField(rawValue: field.rawValue) {
            AnimationBinding.getTiming(lua, cell, timing)
            return 1
        }
        switch field {
        case .name:
            if let name = cell.name { lua.push(name) } else { lua.pushNil() }
        case .contents:
            if let image = cell.contents { lua.push(image) } else { lua.pushNil() }
        case .emitterCells:
            pushCells(lua, cell.emitterCells)
        case .minificationFilter:
            lua.push(cell.minificationFilter.rawValue)
        case .magnificationFilter:
            lua.push(cell.magnificationFilter.rawValue)
        case .beginTime, .duration, .speed, .timeOffset, .repeatCount, .repeatDuration, .autoreverses, .fillMode:
            break
        case nil:
            return 0
        }
        return 1
    }

    /// Sets property `id` from the value at index 3 (the cell's userdata at index 1).
    static func set(_ lua: LuaState, _ cell: EmitterCell, _ id: Int32) throws(LuaRaise) {
        let index = Int(id)
        let properties = CellPropertyID.allCases
        if index >= 0 && index < properties.count {
            let property = properties[index]
            guard let value = lua.toAnimationValue(at: 3, kind: property.kind) else {
                throw badValue(lua, property.name, expected: LuaState.describe(property.kind), kind: property.kind)
            }
            do { try cell.setValue(value, for: property) } catch { throw lua.error("\(error)") }
            return
        }
        let field = Field.allCases[safe: index - properties.count]
        if let field, let timing = AnimationBinding.TimingField(rawValue: field.rawValue) {
            try AnimationBinding.setTiming(lua, cell, timing)
            return
        }
        switch field {
        case .name:
            if lua.isNoneOrNil(3) { cell.name = nil; return }
            guard lua.type(at: 3) == .string, let name = lua.toString(at: 3) else {
                throw badValue(lua, "name", expected: "string")
            }
            cell.name = name
        case .contents:
            if lua.isNoneOrNil(3) { cell.contents = nil; return }
            guard let image = lua.toObject(3, as: Image.self) else { throw badValue(lua, "contents", expected: "Image") }
            cell.contents = image
        case .emitterCells:
            let cells = try checkCells(lua, at: 3, field: "emitterCells", of: "EmitterCell")
            do { try cell.setEmitterCells(cells) } catch { throw lua.error("\(error)") }
        case .minificationFilter:
            cell.minificationFilter = try filter(lua, "minificationFilter")
        case .magnificationFilter:
            cell.magnificationFilter = try filter(lua, "magnificationFilter")
        case .beginTime, .duration, .speed, .timeOffset, .repeatCount, .repeatDuration, .autoreverses, .fillMode:
            break
        case nil:
            return
        }
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
        lua.newTable(arrayCount: Int32(cells.count))
        for (i, cell) in cells.enumerated() {
            lua.push(cell)
            lua.rawSet(-2, index: i + 1)
        }
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

private func getCell(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        LuaState.withObject(object, as: EmitterCell.self) { cell in EmitterCellBinding.get(lua, cell, id) }
    }
}

private func setCell(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        try LuaState.withObject(object, as: EmitterCell.self) { cell in try EmitterCellBinding.set(lua, cell, id) }
        return 0
    }
}
