import Foundation
import LayerKit
import LuaHost
import Testing
@testable import Tweak
@testable import Viewer

/// What the tweak panel's rows and the error panel say while tweaking.
struct TweakPanelTests {
    private func literal(_ source: String, _ index: Int = 0) -> Literal {
        LiteralScanner.literals(in: Array(source.utf8), file: "/tmp/main.lua", isColour: { Color(parsing: $0) != nil })[index]
    }

    @Test func aRowShowsMarkLineValueAndSource() {
        let source = "  local d = 0.25  -- damping"
        #expect(TweakPanel.rowText(literal(source), source: source, pending: false, marked: false, showsFile: false)
                == "    1  0.25      local d = 0.25  -- damping")
        #expect(TweakPanel.rowText(literal(source), source: source, pending: true, marked: true, showsFile: false).hasPrefix("•   1"))
        #expect(TweakPanel.rowText(literal(source), source: source, pending: false, marked: true, showsFile: true)
                .hasPrefix("▸main.lua:1  0.25"))
    }

    @Test func aLiteralFarAlongItsLineIsShownFromNearIt() {
        let source = "{ label = \"velocity -10\", mass = 1, stiffness = 100, damping = 10, initialVelocity = -10 }"
        let row = TweakPanel.rowText(literal(source, 3), source: source, pending: false, marked: false, showsFile: false,
                                     columns: 50)
        #expect(row.contains("…"), "\(row)")
        #expect(row.contains("initialVelocity = -10"), "\(row)")
    }

    @Test func aPickedColourIsWrittenInTheStyleItHad() throws {
        let orange = try #require(Color(parsing: "#ff8800"))
        var pick = ColourPick(orange)
        #expect(abs(pick.hue - 32) < 0.5 && pick.saturation == 1 && pick.value == 1 && pick.alpha == 1)
        #expect(pick.text(like: "#ff8800") == "#ff8800", "no drift through HSV")
        #expect(pick.text(like: "#FF8800") == "#FF8800")
        #expect(pick.text(like: "#ff880080") == "#ff8800ff", "alpha digits kept")
        #expect(pick.text(like: "orange") == "#ff8800", "a CSS name becomes hex")
        pick.set(.alpha, fraction: 0.5)
        #expect(pick.text(like: "#ff8800") == "#ff880080", "alpha below 1 adds its digits")
        pick.set(.hue, fraction: 1.5)
        #expect(pick.hue == 360 && pick.text(like: "#ff8800").hasPrefix("#ff0000"))
    }

    @Test func theErrorPanelSaysEscDropsATweak() {
        let error = ScriptError(kind: .runtime, message: "main.lua:2: COUNT must stay below 4", file: "main.lua")
        #expect(ViewerOverlay.errorLines(error, fromLoad: true, tweaking: true).first
                == "script error with the tweaked value — the last good scene keeps running; Esc drops the change")
    }
}
