import Foundation
import LayerKit
import LuaBridge

/// `ca.Image.load(path)`, `ca.Image.circle{ radius, softness, color }`,
/// `ca.Image.rect{ width, height, cornerRadius, color }`, `ca.Image.snowflake{ size, arms, seed,
/// color }`; fields `width`, `height`.
enum ImageBinding: CaBinding {
    static var classes: [LuaClass] {
        [LuaClass(Image.self, name: "Image",
                  summary: "a bitmap: `ca.Image.load(path)`, `.circle{…}`, `.rect{…}`, `.snowflake{…}`; a layer's `contents` or "
                      + "an emitter cell's. Drawn at one point a pixel. Images never change: asking again with the same "
                      + "arguments (or for an unchanged file) gives the same image, made once",
                  example: """
                      local dot = ca.Image.circle{ radius = 16, softness = 0.5, color = "white" }  -- softness blurs the edge
                      local flake = ca.Image.snowflake{ size = 64, arms = 6, seed = 3 }
                      local confetti = ca.Image.rect{ width = 12, height = 6, cornerRadius = 2, color = "gold" }
                      print(flake.width, flake.height, flake.label)
                      ca.root:addSublayer(ca.Layer{ frame = { 20, 20, 64, 64 }, contents = flake })
                      ca.root:addSublayer(ca.Layer{ frame = { 100, 36, 32, 32 }, contents = dot })
                      """,
                  properties: [
                      LuaClass.Property("width", "integer", lua: "integer", "read-only; pixels",
                                        get: { (lua, image: Image) in lua.push(image.width) }),
                      LuaClass.Property("height", "integer", lua: "integer", "read-only; pixels",
                                        get: { (lua, image: Image) in lua.push(image.height) }),
                      LuaClass.Property("label", "string", lua: "string",
                                        "read-only; where it came from: the file name, or how it was made (`\"circle(radius: 16.0, softness: 0.0)\"`)",
                                        get: { (lua, image: Image) in lua.push(image.label) }),
                  ])]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [
                           CaFunctionDoc.Call("ca.Image.load(path)", returns: "Image",
                                              "an image file (PNG, JPEG …) in the script's folder or the Scripts library; "
                                                  + "saving the file reloads the script"),
                           CaFunctionDoc.Call("ca.Image.circle{radius, softness, color}", returns: "Image",
                                              "a disc of `radius` pixels (default 16), its edge blurred by `softness` "
                                                  + "(0 sharp … 1 soft), in `color` (default white)"),
                           CaFunctionDoc.Call("ca.Image.rect{width, height, cornerRadius, color}", returns: "Image",
                                              "a rectangle for confetti, bars and pills: `width` pixels (default 16) by "
                                                  + "`height` (default as wide), corners rounded by `cornerRadius` (default 0), "
                                                  + "in `color` (default white)"),
                           CaFunctionDoc.Call("ca.Image.snowflake{size, arms, seed, color}", returns: "Image",
                                              "a snowflake `size` pixels square (default 64) with `arms` arms (default 6), "
                                                  + "grown from `seed` (the same seed, the same flake)"),
                       ],
                       fields: [("Image", "ca.ImageLib")],
                       types: """
                           ---@class ca.ImageLib
                           ---@field load fun(path: string): Image
                           ---@field circle fun(options?: {radius?: number, softness?: number, color?: ca.Color}): Image
                           ---@field rect fun(options?: {width?: number, height?: number, cornerRadius?: number, color?: ca.Color}): Image
                           ---@field snowflake fun(options?: {size?: number, arms?: integer, seed?: integer, color?: ca.Color}): Image

                           """)]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.newLibrary(["load": loadImage, "circle": circleImage, "rect": rectImage, "snowflake": snowflakeImage])
        lua.rawSet(ca, field: "Image")
    }

    static func provider(_ lua: LuaState) throws(LuaRaise) -> (ScriptHost, ImageProvider) {
        let host = try ScriptHost.require(lua)
        guard let images = host.images else {
            throw lua.error("images are not available here (this host has no image provider)")
        }
        return (host, images)
    }

    /// A number field of the options table at argument 1.
    static func field(_ lua: LuaState, _ name: String, default fallback: Double, range: ClosedRange<Double>) throws(LuaRaise) -> Double {
        guard lua.type(at: 1) == .table else { return fallback }
        let kind = lua.rawGet(1, field: name)
        defer { lua.pop() }
        if kind == .nil { return fallback }
        guard kind == .number, let v = lua.toNumber(at: -1), v.isFinite else {
            throw lua.error("bad value for '\(name)' (finite number expected, got \(lua.describeValue(at: -1)))")
        }
        guard range.contains(v) else {
            throw lua.error("bad value for '\(name)' (number in \(range.lowerBound)...\(range.upperBound) expected, got \(v))")
        }
        return v
    }

    static func colorField(_ lua: LuaState) throws(LuaRaise) -> Color {
        guard lua.type(at: 1) == .table else { return .white }
        let kind = lua.rawGet(1, field: "color")
        defer { lua.pop() }
        if kind == .nil { return .white }
        guard let c = lua.toColor(at: -1) else {
            throw lua.error("bad value for 'color' (\(LuaState.describe(.color)) expected, got \(lua.describeValue(at: -1)))")
        }
        return c
    }
}

private func loadImage(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let path = try lua.checkString(1)
        let (host, images) = try ImageBinding.provider(lua)
        let resolved = path.hasPrefix("/") ? path : "\(host.scriptFolder)/\(path)"
        // Like loadfile and require, images come from the script's folder or the library only.
        if host.confine(resolved) == .outside {
            throw lua.error("cannot load image '\(path)' (\(ScriptHost.outsideReason))")
        }
        host.noteDependency(resolved)
        do {
            lua.push(try images.loadImage(atPath: resolved))
        } catch {
            throw lua.error("cannot load image '\(path)': \(error)")
        }
        return 1
    }
}

private func circleImage(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        if !lua.isNoneOrNil(1) { try lua.checkTable(1) }
        let (_, images) = try ImageBinding.provider(lua)
        let radius = try ImageBinding.field(lua, "radius", default: 16, range: 0.5...2048)
        let softness = try ImageBinding.field(lua, "softness", default: 0, range: 0...1)
        guard let image = images.circle(radius: radius, softness: softness, color: try ImageBinding.colorField(lua)) else {
            throw lua.error("cannot make a circle image of radius \(radius)")
        }
        lua.push(image)
        return 1
    }
}

private func rectImage(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        if !lua.isNoneOrNil(1) { try lua.checkTable(1) }
        let (_, images) = try ImageBinding.provider(lua)
        let width = try ImageBinding.field(lua, "width", default: 16, range: 0.5...4096)
        let height = try ImageBinding.field(lua, "height", default: width, range: 0.5...4096)
        let cornerRadius = try ImageBinding.field(lua, "cornerRadius", default: 0, range: 0...2048)
        guard let image = images.rect(width: width, height: height, cornerRadius: cornerRadius,
                                      color: try ImageBinding.colorField(lua)) else {
            throw lua.error("cannot make a rect image of \(width) × \(height)")
        }
        lua.push(image)
        return 1
    }
}

private func snowflakeImage(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        if !lua.isNoneOrNil(1) { try lua.checkTable(1) }
        let (_, images) = try ImageBinding.provider(lua)
        let size = try ImageBinding.field(lua, "size", default: 64, range: 2...4096)
        let arms = try ImageBinding.field(lua, "arms", default: 6, range: 2...24)
        let seed = try ImageBinding.field(lua, "seed", default: 1, range: -9.0e15...9.0e15)
        guard let image = images.snowflake(size: size, arms: Int(arms), seed: UInt64(bitPattern: Int64(seed)),
                                           color: try ImageBinding.colorField(lua)) else {
            throw lua.error("cannot make a snowflake image of size \(size)")
        }
        lua.push(image)
        return 1
    }
}
