import LayerKit
import LuaBridge

/// `ca.measureText{ string, font, fontSize, width }`: the size text takes as a text layer draws
/// it, measured by the drawing module's layout (the scene's `TextMeasuring`), so that scripts can
/// size and place layers around their text.
enum MeasureTextBinding: CaBinding {
    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.measureText{ string, font, fontSize, width }", returns: "{width, height}",
                                                  "the size in points `string` takes in `font` (default: the default font) "
                                                      + "at `fontSize` (default 36), laid out as a TextLayer draws it: on "
                                                      + "its lines; with `width`, wrapped at that width (the height is "
                                                      + "then the wrapped height)")],
                       fields: [("measureText",
                                 "fun(options: {string: string, font?: string, fontSize?: number, width?: number}): "
                                     + "{width: number, height: number}")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(measureText, named: "measureText", inTableAt: ca)
    }

    /// A string field of the options table at argument 1 (nil when absent and not `required`).
    static func stringField(_ lua: LuaState, _ name: String, required: Bool) throws(LuaRaise) -> String? {
        let kind = lua.rawGet(1, field: name)
        defer { lua.pop() }
        if kind == .nil && !required { return nil }
        guard kind == .string || kind == .number, let s = lua.toString(at: -1) else {
            throw lua.error("bad value for '\(name)' of measureText (string expected, got \(lua.describeValue(at: -1)))")
        }
        return s
    }
}

private func measureText(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        guard lua.type(at: 1) == .table else { throw lua.typeError(1, expected: "table") }
        let host = try ScriptHost.require(lua)
        guard let measurer = host.scene.textMeasurer else {
            throw lua.error("text cannot be measured here (this host has no drawing module)")
        }
        let string = try MeasureTextBinding.stringField(lua, "string", required: true) ?? ""
        let font = try MeasureTextBinding.stringField(lua, "font", required: false)
        let fontSize = try ImageBinding.field(lua, "fontSize", default: 36, range: 0...2000)
        let width = try ImageBinding.field(lua, "width", default: .infinity, range: 0...1_000_000)
        let size = measurer.size(of: string, font: font, fontSize: fontSize, wrapWidth: width.isFinite ? width : nil)
        lua.newTable(fieldCount: 2)
        lua.rawSet(-1, field: "width", to: size.width)
        lua.rawSet(-1, field: "height", to: size.height)
        return 1
    }
}
