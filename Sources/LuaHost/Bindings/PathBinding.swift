import LayerKit
import LuaBridge

/// A `ca.Path` held by Lua: building methods change it and return it, for chaining.
final class PathBox {
    var path: Path
    init(_ path: Path = Path()) { self.path = path }
}

/// `ca.Path():moveTo(x, y):lineTo(x, y):curveTo(c1x, c1y, c2x, c2y, x, y):quadCurveTo(cx, cy, x, y)
/// :arc(cx, cy, radius, startAngle, endAngle[, clockwise]):close()`, and `ca.Path.rect(r)`,
/// `ca.Path.ellipse(r)`, `ca.Path.roundedRect(r, radius)`.
enum PathBinding: CaBinding {
    static var classes: [LuaClass] {
        [LuaClass(PathBox.self, name: "Path", summary: "a path (CGPath): `ca.Path()` and its builders",
                  properties: [
                      LuaClass.Property("boundingBox", kind: .rect, "read-only; the smallest rect holding every point and control point"),
                      LuaClass.Property("isEmpty", kind: .bool, "read-only; whether it has no drawing steps"),
                  ],
                  get: getPath,
                  methods: [
                      LuaClass.Method("moveTo", "(x, y)", moveTo, "starts a subpath at (x, y)"),
                      LuaClass.Method("lineTo", "(x, y)", lineTo, "a line to (x, y)"),
                      LuaClass.Method("curveTo", "(c1x, c1y, c2x, c2y, x, y)", curveTo, "a cubic Bézier curve to (x, y)"),
                      LuaClass.Method("quadCurveTo", "(cx, cy, x, y)", quadCurveTo, "a quadratic Bézier curve to (x, y)"),
                      LuaClass.Method("arc", "(cx, cy, radius, startAngle, endAngle, clockwise)", arc,
                                      "an arc of the circle around (cx, cy), angles in radians (clockwise unless false)"),
                      LuaClass.Method("close", "()", close, "closes the subpath; each builder returns the path, for chaining"),
                  ])]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc("ca.Path(), ca.Path.rect(r), .ellipse(r), .roundedRect(r, radius)", "paths",
                       fields: [("Path", "table")])]
    }

    static func install(_ lua: LuaState, ca: Int32) throws(LuaError) {
        lua.newLibrary(["new": newPath, "rect": rectPath, "ellipse": ellipsePath, "roundedRect": roundedRectPath])
        lua.rawSet(ca, field: "Path")
        try lua.run("""
            local P = ca.Path
            setmetatable(P, { __call = function(_, ...) return P.new(...) end })
            """, chunkName: "=snowglobe")
    }
}

private func coordinates(_ lua: LuaState, from first: Int32, count: Int) throws(LuaRaise) -> [Double] {
    var values: [Double] = []
    for i in 0..<count {
        let arg = first + Int32(i)
        let v = try lua.checkNumber(arg)
        guard v.isFinite else { throw lua.argError(arg, "finite number expected, got \(v.isNaN ? "nan" : "inf")") }
        values.append(v)
    }
    return values
}

private func building(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, count: Int,
                      _ body: @escaping (inout Path, [Double]) -> Void) -> Int32 {
    LuaState.run(L) { lua in
        let box = LuaState.object(object, as: PathBox.self)
        let c = try coordinates(lua, from: 2, count: count)
        body(&box.path, c)
        lua.top = 1
        return 1
    }
}

private func moveTo(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    building(L, object, count: 2) { p, c in p.move(to: Point(x: c[0], y: c[1])) }
}
private func lineTo(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    building(L, object, count: 2) { p, c in p.addLine(to: Point(x: c[0], y: c[1])) }
}
private func curveTo(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    building(L, object, count: 6) { p, c in
        p.addCurve(to: Point(x: c[4], y: c[5]), control1: Point(x: c[0], y: c[1]), control2: Point(x: c[2], y: c[3]))
    }
}
private func quadCurveTo(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    building(L, object, count: 4) { p, c in p.addQuadCurve(to: Point(x: c[2], y: c[3]), control: Point(x: c[0], y: c[1])) }
}
private func close(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    building(L, object, count: 0) { p, _ in p.closeSubpath() }
}
private func arc(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let box = LuaState.object(object, as: PathBox.self)
        let c = try coordinates(lua, from: 2, count: 5)
        let clockwise = try lua.optBoolean(7, default: true)
        box.path.addArc(center: Point(x: c[0], y: c[1]), radius: c[2], startAngle: c[3], endAngle: c[4], clockwise: clockwise)
        lua.top = 1
        return 1
    }
}

private func newPath(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.push(PathBox()); return 1 }
}

private func rectArg(_ lua: LuaState) throws(LuaRaise) -> Rect {
    guard case .rect(let r) = try lua.checkValue(1, kind: .rect) else { return .zero }
    return r
}

private func rectPath(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.push(PathBox(Path.rect(try rectArg(lua)))); return 1 }
}
private func ellipsePath(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.push(PathBox(Path.ellipse(in: try rectArg(lua)))); return 1 }
}
private func roundedRectPath(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let r = try rectArg(lua)
        let radius = try lua.checkNumber(2)
        lua.push(PathBox(Path.roundedRect(r, cornerRadius: radius)))
        return 1
    }
}

private func getPath(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let path = LuaState.object(object, as: PathBox.self).path
        if id == 0 { lua.push(AnimationValue.rect(path.boundingBox)) } else { lua.push(path.isEmpty) }
        return 1
    }
}
