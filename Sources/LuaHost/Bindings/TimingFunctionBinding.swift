import LayerKit
import LuaBridge

/// A `ca.MediaTimingFunction` held by Lua.
final class TimingFunctionBox {
    let value: TimingFunction
    let name: String
    init(_ value: TimingFunction, name: String) {
        self.value = value
        self.name = name
    }
}

/// `ca.MediaTimingFunction(name)` / `(c1x, c1y, c2x, c2y)`, `ca.Easing`, and `:evaluate(t)`.
enum TimingFunctionBinding: CaBinding {
    /// How many samples a Lua function used as a timing function is turned into.
    static let luaFunctionSamples = 1024

    static var classes: [LuaClass] {
        [LuaClass(TimingFunctionBox.self, name: "MediaTimingFunction",
                  summary: "CAMediaTimingFunction: `ca.MediaTimingFunction(name)` or `(c1x, c1y, c2x, c2y)`; maps "
                      + "an animation's progress in time (0…1) to its progress in value. Wherever one goes, its "
                      + "name (`\"easeOut\"`, `\"easeInOutBack\"`) will do too",
                  example: """
                      local ease = ca.MediaTimingFunction(0.25, 0.1, 0.25, 1)   -- a cubic Bézier's control points
                      print(ease:evaluate(0.5), ca.Easing.easeOut.bounce:evaluate(0.5))
                      local box = ca.Layer{ frame = { 100, 40, 40, 40 }, backgroundColor = "gold" }
                      ca.root:addSublayer(box)
                      box:addAnimation(ca.BasicAnimation{ keyPath = "position.y", fromValue = 60, toValue = 300,
                                                          duration = 1, timingFunction = ca.Easing.easeOut.bounce }, "fall")
                      """,
                  properties: [
                      LuaClass.Property("name", "string", lua: "string",
                                        "read-only; `\"easeIn\"`, `\"easeInSine\"`, `\"cubicBezier(…)\"` or `\"custom\"`",
                                        get: { (lua, box: TimingFunctionBox) in lua.push(box.name) }),
                      LuaClass.Property("controlPoints", "array of 4 numbers", lua: "number[]?",
                                        "read-only; {c1x, c1y, c2x, c2y} of a Bézier curve, nil for other curves",
                                        get: { (lua, box: TimingFunctionBox) in
                                            guard let p = box.value.controlPoints else { return lua.pushNil() }
                                            lua.pushArray([p.c1x, p.c1y, p.c2x, p.c2y]) { lua.push($0) }
                                        }),
                  ],
                  methods: [LuaClass.Method("evaluate", "(t)", returns: "number", evaluate,
                                            "the curve's value at `t` (0…1): how far the value has got when that "
                                                + "fraction of the time has passed",
                                            lua: "fun(self: MediaTimingFunction, t: number): number")])]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [
                           CaFunctionDoc.Call("ca.MediaTimingFunction(name)", returns: "MediaTimingFunction",
                                              "the named curve (see Timing function names below)"),
                           CaFunctionDoc.Call("ca.MediaTimingFunction(c1x, c1y, c2x, c2y)", returns: "MediaTimingFunction",
                                              "the cubic Bézier from (0, 0) to (1, 1) with those control points"),
                           CaFunctionDoc.Call("ca.Easing.MODE.FAMILY", returns: "MediaTimingFunction",
                                              "Penner's easings: MODE is easeIn, easeOut or easeInOut; FAMILY sine, quad, "
                                                  + "cubic, quart, quint, expo, circ, back, elastic or bounce "
                                                  + "(`ca.Easing.easeOut.bounce`)"),
                       ],
                       fields: [("MediaTimingFunction",
                                 "(fun(name: string): MediaTimingFunction)|(fun(c1x: number, c1y: number, c2x: number, c2y: number): MediaTimingFunction)"),
                                ("Easing", "table<string, table<string, MediaTimingFunction>>")])]
    }

    /// Adds `ca.MediaTimingFunction` and `ca.Easing` to the table at `ca`.
    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(makeTiming, named: "MediaTimingFunction", inTableAt: ca)
        lua.newTable(fieldCount: Int32(EasingMode.allCases.count))
        for mode in EasingMode.allCases {
            lua.newTable(fieldCount: Int32(EasingFamily.allCases.count))
            for family in EasingFamily.allCases {
                let name = mode.rawValue + family.rawValue.prefix(1).uppercased() + family.rawValue.dropFirst()
                lua.pushUnshared(TimingFunctionBox(TimingFunction(easing: family, mode), name: name))
                lua.rawSet(-2, field: family.rawValue)
            }
            lua.rawSet(-2, field: mode.rawValue)
        }
        lua.rawSet(ca, field: "Easing")
    }

    /// The timing function at `index`: a MediaTimingFunction, a name, or a Lua function of t
    /// (sampled once, here, at 1,025 points and interpolated: no Lua runs per frame).
    static func timingFunction(_ lua: LuaState, at index: Int32, for field: String) throws(LuaRaise) -> TimingFunction? {
        switch lua.type(at: index) {
        case .nil, .none:
            return nil
        case .string:
            let name = lua.toString(at: index) ?? ""
            guard let f = TimingFunction(name: name) else {
                let hint = TimingFunction.suggestion(for: name).map { " (did you mean '\($0)'?)" } ?? ""
                throw lua.error("unknown timing function '\(name)'\(hint)")
            }
            return f
        case .function:
            let fn = lua.absIndex(index)
            let n = luaFunctionSamples
            var samples = [Double](repeating: 0, count: n + 1)
            for i in 0...n {
                let t = Double(i) / Double(n)
                lua.pushValue(at: fn)
                lua.push(t)
                do {
                    try lua.pcall(arguments: 1, results: 1)
                } catch {
                    throw lua.error("\(field) function failed at t = \(t): \(error.message)")
                }
                guard let v = lua.toNumber(at: -1), v.isFinite else {
                    let got = lua.describeValue(at: -1)
                    lua.pop()
                    throw lua.error("\(field) function must return a finite number (got \(got) at t = \(t))")
                }
                lua.pop()
                samples[i] = v
            }
            let table = samples
            return TimingFunction(custom: { t in
                let x = min(max(t, 0), 1) * Double(n)
                let i = min(Int(x), n - 1)
                return table[i] + (table[i + 1] - table[i]) * (x - Double(i))
            })
        default:
            guard let box = lua.toObject(index, as: TimingFunctionBox.self) else {
                throw lua.error("bad value for '\(field)' (MediaTimingFunction, name or function expected, got \(lua.typeNameForError(at: index)))")
            }
            return box.value
        }
    }

    static func name(of function: TimingFunction) -> String {
        if let points = function.controlPoints {
            for name in ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"] {
                if let named = TimingFunction(name: name)?.controlPoints, named == points { return name }
            }
            return "cubicBezier(\(points.c1x), \(points.c1y), \(points.c2x), \(points.c2y))"
        }
        if case .easing(let family, let mode) = function.kind {
            return mode.rawValue + family.rawValue.prefix(1).uppercased() + family.rawValue.dropFirst()
        }
        return "custom"
    }
}

private func makeTiming(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        if lua.type(at: 1) == .string {
            guard let f = try TimingFunctionBinding.timingFunction(lua, at: 1, for: "MediaTimingFunction") else { return 0 }
            lua.pushUnshared(TimingFunctionBox(f, name: TimingFunctionBinding.name(of: f)))
            return 1
        }
        let c1x = try lua.checkNumber(1), c1y = try lua.checkNumber(2)
        let c2x = try lua.checkNumber(3), c2y = try lua.checkNumber(4)
        for (i, v) in [c1x, c1y, c2x, c2y].enumerated() where !v.isFinite {
            throw lua.argError(Int32(i + 1), "finite number expected, got \(v.isNaN ? "nan" : "inf")")
        }
        let f = TimingFunction(controlPoints: c1x, c1y, c2x, c2y)
        lua.pushUnshared(TimingFunctionBox(f, name: TimingFunctionBinding.name(of: f)))
        return 1
    }
}

private func evaluate(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let box = LuaState.object(object, as: TimingFunctionBox.self)
        lua.push(box.value.evaluate(try lua.checkNumber(2)))
        return 1
    }
}
