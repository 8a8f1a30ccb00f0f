import Foundation
import TestSupport
import Testing
import LayerKit
@testable import LuaHost

/// `truncationMode`, `preferredFrameSize()` and `ca.measureText` from Lua, with a measurer whose
/// every character is half the font size wide and whose lines are the font size high.
struct TextMeasureBindingTests {
    private final class MonospaceImages: ImageProvider {
        final class Measurer: TextMeasuring {
            func size(of string: String, font: String?, fontSize: Double, wrapWidth: Double?) -> Size {
                let advance = fontSize / 2
                let lines = string.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [Int] in
                    guard let wrapWidth else { return [line.count] }
                    let perLine = max(1, Int(wrapWidth / advance))
                    return stride(from: 0, to: max(line.count, 1), by: perLine).map { min(perLine, line.count - $0) }
                }
                return Size(width: Double(lines.max() ?? 0) * advance, height: Double(lines.count) * fontSize)
            }
        }
        let textMeasurer: TextMeasuring? = Measurer()
        func loadImage(atPath path: String) throws -> Image { throw CocoaError(.fileNoSuchFile) }
        func circle(radius: Double, softness: Double, color: Color) -> Image? { nil }
        func rect(width: Double, height: Double, cornerRadius: Double, color: Color) -> Image? { nil }
        func snowflake(size: Double, arms: Int, seed: UInt64, color: Color) -> Image? { nil }
    }

    private func harness(_ code: String) -> ScriptHarness {
        let h = ScriptHarness(code)
        h.host.images = MonospaceImages()
        return h
    }

    @Test func measureTextAndPreferredFrameSizeUseTheHostsMeasurer() {
        let h = harness("""
            local m = ca.measureText{ string = "snowfall", fontSize = 20 }
            print(m.width, m.height)
            local w = ca.measureText{ string = "snowfall", fontSize = 20, width = 50 }
            print(w.width, w.height)
            local t = ca.TextLayer{ string = "two\\nlines", fontSize = 10, bounds = { 0, 0, 200, 100 } }
            local p = t:preferredFrameSize()
            print(p.width, p.height)
            t.wrapped = true
            t.bounds = { 0, 0, 10, 100 }
            p = t:preferredFrameSize()
            print(p.width, p.height, ca.Layer{ bounds = { 0, 0, 7, 8 } }:preferredFrameSize().width)
            t.truncationMode = "middle"
            print(t.truncationMode, ca.TextLayer{}.truncationMode)
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["80.0\t20.0", "50.0\t40.0", "25.0\t20.0", "10.0\t50.0\t7.0", "middle\tnone"])
    }

    @Test(arguments: [
        ("ca.measureText('x')", "main.lua:1: bad argument #1 to 'measureText' (table expected, got string)"),
        ("ca.measureText{ fontSize = 3 }", "main.lua:1: bad value for 'string' of measureText (string expected, got nil)"),
        ("ca.measureText{ string = 'a', fontSize = 'big' }",
         "main.lua:1: bad value for 'fontSize' (finite number expected, got 'big')"),
        ("ca.measureText{ string = 'a', width = -1 }",
         "main.lua:1: bad value for 'width' (number in 0.0...1000000.0 expected, got -1.0)"),
        ("ca.TextLayer{ truncationMode = 'tail' }",
         "main.lua:1: bad value for 'truncationMode' of TextLayer (one of 'none', 'start', 'middle', 'end' expected, got 'tail')"),
    ])
    func errorsReadLikeLua(code: String, message: String) {
        let h = harness(code)
        #expect(h.start() != nil)
        #expect(h.messages == [message])
    }

    @Test func withoutADrawingModuleMeasuringIsAnError() {
        let h = ScriptHarness("ca.measureText{ string = 'a' }")
        #expect(h.start() != nil)
        #expect(h.messages == ["main.lua:1: text cannot be measured here (this host has no drawing module)"])
    }
}
