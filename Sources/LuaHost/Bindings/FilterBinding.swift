import LayerKit
import LuaBridge

/// `ca.Filter(type, { name = …, inputs… })`: one of a layer's `filters` (a CIFilter on macOS's
/// CALayer), by Core Image's name without `CI`, with its inputs; its inputs animate through
/// `filters.NAME.INPUT` key paths.
enum FilterBinding: CaBinding {
    /// `type` and `name`, then every input (a filter reads only its kind's).
    static let properties = [
        LuaClass.Property("type", "string", lua: "string",
                          "read-only; the kind: " + FilterKind.allCases.map { "`\"\($0.rawValue)\"`" }.joined(separator: ", "),
                          get: { (lua, filter: Filter) in lua.push(filter.kind.rawValue) }),
        LuaClass.Property("name", "string", lua: "string",
                          "read-only; the name key paths reach it by (`filters.NAME.inputRadius`): the type's when none is given",
                          get: { (lua, filter: Filter) in lua.push(filter.name) }),
    ] + FilterInput.allCases.map(inputProperty)

    /// An input: nil on a filter of a kind that does not read it.
    private static func inputProperty(_ input: FilterInput) -> LuaClass.Property {
        let owners = FilterKind.allCases.filter { $0.inputs.contains(input) }
            .map { "\($0.rawValue) (default \(LuaTypes.literal(.number($0.defaultValue(input)))))" }
        return LuaClass.Property(input.rawValue, "number", lua: "number?",
                                 about(input) + "; of " + owners.joined(separator: ", ")
                                     + "; nil on other filters; animatable as `filters.NAME.\(input.rawValue)`",
                                 get: { (lua, filter: Filter) in
                                     if filter.kind.inputs.contains(input) { lua.push(filter.value(input)) } else { lua.pushNil() }
                                 },
                                 set: { (lua, filter: Filter) in
                                     guard lua.type(at: 3) == .number, let value = lua.toNumber(at: 3) else {
                                         throw lua.error("bad value for '\(input.rawValue)' of Filter (number expected, got \(lua.describeValue(at: 3)))")
                                     }
                                     do { try filter.setValue(value, for: input) } catch { throw lua.error("\(error)") }
                                 })
    }

    static func about(_ input: FilterInput) -> String {
        switch input {
        case .inputRadius: "the blur's standard deviation in points (it reaches about three times as far)"
        case .inputIntensity: "how much of the blurred copy is added (0: none)"
        case .inputSaturation: "0 grey, 1 unchanged, above 1 more vivid"
        case .inputBrightness: "added to each colour component (-1…1)"
        case .inputContrast: "scales each colour component about middle grey (1: unchanged)"
        }
    }

    static var classes: [LuaClass] {
        [LuaClass(Filter.self, name: "Filter",
                  summary: "CIFilter, as macOS's CALayer takes them in `filters`: `ca.Filter(type, {name = …, "
                      + "inputs…})`; the layer and its sublayers are drawn offscreen, then filtered",
                  example: """
                      local glow = ca.Layer{ frame = { 40, 40, 120, 120 }, backgroundColor = "gold", cornerRadius = 60,
                                             filters = { ca.Filter("gaussianBlur", { name = "blur", inputRadius = 4 }) } }
                      ca.root:addSublayer(glow)
                      glow:addAnimation(ca.BasicAnimation{ keyPath = "filters.blur.inputRadius", fromValue = 0,
                                                           toValue = 12, duration = 2, autoreverses = true,
                                                           repeatCount = math.huge })
                      """,
                  properties: properties)]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.Filter(type[, {name = …, inputs…}])", returns: "Filter",
                                                  "a new filter: `\"gaussianBlur\"` {inputRadius}, `\"colorControls\"` "
                                                      + "{inputSaturation, inputBrightness, inputContrast}, `\"bloom\"` "
                                                      + "{inputRadius, inputIntensity}; give it to a layer's `filters`")],
                       fields: [("Filter", "fun(type: string, props?: table): Filter")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(newFilter, named: "Filter", inTableAt: ca)
    }

    /// `ca.Filter(type[, table])`.
    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let typeName = try lua.checkString(1)
        guard let kind = FilterKind(rawValue: typeName) else {
            throw lua.argError(1, FilterError.unknownFilter(typeName).description)
        }
        if !lua.isNoneOrNil(2) && lua.type(at: 2) != .table { throw lua.typeError(2, expected: "table") }
        var name: String?
        var inputs: [FilterInput: Double] = [:]
        if lua.type(at: 2) == .table {
            var failure: LuaRaise?
            lua.forEach(in: 2) {
                guard failure == nil else { return }
                guard lua.type(at: -2) == .string, let key = lua.toString(at: -2) else {
                    failure = lua.argError(2, "keys must be 'name' and input names")
                    return
                }
                if key == "name" {
                    guard lua.type(at: -1) == .string, let s = lua.toString(at: -1) else {
                        failure = lua.argError(2, "string expected for 'name', got \(lua.describeValue(at: -1))")
                        return
                    }
                    name = s
                    return
                }
                guard let input = FilterInput(rawValue: key), kind.inputs.contains(input) else {
                    failure = lua.argError(2, FilterError.unknownInput(key, filter: kind).description)
                    return
                }
                guard lua.type(at: -1) == .number, let value = lua.toNumber(at: -1) else {
                    failure = lua.argError(2, "number expected for '\(key)', got \(lua.describeValue(at: -1))")
                    return
                }
                inputs[input] = value
            }
            if let failure { throw failure }
        }
        do {
            lua.push(try Filter(kind: kind, name: name, inputs: inputs))
        } catch {
            throw lua.error("\(error)")
        }
        return 1
    }

    // MARK: The layer's fields

    /// `layer.filters`: the layer's own (live) filters.
    static func getLayerFilters(_ lua: LuaState, _ layer: Layer) {
        lua.pushArray(layer.filters) { lua.push($0) }
    }

    /// `layer.filters = {…}`: copies of the filters, as Core Animation copies them.
    static func setLayerFilters(_ lua: LuaState, _ layer: Layer, valueAt index: Int32) throws(LuaRaise) {
        var filters: [Filter] = []
        if !lua.isNoneOrNil(index) {
            guard lua.type(at: index) == .table else {
                throw LayerBinding.badValue(lua, "filters", layer, expected: "array of Filter", at: index)
            }
            filters = try lua.objects(inArrayAt: index, as: Filter.self) { i, got in
                "bad value for 'filters' of \(layer.kind.rawValue) (Filter expected at [\(i)], got \(got))"
            }
        }
        do { try layer.setFilters(filters) } catch { throw lua.error("\(error)") }
    }
}

private func newFilter(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try FilterBinding.construct(lua) }
}
