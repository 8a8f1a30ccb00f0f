import CSDL2

/// The keys the viewer keeps for itself (function keys, so that letters, space and the mouse
/// belong to the script), and the names scripts see for all the others.
public enum ViewerKey: Sendable, Equatable {
    case toggleHUD        // F1
    case toggleBounds     // F2
    case restart          // F5
    case togglePause      // F6
    case step             // F7
    case toggleSlowMotion // F8
    case screenshot       // F12
    case quit             // Esc

    /// The viewer's key for an SDL key code, or nil when the key belongs to the script.
    public init?(keyCode: SDL_Keycode) {
        switch Int(keyCode) {
        case Int(SDLK_F1.rawValue): self = .toggleHUD
        case Int(SDLK_F2.rawValue): self = .toggleBounds
        case Int(SDLK_F5.rawValue): self = .restart
        case Int(SDLK_F6.rawValue): self = .togglePause
        case Int(SDLK_F7.rawValue): self = .step
        case Int(SDLK_F8.rawValue): self = .toggleSlowMotion
        case Int(SDLK_F12.rawValue): self = .screenshot
        case Int(SDLK_ESCAPE.rawValue): self = .quit
        default: return nil
        }
    }

    /// The name a script's "keydown"/"keyup" handler gets: SDL's key name in lower case
    /// ("space", "a", "left", "return"), or nil for a key SDL cannot name.
    public static func scriptName(_ keyCode: SDL_Keycode) -> String? {
        guard let name = SDL_GetKeyName(keyCode) else { return nil }
        let text = String(cString: name).lowercased()
        return text.isEmpty ? nil : text
    }

    /// One line per viewer key, for the HUD and `--help`.
    public static let help = "F1 HUD · F2 bounds · F5 restart · F6 pause · F7 step · F8 slow motion · F12 screenshot · Esc quit"
}
