import CSDL2
import LuaHost

/// Holds a modifier key's press (Shift, Ctrl, Alt, the system key) until it is known whose it
/// is. Pressed with one of the viewer's keys (Shift+F7), it is the viewer's: the script hears
/// neither its press nor its release, so a shortcut never counts as the script's input (after a
/// seek back, a press would replace the input logged for later). Pressed with any other key or
/// a click, or pressed and released alone, it is the script's: its press is delivered first.
struct ModifierGate {
    private enum Owner { case undecided, viewer, script }
    private var held: [(code: SDL_Keycode, name: String, owner: Owner)] = []

    static let modifiers: Set<SDL_Keycode> = Set([SDLK_LSHIFT, SDLK_RSHIFT, SDLK_LCTRL, SDLK_RCTRL, SDLK_LALT, SDLK_RALT,
                                                  SDLK_LGUI, SDLK_RGUI].map { SDL_Keycode($0.rawValue) })

    static func isModifier(_ code: SDL_Keycode) -> Bool { modifiers.contains(code) }

    /// A modifier went down: held until something says whose it is.
    mutating func press(_ code: SDL_Keycode, name: String) {
        guard !held.contains(where: { $0.code == code }) else { return }
        held.append((code, name, .undecided))
    }

    /// One of the viewer's keys went down: the modifiers held with it are the viewer's.
    mutating func viewerKeyPressed() {
        for i in held.indices where held[i].owner == .undecided { held[i].owner = .viewer }
    }

    /// Input for the script is about to go: the presses of the modifiers held for it, to
    /// deliver first.
    mutating func scriptInput() -> [InputEvent] {
        var presses: [InputEvent] = []
        for i in held.indices where held[i].owner == .undecided {
            held[i].owner = .script
            presses.append(.keyDown(held[i].name))
        }
        return presses
    }

    /// A modifier went up: what the script gets of it — nothing when it was the viewer's; its
    /// press and release when it was pressed alone; its release when the script had its press.
    mutating func release(_ code: SDL_Keycode) -> [InputEvent] {
        guard let index = held.firstIndex(where: { $0.code == code }) else { return [] }
        let (_, name, owner) = held.remove(at: index)
        switch owner {
        case .viewer: return []
        case .undecided: return [.keyDown(name), .keyUp(name)]
        case .script: return [.keyUp(name)]
        }
    }
}
