import CSDL2
import Foundation
import Testing
import TestSupport
@testable import Viewer

/// The viewer's keys are one table: the lookup, the HUD's help, `--help` and the key tables of
/// README.md and docs/time.md come from it, so none can say something the window does not do.
struct KeyTableTests {
    @Test(arguments: ["README.md", "docs/time.md"])
    func theDocsKeyTableIsTheTable(file: String) throws {
        let text = try String(contentsOfFile: Project.root + "/" + file, encoding: .utf8)
        #expect(text.contains(ViewerKeys.markdownTable), "\(file)'s key table is not the viewer's; it should read:\n\(ViewerKeys.markdownTable)")
    }

    @Test func everyKeyGivesItsCommandAndOnlyItsOwn() {
        for binding in ViewerKeys.table {
            for shift in binding.shift.map({ [$0] }) ?? [false, true] {
                #expect(ViewerKeys.command(keyCode: binding.keyCode, shift: shift) == binding.command, "\(binding.name)")
            }
            #expect(ViewerKeys.isViewerKey(binding.keyCode))
        }
        let names = ViewerKeys.table.map(\.name)
        #expect(Set(names).count == names.count, "a key is bound twice: \(names)")
        // Letters, space and arrows stay the script's.
        for code in [SDLK_a, SDLK_SPACE, SDLK_LEFT, SDLK_RETURN] {
            #expect(ViewerKeys.command(keyCode: SDL_Keycode(code.rawValue), shift: false) == nil)
            #expect(!ViewerKeys.isViewerKey(SDL_Keycode(code.rawValue)))
        }
    }

    @Test func theHelpNamesEveryKeyOnceInShortLines() {
        let help = ViewerKeys.helpLines.joined(separator: " · ")
        for key in Set(ViewerKeys.table.map(\.key)) {
            #expect(help.components(separatedBy: " · ").filter { $0.hasPrefix(key + " ") }.count == 1, "\(key) in \(help)")
        }
        #expect(help.contains("F6 play/pause (Shift: to 0)"))
        #expect(ViewerKeys.helpLines.allSatisfy { $0.count <= 100 })
        #expect(ViewerKeys.help == help)
    }

    @Test func stripButtonsAskForTheirKeysCommands() {
        let keyed = Set(ViewerKeys.table.map { "\($0.command)" })
        for button in TimelineStrip.Button.allCases {
            #expect(keyed.contains("\(button.command)"), "\(button) has no key")
        }
    }
}
