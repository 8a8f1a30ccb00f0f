import LuaBridge

/// How the values `ca` hands out print: as the Lua that makes them, not `table: 0x…`. Points,
/// sizes, rects, colours and `ca.screen` are tables and print as table constructors
/// (`{x = 10, y = 20}`); each shape is a metatable with only `__tostring` (no `__name`, so
/// messages still call the value a table), made once per VM and kept in the registry.
/// Transforms print as the `ca.Transform3D` call that makes them (`Transform3D.identity`,
/// `Transform3D.affine(a, b, c, d, tx, ty)`) or, in 3D, as their sixteen fields.
enum ValueShape: String, CaseIterable {
    case point, size, rect, color, screen

    /// The fields `tostring` shows, in order.
    var fields: [String] {
        switch self {
        case .point: return ["x", "y"]
        case .size: return ["width", "height"]
        case .rect: return ["x", "y", "width", "height"]
        case .color: return ["r", "g", "b", "a"]
        case .screen: return ["width", "height", "scale", "uiScale"]
        }
    }

    /// The reference's paragraph on how values print.
    static let reference = """
        `print` and `tostring` show the values `ca` hands out as the Lua that makes them: points, sizes, \
        rects, colours and `ca.screen` as table constructors (`{x = 10, y = 20}`, \
        `{x = 0, y = 0, width = 100, height = 50}`, `{r = 1, g = 0, b = 0, a = 1}`), numbers as Lua shows \
        them without `.0` on whole ones; transforms as the `ca.Transform3D` call that makes them \
        (`Transform3D.identity`, `Transform3D.affine(a, b, c, d, tx, ty)` for a 2D one) or, in 3D, as their \
        sixteen fields (`Transform3D{m11 = 1, …, m44 = 1}`); objects as their type and address \
        (`Layer: 0x…`).
        """

    /// The registry key of the shape's metatable.
    var registryKey: String { "snowglobe.shape." + rawValue }

    /// Lua that returns a function making a shape's metatable from its field names, and the
    /// `__tostring` of transforms. Numbers show as `%.14g` does (as Lua shows them, without
    /// ".0" on whole numbers).
    static let source = """
        local format, tostring, type, rawget, concat = string.format, tostring, type, rawget, table.concat
        local function show(v)
          if math.type(v) == "float" and v == v and v > -math.huge and v < math.huge then return format("%.14g", v) end
          if type(v) == "string" then return format("%q", v) end
          return tostring(v)
        end
        local function shape(...)
          local keys = { ... }
          return { __tostring = function(t)
            local parts = {}
            for i = 1, #keys do parts[i] = keys[i] .. " = " .. show(rawget(t, keys[i])) end
            return "{" .. concat(parts, ", ") .. "}"
          end }
        end
        local function transform(t)
          if t.isIdentity then return "Transform3D.identity" end
          if t.m13 == 0 and t.m14 == 0 and t.m23 == 0 and t.m24 == 0 and t.m31 == 0 and t.m32 == 0
            and t.m33 == 1 and t.m34 == 0 and t.m43 == 0 and t.m44 == 1 then
            return "Transform3D.affine(" .. concat({ show(t.m11), show(t.m12), show(t.m21), show(t.m22),
              show(t.m41), show(t.m42) }, ", ") .. ")"
          end
          local parts = {}
          for r = 1, 4 do for c = 1, 4 do parts[#parts + 1] = "m" .. r .. c .. " = " .. show(t["m" .. r .. c]) end end
          return "Transform3D{" .. concat(parts, ", ") .. "}"
        end
        return shape, transform
        """

    /// Makes every shape's metatable in `lua`'s registry, and gives the registered
    /// Transform3D type its `__tostring`.
    static func install(_ lua: LuaState) throws(LuaError) {
        try lua.run(source, chunkName: Bootstrap.chunkName, results: 2)
        if lua.rawGet(LuaState.registryIndex, field: "Transform3D") == .table {
            lua.pushValue(at: -2)
            lua.rawSet(-2, field: "__tostring")
        }
        lua.pop(2)
        for shape in allCases {
            lua.pushValue(at: -1)
            for field in shape.fields { lua.push(field) }
            try lua.pcall(arguments: Int32(shape.fields.count), results: 1)
            lua.rawSet(LuaState.registryIndex, field: shape.registryKey)
        }
        lua.pop()
    }
}

extension LuaState {
    /// Gives the table on top of the stack the metatable of `shape` (nothing when the shapes
    /// were not installed).
    func setShape(_ shape: ValueShape) {
        guard rawGet(LuaState.registryIndex, field: shape.registryKey) == .table else {
            pop()
            return
        }
        setMetatable(-2)
    }
}
