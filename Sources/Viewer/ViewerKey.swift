import CSDL2

/// The keys the viewer keeps for itself — function keys (with Shift for their second meaning),
/// Home, End, Delete and Esc — so that letters, space, arrows and the mouse belong to the
/// script; and the names scripts see for all the others.
public enum ViewerKey: Sendable, Equatable, CaseIterable {
    case toggleHUD        // F1
    case toggleBounds     // F2
    case toggleTimeline   // F3
    case toggleLoop       // Shift+F3
    case toggleInspector  // F4
    case restart          // F5
    case togglePause      // F6
    case backToStart      // Shift+F6
    case step             // F7
    case stepBack         // Shift+F7
    case toggleSlowMotion // F8
    case cycleSpeed       // Shift+F8
    case markIn           // Home
    case markOut          // End
    case clearMarks       // Delete
    case toggleRecording  // F9
    case exportLoop       // F10
    case toggleOnionSkin  // F11 (Shift: more ghosts, wider apart)
    case cycleOnionSkin   // Shift+F11
    case screenshot       // F12
    case quit             // Esc (cancels a replay in progress, or hides a callback's error panel, first)

    /// The viewer's key for an SDL key code (with Shift held or not), or nil when the key
    /// belongs to the script.
    public init?(keyCode: SDL_Keycode, shift: Bool = false) {
        switch (Int(keyCode), shift) {
        case (Int(SDLK_F1.rawValue), _): self = .toggleHUD
        case (Int(SDLK_F2.rawValue), _): self = .toggleBounds
        case (Int(SDLK_F3.rawValue), false): self = .toggleTimeline
        case (Int(SDLK_F3.rawValue), true): self = .toggleLoop
        case (Int(SDLK_F4.rawValue), _): self = .toggleInspector
        case (Int(SDLK_F5.rawValue), _): self = .restart
        case (Int(SDLK_F6.rawValue), false): self = .togglePause
        case (Int(SDLK_F6.rawValue), true): self = .backToStart
        case (Int(SDLK_F7.rawValue), false): self = .step
        case (Int(SDLK_F7.rawValue), true): self = .stepBack
        case (Int(SDLK_F8.rawValue), false): self = .toggleSlowMotion
        case (Int(SDLK_F8.rawValue), true): self = .cycleSpeed
        case (Int(SDLK_HOME.rawValue), _): self = .markIn
        case (Int(SDLK_END.rawValue), _): self = .markOut
        case (Int(SDLK_DELETE.rawValue), _): self = .clearMarks
        case (Int(SDLK_F9.rawValue), _): self = .toggleRecording
        case (Int(SDLK_F10.rawValue), _): self = .exportLoop
        case (Int(SDLK_F11.rawValue), false): self = .toggleOnionSkin
        case (Int(SDLK_F11.rawValue), true): self = .cycleOnionSkin
        case (Int(SDLK_F12.rawValue), _): self = .screenshot
        case (Int(SDLK_ESCAPE.rawValue), _): self = .quit
        default: return nil
        }
    }

    /// Whether holding the key repeats it (stepping does; toggles do not).
    var repeats: Bool { self == .step || self == .stepBack }

    /// The name a script's "keydown"/"keyup" handler gets: SDL's key name in lower case
    /// ("space", "a", "left", "return"), or nil for a key SDL cannot name.
    public static func scriptName(_ keyCode: SDL_Keycode) -> String? {
        guard let name = SDL_GetKeyName(keyCode) else { return nil }
        let text = String(cString: name).lowercased()
        return text.isEmpty ? nil : text
    }

    /// The viewer's keys in a few short lines, for the HUD and `--help`.
    public static let helpLines = [
        "F1 HUD · F2 bounds · F3 timeline (Shift: loop) · F4 inspector · F5 restart · F11 onion skin · F12 screenshot",
        "F6 play/pause (Shift: to 0) · F7 step (Shift: back) · F8 slow motion (Shift: speed ×0.1…×4)",
        "F9 record (again: stop and write the clip) · F10 write the in–out range · Esc quit (first: hide an error)",
        "Home in · End out · Delete clear marks · drag on the timeline to scrub",
    ]

    /// The viewer's keys on one line.
    public static let help = helpLines.joined(separator: " · ")
}
