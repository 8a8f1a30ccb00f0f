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
        [LuaClass(PathBox.self, name: "Path",
                  summary: "a path (CGPath): `ca.Path()` and its builders, in points; a ShapeLayer's `path`, or the "
                      + "way a KeyframeAnimation moves `position`. A layer keeps a copy",
                  example: """
                      local star = ca.Path()
                      for i = 0, 9 do
                        local r = i % 2 == 0 and 60 or 25
                        local a = i * math.pi / 5 - math.pi / 2   -- radians, from the top, clockwise
                        local x, y = 60 + r * math.cos(a), 60 + r * math.sin(a)
                        if i == 0 then star:moveTo(x, y) else star:lineTo(x, y) end
                      end
                      star:close()
                      ca.root:addSublayer(ca.ShapeLayer{ frame = { 100, 100, 120, 120 }, path = star, fillColor = "gold" })
                      """,
                  properties: [
                      LuaClass.Property("boundingBox", kind: .rect, "read-only; the smallest rect holding every point and control point",
                                        get: { (lua, box: PathBox) in lua.push(AnimationValue.rect(box.path.boundingBox)) }),
                      LuaClass.Property("isEmpty", kind: .bool, "read-only; whether it has no drawing steps",
                                        get: { (lua, box: PathBox) in lua.push(box.path.isEmpty) }),
                  ],
                  methods: [
                      LuaClass.Method("moveTo", "(x, y)", returns: "the path", moveTo, "starts a subpath at (x, y)",
                                      lua: "fun(self: Path, x: number, y: number): Path"),
                      LuaClass.Method("lineTo", "(x, y)", returns: "the path", lineTo, "a line to (x, y)",
                                      lua: "fun(self: Path, x: number, y: number): Path"),
                      LuaClass.Method("curveTo", "(c1x, c1y, c2x, c2y, x, y)", returns: "the path", curveTo,
                                      "a cubic Bézier curve to (x, y) with control points (c1x, c1y) and (c2x, c2y)",
                                      lua: "fun(self: Path, c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): Path"),
                      LuaClass.Method("quadCurveTo", "(cx, cy, x, y)", returns: "the path", quadCurveTo,
                                      "a quadratic Bézier curve to (x, y) with control point (cx, cy)",
                                      lua: "fun(self: Path, cx: number, cy: number, x: number, y: number): Path"),
                      LuaClass.Method("arc", "(cx, cy, radius, startAngle, endAngle[, clockwise])", returns: "the path", arc,
                                      "an arc of the circle around (cx, cy) from startAngle to endAngle, in radians "
                                          + "(0 is +x, π/2 is +y, down), clockwise on screen unless `clockwise` is false",
                                      lua: "fun(self: Path, cx: number, cy: number, radius: number, startAngle: number, endAngle: number, clockwise?: boolean): Path"),
                      LuaClass.Method("close", "()", returns: "the path", close,
                                      "closes the subpath; every builder returns the path, for chaining",
                                      lua: "fun(self: Path): Path"),
                  ])]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [
                           CaFunctionDoc.Call("ca.Path()", returns: "Path", "an empty path to build with its methods"),
                           CaFunctionDoc.Call("ca.Path.rect(rect)", returns: "Path", "a rectangle"),
                           CaFunctionDoc.Call("ca.Path.ellipse(rect)", returns: "Path", "the ellipse inside `rect`"),
                           CaFunctionDoc.Call("ca.Path.roundedRect(rect, radius)", returns: "Path",
                                              "a rectangle with corners rounded by `radius` points"),
                       ],
                       fields: [("Path", "ca.PathLib")],
                       types: """
                           ---@class ca.PathLib
                           ---@overload fun(): Path
                           ---@field new fun(): Path
                           ---@field rect fun(rect: ca.Rect|number[]): Path
                           ---@field ellipse fun(rect: ca.Rect|number[]): Path
                           ---@field roundedRect fun(rect: ca.Rect|number[], radius: number): Path

                           """)]
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
    LuaState.run(L) { lua in lua.pushUnshared(PathBox()); return 1 }
}

private func rectArg(_ lua: LuaState) throws(LuaRaise) -> Rect {
    guard case .rect(let r) = try lua.checkValue(1, kind: .rect) else { return .zero }
    return r
}

private func rectPath(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.pushUnshared(PathBox(Path.rect(try rectArg(lua)))); return 1 }
}
private func ellipsePath(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.pushUnshared(PathBox(Path.ellipse(in: try rectArg(lua)))); return 1 }
}
private func roundedRectPath(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let r = try rectArg(lua)
        let radius = try lua.checkNumber(2)
        lua.pushUnshared(PathBox(Path.roundedRect(r, cornerRadius: radius)))
        return 1
    }
}
