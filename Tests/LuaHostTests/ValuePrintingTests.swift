import TestSupport
import Testing
@testable import LuaHost

/// What `print` shows for the values `ca` hands out: the Lua that makes them, never
/// `table: 0x…`; and `ca.Color` taking every form a colour property takes.
struct ValuePrintingTests {
    static let values: [(expression: String, printed: String)] = [
        ("box.position", "{x = 25, y = 40}"),
        ("box.anchorPoint", "{x = 0.5, y = 0.5}"),
        ("box.bounds", "{x = 0, y = 0, width = 30, height = 40}"),
        ("box.frame", "{x = 10, y = 20, width = 30, height = 40}"),
        ("box.backgroundColor", "{r = 1, g = 0, b = 0, a = 1}"),
        ("box:convertPoint({1, 2}, ca.root)", "{x = 11, y = 22}"),
        ("ca.screen", "{width = 800, height = 600, scale = 1, uiScale = 1}"),
        ("box.transform", "Transform3D.identity"),
        ("ca.Transform3D.translation(10, -20)", "Transform3D.affine(1, 0, 0, 1, 10, -20)"),
        ("ca.Transform3D.scale(2, 0.5)", "Transform3D.affine(2, 0, 0, 0.5, 0, 0)"),
        ("ca.Transform3D.translation(0, 0, 5)",
         "Transform3D{m11 = 1, m12 = 0, m13 = 0, m14 = 0, m21 = 0, m22 = 1, m23 = 0, m24 = 0, "
            + "m31 = 0, m32 = 0, m33 = 1, m34 = 0, m41 = 0, m42 = 0, m43 = 5, m44 = 1}"),
        ("box:presentation().position", "{x = 25, y = 40}"),
        ("ca.Color(0, 0.25, 1)", "{r = 0, g = 0.25, b = 1, a = 1}"),
    ]

    @Test(arguments: values)
    func aValuePrintsAsTheLuaThatMakesIt(expression: String, printed: String) {
        let h = ScriptHarness("box = ca.Layer{ frame = {10, 20, 30, 40}, backgroundColor = 'red' }\nca.root:addSublayer(box)")
        #expect(h.start() == nil)
        #expect(h.eval("print(\(expression))") == [printed])
    }

    @Test func aChangedFieldPrintsAsItIsNow() {
        let h = ScriptHarness("p = ca.Layer{}.position")
        #expect(h.start() == nil)
        #expect(h.eval("p.x = 3.5 p.y = 'up' print(p)") == ["{x = 3.5, y = \"up\"}"])
    }

    @Test func aSnapshotSaysWhatItIs() {
        let h = ScriptHarness("box = ca.Layer{}")
        #expect(h.start() == nil)
        let printed = h.eval("print(box:presentation())").first ?? ""
        #expect(printed.hasPrefix("presentation() of Layer: 0x"))
    }

    /// A printable table is still a table in messages.
    @Test func messagesStillCallThemTables() {
        let h = ScriptHarness("box = ca.Layer{}")
        #expect(h.start() == nil)
        #expect(h.eval("ca.root:addSublayer(box.position)") == ["error: eval:1: bad argument #1 to 'addSublayer' (Layer expected, got table)"])
    }

    static let colors: [(expression: String, printed: String)] = [
        ("ca.Color('red')", "{r = 1, g = 0, b = 0, a = 1}"),
        ("ca.Color('#00ff00')", "{r = 0, g = 1, b = 0, a = 1}"),
        ("ca.Color('#0000ff00')", "{r = 0, g = 0, b = 1, a = 0}"),
        ("ca.Color({1, 1, 0})", "{r = 1, g = 1, b = 0, a = 1}"),
        ("ca.Color({ r = 0, g = 0, b = 0, a = 0.5 })", "{r = 0, g = 0, b = 0, a = 0.5}"),
        ("ca.Color('white', 0.25)", "{r = 1, g = 1, b = 1, a = 0.25}"),
        ("ca.Color(1, 0.5, 0, 0.75)", "{r = 1, g = 0.5, b = 0, a = 0.75}"),
        ("ca.Color('snowwhite')",
         "error: eval:1: bad argument #1 to 'Color' (color (\"#RRGGBB\", a CSS name or {r, g, b, a}) expected, got 'snowwhite')"),
        ("ca.Color('red', 'half')", "error: eval:1: bad argument #2 to 'Color' (number expected, got string)"),
        ("ca.Color(1, 0)", "error: eval:1: bad argument #3 to 'Color' (number expected, got no value)"),
    ]

    @Test(arguments: colors)
    func colorTakesEveryColourForm(expression: String, printed: String) {
        let h = ScriptHarness("")
        #expect(h.start() == nil)
        #expect(h.eval("print(\(expression))") == [printed])
    }

    /// What ca.Color makes is a colour wherever a colour goes.
    @Test func aMadeColourIsAColour() {
        let h = ScriptHarness("box = ca.Layer{ backgroundColor = ca.Color('teal', 0.5) }")
        #expect(h.start() == nil)
        #expect(h.eval("print(box.backgroundColor)") == ["{r = 0, g = 0.50196078431373, b = 0.50196078431373, a = 0.5}"])
    }
}
