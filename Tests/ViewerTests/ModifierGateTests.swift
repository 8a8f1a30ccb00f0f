import CSDL2
import LuaHost
import Testing
@testable import Viewer

/// The modifiers of the viewer's shortcuts are not the script's input; other modifiers are.
struct ModifierGateTests {
    let shift = SDL_Keycode(SDLK_LSHIFT.rawValue)

    @Test func shiftWithAViewerKeyNeverReachesTheScript() {
        var gate = ModifierGate()
        gate.press(shift, name: "left shift")
        gate.viewerKeyPressed()            // F7: step back
        gate.viewerKeyPressed()            // held, again and again
        #expect(gate.scriptInput().isEmpty)
        #expect(gate.release(shift).isEmpty)
    }

    @Test func shiftWithAScriptKeyOrAClickIsTheScripts() {
        var gate = ModifierGate()
        gate.press(shift, name: "left shift")
        #expect(gate.scriptInput() == [.keyDown("left shift")])
        #expect(gate.scriptInput().isEmpty)
        #expect(gate.release(shift) == [.keyUp("left shift")])
    }

    @Test func shiftPressedAndReleasedAloneIsTheScripts() {
        var gate = ModifierGate()
        gate.press(shift, name: "left shift")
        #expect(gate.release(shift) == [.keyDown("left shift"), .keyUp("left shift")])
    }

    @Test func onlyModifiersAreHeld() {
        #expect(ModifierGate.isModifier(shift))
        #expect(ModifierGate.isModifier(SDL_Keycode(SDLK_RCTRL.rawValue)))
        #expect(!ModifierGate.isModifier(SDL_Keycode(SDLK_a.rawValue)))
        #expect(!ModifierGate.isModifier(SDL_Keycode(SDLK_F7.rawValue)))
    }
}
