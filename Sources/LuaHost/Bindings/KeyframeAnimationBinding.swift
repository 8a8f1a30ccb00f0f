import LayerKit
import LuaBridge

/// `ca.KeyframeAnimation{ keyPath, values, keyTimes, timingFunctions, calculationMode, path,
/// rotationMode, tensionValues, continuityValues, biasValues, … }` (CAKeyframeAnimation).
enum KeyframeAnimationBinding: CaBinding {
    /// The properties.
    static let properties = [
        LuaClass.Property("values", "array of values of the key path's kind", lua: "any[]", "the values it passes through",
                          get: { (lua, a: KeyframeAnimation) in lua.pushArray(a.values) { lua.push($0) } },
                          set: { (lua, a: KeyframeAnimation) in
                              a.values = try array(lua, "values") { (i: Int32, n: Int) throws(LuaRaise) -> AnimationValue in
                                  guard let v = try AnimationBinding.value(lua, at: i, keyPath: a.keyPath, field: "values[\(n)]") else {
                                      throw lua.error("bad value for 'values' (no value at [\(n)])")
                                  }
                                  return v
                              } ?? []
                          }),
        LuaClass.Property("keyTimes", "array of numbers", lua: "number[]?",
                          "each value's moment as a fraction of the duration, 0…1, rising, one per value, from 0 to 1 "
                              + "(nil: evenly spaced; keyTimes that break these rules are ignored, as Core Animation does, "
                              + "and check warns)",
                          get: { (lua, a: KeyframeAnimation) in pushOptional(lua, a.keyTimes) },
                          set: { (lua, a: KeyframeAnimation) in
                              a.keyTimes = try numbers(lua, "keyTimes")
                              if a.keyTimes != nil { KeyTimesWarning.noteWhereSet(lua, animationAt: 1) }
                          }),
        LuaClass.Property("timingFunctions", "array of MediaTimingFunction or names",
                          lua: "(MediaTimingFunction|string)[]?",
                          "the pacing of each segment between values (a shorter list repeats its last)",
                          get: { (lua, a: KeyframeAnimation) in
                              guard let fs = a.timingFunctions else { return lua.pushNil() }
                              lua.pushArray(fs) { lua.pushUnshared(TimingFunctionBox($0, name: TimingFunctionBinding.name(of: $0))) }
                          },
                          set: { (lua, a: KeyframeAnimation) in
                              a.timingFunctions = try array(lua, "timingFunctions") { (i: Int32, n: Int) throws(LuaRaise) -> TimingFunction in
                                  guard let f = try TimingFunctionBinding.timingFunction(lua, at: i, for: "timingFunctions[\(n)]") else {
                                      throw lua.error("bad value for 'timingFunctions' (no timing function at [\(n)])")
                                  }
                                  return f
                              }
                          }),
        LuaClass.Property("calculationMode", kind: .choice(CalculationMode.allCases.map(\.rawValue)),
                          "how it moves between values; default \"linear\"",
                          get: { (lua, a: KeyframeAnimation) in lua.push(a.calculationMode.rawValue) },
                          set: { (lua, a: KeyframeAnimation) in
                              a.calculationMode = try AnimationBinding.choice(lua, "calculationMode", CalculationMode.self)
                          }),
        LuaClass.Property("path", "Path", lua: "Path?", "a path for `position` to follow instead of `values`",
                          get: { (lua, a: KeyframeAnimation) in
                              if let p = a.path { lua.pushUnshared(PathBox(p)) } else { lua.pushNil() }
                          },
                          set: { (lua, a: KeyframeAnimation) in
                              a.path = try lua.optionalObject(at: 3, as: PathBox.self) {
                                  lua.error("bad value for 'path' (Path expected, got \(lua.describeValue(at: 3)))")
                              }?.path
                          }),
        LuaClass.Property("rotationMode", LuaTypes.describe(.choice(RotationMode.allCases.map(\.rawValue))) + " or nil",
                          lua: LuaTypes.lua(.choice(RotationMode.allCases.map(\.rawValue))) + "|nil",
                          "turns the layer to follow the path's direction",
                          get: { (lua, a: KeyframeAnimation) in
                              if let m = a.rotationMode { lua.push(m.rawValue) } else { lua.pushNil() }
                          },
                          set: { (lua, a: KeyframeAnimation) in
                              a.rotationMode = lua.isNoneOrNil(3) ? nil : try AnimationBinding.choice(lua, "rotationMode", RotationMode.self)
                          }),
        spline("tensionValues", "the spline's tension at each value, for the cubic modes, -1…1", \.tensionValues),
        spline("continuityValues", "the spline's continuity at each value, for the cubic modes, -1…1", \.continuityValues),
        spline("biasValues", "the spline's bias at each value, for the cubic modes, -1…1", \.biasValues),
    ]
    static let names = properties.map(\.name)
    static let propertyNamed = LuaClass.byName(properties)
    static let constructorKeys = AnimationConstructor.keys(ownNames: names, isPropertyAnimation: true)

    static var classes: [LuaClass] {
        [LuaClass(KeyframeAnimation.self, name: "KeyframeAnimation", parent: PropertyAnimation.self,
                  summary: "CAKeyframeAnimation: `ca.KeyframeAnimation{…}`, through a list of values or along a path",
                  example: """
                      local dot = ca.Layer{ bounds = { 0, 0, 20, 20 }, position = { 60, 200 }, cornerRadius = 10,
                                            backgroundColor = "white" }
                      ca.root:addSublayer(dot)
                      dot:addAnimation(ca.KeyframeAnimation{
                        keyPath = "position",
                        values = { { 60, 200 }, { 200, 60 }, { 340, 200 }, { 60, 200 } },
                        keyTimes = { 0, 0.25, 0.75, 1 },   -- each value's moment, as a fraction of the duration
                        duration = 3, repeatCount = math.huge,
                        calculationMode = "cubic",         -- a smooth curve through the values
                      }, "tour")
                      """,
                  properties: properties)]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.KeyframeAnimation{…}", returns: "KeyframeAnimation",
                                                  "a new animation of `keyPath` through a sequence of values, or of "
                                                      + "`position` along a path, with the table's properties set")],
                       fields: [("KeyframeAnimation", "fun(props?: KeyframeAnimationProps): KeyframeAnimation")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(newKeyframe, named: "KeyframeAnimation", inTableAt: ca)
    }

    /// An array of numbers for the cubic modes' spline, one per value.
    private static func spline(_ name: String, _ note: String,
                               _ values: ReferenceWritableKeyPath<KeyframeAnimation, [Double]?> & Sendable) -> LuaClass.Property {
        LuaClass.Property(name, "array of numbers", lua: "number[]?", note,
                          get: { (lua, a: KeyframeAnimation) in pushOptional(lua, a[keyPath: values]) },
                          set: { (lua, a: KeyframeAnimation) in a[keyPath: values] = try numbers(lua, name) })
    }

    private static func numbers(_ lua: LuaState, _ name: String) throws(LuaRaise) -> [Double]? {
        try array(lua, name) { (i: Int32, n: Int) throws(LuaRaise) -> Double in
            guard lua.type(at: i) == .number, let v = lua.toNumber(at: i), v.isFinite else {
                throw lua.error("bad value for '\(name)' (finite number expected at [\(n)], got \(lua.describeValue(at: i)))")
            }
            return v
        }
    }

    /// The array at index 3 (nil for nil), each element read by `element` at the stack top.
    private static func array<T>(_ lua: LuaState, _ name: String,
                                 _ element: (Int32, Int) throws(LuaRaise) -> T) throws(LuaRaise) -> [T]? {
        if lua.isNoneOrNil(3) { return nil }
        guard lua.type(at: 3) == .table else {
            throw lua.error("bad value for '\(name)' (array expected, got \(lua.describeValue(at: 3)))")
        }
        let n = lua.rawLength(3)
        guard n <= 1_000_000 else { throw lua.error("bad value for '\(name)' (more than 1000000 entries)") }
        var result: [T] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            _ = lua.rawGet(3, index: i + 1)
            defer { lua.pop() }
            result.append(try element(lua.absIndex(-1), i + 1))
        }
        return result
    }

    private static func pushOptional(_ lua: LuaState, _ values: [Double]?) {
        if let values { lua.pushArray(values) { lua.push($0) } } else { lua.pushNil() }
    }

    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let a = KeyframeAnimation(keyPath: "")
        return try AnimationConstructor.construct(lua, typeName: "KeyframeAnimation", animation: a, ownNames: names,
                                                  keys: constructorKeys) { (name: String) throws(LuaRaise) in
            try propertyNamed[name]?.set(lua, on: a)
        }
    }
}

private func newKeyframe(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try KeyframeAnimationBinding.construct(lua) }
}
