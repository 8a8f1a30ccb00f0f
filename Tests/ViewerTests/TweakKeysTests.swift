import CSDL2
import Foundation
import Testing
import TestSupport
@testable import Viewer

/// The tweak panel's keys are one table, which README.md and docs/time.md print, and Shift+F4
/// (the viewer's own table) opens the panel without taking F4 from the inspector.
struct TweakKeysTests {
    @Test(arguments: ["README.md", "docs/time.md"])
    func theDocsListThePanelsKeys(file: String) throws {
        let text = try String(contentsOfFile: Project.root + "/" + file, encoding: .utf8)
        #expect(text.contains(TweakKeys.markdownTable), "\(file) should list the tweak panel's keys:\n\(TweakKeys.markdownTable)")
    }

    @Test func everyKeyGivesItsCommandAndOnlyItsOwn() {
        for key in TweakKeys.table {
            #expect(TweakKeys.command(keyCode: key.keyCode, shift: key.shift, control: key.control, alt: key.alt) == key.command,
                    "\(key.name)")
        }
        #expect(Set(TweakKeys.table.map(\.name)).count == TweakKeys.table.count)
        let enter = SDL_Keycode(SDLK_KP_ENTER.rawValue)
        #expect(TweakKeys.command(keyCode: enter, shift: false, control: false, alt: false) == .write)
        // Letters do nothing in the panel (and, while it is open, do not reach the script).
        #expect(TweakKeys.command(keyCode: SDL_Keycode(SDLK_a.rawValue), shift: false, control: false, alt: false) == nil)
    }

    @Test func shiftF4OpensThePanelAndF4TheInspector() {
        let f4 = SDL_Keycode(SDLK_F4.rawValue)
        #expect(ViewerKeys.command(keyCode: f4, shift: true) == .toggleTweak)
        #expect(ViewerKeys.command(keyCode: f4, shift: false) == .toggleInspector)
        #expect(ViewerKeys.help.contains("F4 inspector (Shift: tweak)"))
    }
}
