import LayerKit
import LuaBridge

/// `ca.Transform3D`: a value like CATransform3D. Constructors on the table, methods that return
/// new transforms, fields m11 … m44 (settable), `*` for concatenation, `==` by value.
enum TransformBinding: CaBinding {
    /// The properties: the matrix's sixteen fields, row by row, then isIdentity.
    static let properties = (0..<4).flatMap { r in (0..<4).map { c in element(r, c) } }
        + [LuaClass.Property("isIdentity", kind: .bool, "read-only", value: Transform3D.self,
                             get: { lua, t in lua.push(t.isIdentity) })]

    /// The field of row `r`, column `c` (from 0): `m11` … `m44`.
    private static func element(_ r: Int, _ c: Int) -> LuaClass.Property {
        let name = "m\(r + 1)\(c + 1)"
        return LuaClass.Property(name, kind: .number, "row \(r + 1), column \(c + 1) of the matrix; finite",
                                 value: Transform3D.self, get: { lua, t in lua.push(t[r, c]) },
                                 set: { lua, t in
                                     guard lua.type(at: 3) == .number, let v = lua.toNumber(at: 3), v.isFinite else {
                                         throw lua.error("bad value for '\(name)' of Transform3D (finite number expected, got \(lua.describeValue(at: 3)))")
                                     }
                                     t[r, c] = v
                                 })
    }

    static var classes: [LuaClass] {
        [LuaClass(value: Transform3D.self, name: "Transform3D",
                  summary: "a CATransform3D value: `ca.Transform3D.identity`, `.scale(…)` …; `a * b` concatenates, "
                      + "`==` compares values. A 4 × 4 matrix in Core Animation's conventions (row vectors, "
                      + "translation in m41…m43, m34 for perspective); setting a layer's transform copies it",
                  example: """
                      local t = ca.Transform3D.identity
                      t.m34 = -1 / 500                      -- perspective: the eye 500 points away
                      t = t:rotated(math.pi / 4, 0, 1, 0)   -- 45° (π/4 radians) about y
                      local panel = ca.Layer{ frame = { 100, 100, 200, 120 }, backgroundColor = "seagreen", transform = t }
                      ca.root:addSublayer(panel)
                      panel.transform = ca.Transform3D.scale(0.5) * ca.Transform3D.rotation(math.pi / 6)   -- animates
                      """,
                  properties: properties,
                  methods: [
                      LuaClass.Method("scaled", "(sx[, sy[, sz]])", returns: "Transform3D", scaled,
                                      "a new transform, scaled as CATransform3DScale (sy: sx, sz: 1 when left out)",
                                      lua: "fun(self: Transform3D, sx: number, sy?: number, sz?: number): Transform3D"),
                      LuaClass.Method("rotated", "(angle[, x, y, z])", returns: "Transform3D", rotated,
                                      "a new transform, rotated by `angle` radians about the axis (x, y, z) as "
                                          + "CATransform3DRotate (the z axis when left out)",
                                      lua: "fun(self: Transform3D, angle: number, x?: number, y?: number, z?: number): Transform3D"),
                      LuaClass.Method("translated", "(tx, ty[, tz])", returns: "Transform3D", translated,
                                      "a new transform, translated by points as CATransform3DTranslate",
                                      lua: "fun(self: Transform3D, tx: number, ty: number, tz?: number): Transform3D"),
                      LuaClass.Method("concat", "(t)", returns: "Transform3D", concat,
                                      "a new transform: this one, then `t` (CATransform3DConcat; `self * t`)",
                                      lua: "fun(self: Transform3D, t: Transform3D): Transform3D"),
                      LuaClass.Method("inverted", "()", returns: "Transform3D", inverted,
                                      "the inverse (CATransform3DInvert), or a copy when there is none",
                                      lua: "fun(self: Transform3D): Transform3D"),
                      LuaClass.Method("copy", "()", returns: "Transform3D", copy, "a copy",
                                      lua: "fun(self: Transform3D): Transform3D"),
                  ])]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [
                           CaFunctionDoc.Call("ca.Transform3D.identity", returns: "Transform3D",
                                              "the identity (CATransform3DIdentity), a new value each time"),
                           CaFunctionDoc.Call("ca.Transform3D.scale(sx[, sy[, sz]])", returns: "Transform3D",
                                              "CATransform3DMakeScale (sy: sx, sz: 1 when left out)"),
                           CaFunctionDoc.Call("ca.Transform3D.rotation(angle[, x, y, z])", returns: "Transform3D",
                                              "CATransform3DMakeRotation: `angle` radians about the axis (x, y, z), "
                                                  + "the z axis when left out (clockwise on screen, y being down)"),
                           CaFunctionDoc.Call("ca.Transform3D.translation(tx, ty[, tz])", returns: "Transform3D",
                                              "CATransform3DMakeTranslation, in points"),
                           CaFunctionDoc.Call("ca.Transform3D.affine(a, b, c, d, tx, ty)", returns: "Transform3D",
                                              "CATransform3DMakeAffineTransform of the 2D transform [a b; c d] + (tx, ty)"),
                           CaFunctionDoc.Call("ca.Transform3D.isIdentity(t)", returns: "boolean", "whether `t` is the identity"),
                       ],
                       fields: [("Transform3D", "ca.Transform3DLib")],
                       types: """
                           ---@class ca.Transform3DLib
                           ---@field identity Transform3D
                           ---@field new fun(): Transform3D
                           ---@field scale fun(sx: number, sy?: number, sz?: number): Transform3D
                           ---@field rotation fun(angle: number, x?: number, y?: number, z?: number): Transform3D
                           ---@field translation fun(tx: number, ty: number, tz?: number): Transform3D
                           ---@field affine fun(a: number, b: number, c: number, d: number, tx: number, ty: number): Transform3D
                           ---@field isIdentity fun(t: Transform3D): boolean

                           """)]
    }

    /// Adds `ca.Transform3D` to the table at `ca`: its constructors, and `identity` read fresh each time.
    static func install(_ lua: LuaState, ca: Int32) throws(LuaError) {
        lua.newLibrary(["scale": makeScale, "rotation": makeRotation, "translation": makeTranslation,
                        "affine": makeAffine, "new": makeIdentity, "isIdentity": isIdentityFunction])
        // `identity` is a fresh value on every read (the table's __index makes it).
        lua.newTable(fieldCount: 1)
        lua.push(identityIndex, name: "__index")
        lua.rawSet(-2, field: "__index")
        lua.setMetatable(-2)
        lua.rawSet(ca, field: "Transform3D")
        // Values multiply with `*` and compare by value.
        try lua.run("""
            local function mul(a, b) return a:concat(b) end
            local function eq(a, b)
              for r = 1, 4 do for c = 1, 4 do
                local k = "m" .. r .. c
                if a[k] ~= b[k] then return false end
              end end
              return true
            end
            return mul, eq
            """, chunkName: "=snowglobe", results: 2)
        // The type's metatable is hidden from scripts; add the operators to it from here.
        _ = lua.rawGet(LuaState.registryIndex, field: "Transform3D")
        guard lua.type(at: -1) == .table else { lua.pop(3); return }
        lua.pushValue(at: -3)
        lua.rawSet(-2, field: "__mul")
        lua.pushValue(at: -2)
        lua.rawSet(-2, field: "__eq")
        lua.pop(3)
    }
}

private func transform(_ lua: LuaState, _ arg: Int32) throws(LuaRaise) -> Transform3D {
    try lua.checkValueUserdata(arg, as: Transform3D.self)
}

/// The transform a method's self or a handler's object is.
private func transform(_ object: UnsafeMutableRawPointer) -> Transform3D {
    LuaState.value(object, as: Transform3D.self)
}

private func finiteNumber(_ lua: LuaState, _ arg: Int32) throws(LuaRaise) -> Double {
    let v = try lua.checkNumber(arg)
    guard v.isFinite else { throw lua.argError(arg, "finite number expected, got \(v.isNaN ? "nan" : "inf")") }
    return v
}

private func optFinite(_ lua: LuaState, _ arg: Int32, _ fallback: Double) throws(LuaRaise) -> Double {
    lua.isNoneOrNil(arg) ? fallback : try finiteNumber(lua, arg)
}

/// `ca.Transform3D`'s __index: `identity` is a new identity; any other key is nil.
private func identityIndex(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        if lua.isString(at: 2, "identity") {
            lua.pushValueUserdata(Transform3D.identity)
        } else {
            lua.pushNil()
        }
        return 1
    }
}

private func makeIdentity(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.pushValueUserdata(Transform3D.identity); return 1 }
}

private func isIdentityFunction(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.push(try transform(lua, 1).isIdentity); return 1 }
}

private func makeScale(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let sx = try finiteNumber(lua, 1)
        let sy = try optFinite(lua, 2, sx)
        lua.pushValueUserdata(Transform3D(scaleX: sx, y: sy, z: try optFinite(lua, 3, 1)))
        return 1
    }
}

private func makeRotation(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let angle = try finiteNumber(lua, 1)
        let x = try optFinite(lua, 2, 0), y = try optFinite(lua, 3, 0), z = try optFinite(lua, 4, lua.isNoneOrNil(2) ? 1 : 0)
        lua.pushValueUserdata(Transform3D(rotationAngle: angle, x: x, y: y, z: z))
        return 1
    }
}

private func makeTranslation(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.pushValueUserdata(Transform3D(translationX: try finiteNumber(lua, 1), y: try finiteNumber(lua, 2),
                                          z: try optFinite(lua, 3, 0)))
        return 1
    }
}

private func makeAffine(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.pushValueUserdata(Transform3D(affineA: try finiteNumber(lua, 1), b: try finiteNumber(lua, 2),
                                          c: try finiteNumber(lua, 3), d: try finiteNumber(lua, 4),
                                          tx: try finiteNumber(lua, 5), ty: try finiteNumber(lua, 6)))
        return 1
    }
}

private func scaled(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let t = transform(object)
        let sx = try finiteNumber(lua, 2)
        lua.pushValueUserdata(t.scaled(x: sx, y: try optFinite(lua, 3, sx), z: try optFinite(lua, 4, 1)))
        return 1
    }
}

private func rotated(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let t = transform(object)
        let angle = try finiteNumber(lua, 2)
        let x = try optFinite(lua, 3, 0), y = try optFinite(lua, 4, 0), z = try optFinite(lua, 5, lua.isNoneOrNil(3) ? 1 : 0)
        lua.pushValueUserdata(t.rotated(by: angle, x: x, y: y, z: z))
        return 1
    }
}

private func translated(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let t = transform(object)
        lua.pushValueUserdata(t.translated(x: try finiteNumber(lua, 2), y: try finiteNumber(lua, 3), z: try optFinite(lua, 4, 0)))
        return 1
    }
}

private func concat(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.pushValueUserdata(transform(object).concatenating(try transform(lua, 2)))
        return 1
    }
}

private func inverted(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let t = transform(object)
        // As CATransform3DInvert: the original when there is no inverse.
        lua.pushValueUserdata(t.inverted ?? t)
        return 1
    }
}

private func copy(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in lua.pushValueUserdata(transform(object)); return 1 }
}
