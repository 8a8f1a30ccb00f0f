import CSDL2

/// One of the viewer's keys: the key (with Shift or without), the command it gives, and the
/// words the help and the docs use for it.
public struct KeyBinding: Sendable {
    /// The key as people name it: "F1", "Home", "Esc".
    public let key: String
    let keyCode: SDL_Keycode
    /// Whether Shift is held with it; nil: either way.
    public let shift: Bool?
    public let command: ViewerCommand
    /// A few words for the F1 help and `--help` ("play/pause").
    public let short: String
    /// What it does, for the key tables of README.md and docs/time.md.
    public let does: String

    /// "F3", "Shift+F3".
    public var name: String { shift == true ? "Shift+" + key : key }

    init(_ key: String, _ code: SDL_KeyCode, shift: Bool? = nil, _ command: ViewerCommand, _ short: String, _ does: String) {
        self.key = key
        keyCode = SDL_Keycode(code.rawValue)
        self.shift = shift
        self.command = command
        self.short = short
        self.does = does
    }
}

/// The viewer's keys, as one table: the key lookup, the F1 help, `--help` and the key tables of
/// README.md and docs/time.md all come from it. The viewer keeps function keys (with Shift for a
/// second meaning), Home, End, Delete and Esc; letters, space, arrows and the mouse belong to
/// the script.
public enum ViewerKeys {
    public static let table: [KeyBinding] = [
        KeyBinding("F1", SDLK_F1, shift: false, .toggleHUD, "HUD",
                   "HUD: fps, frame time, media time and tick, layers, running animations, script status"),
        KeyBinding("F1", SDLK_F1, shift: true, .toggleFullscreen, "full screen",
                   "full screen on/off, for a projector (`--fullscreen`; `--ui-scale 2` draws the strip, panels and "
                   + "their text twice as large)"),
        KeyBinding("F2", SDLK_F2, .toggleBounds, "bounds", "every layer's bounds (as drawn, 3D included) and anchor point"),
        KeyBinding("F3", SDLK_F3, shift: false, .toggleTimeline, "timeline", "timeline strip on/off"),
        KeyBinding("F3", SDLK_F3, shift: true, .toggleLoop, "loop", "loop between the in and out marks on/off"),
        KeyBinding("F4", SDLK_F4, shift: false, .toggleInspector, "inspector",
                   "inspector: click a layer (again: its superlayer) for its properties (model and on screen), its "
                   + "animations, a graph of an animated key path over time and its timing curve; press on the graph to seek"),
        KeyBinding("F4", SDLK_F4, shift: true, .toggleTweak, "tweak",
                   "tweak panel: the script's numbers, colours and timing curves; change one and see it at the same "
                   + "moment, Enter writes that one token to the file (its keys are below; it takes the keyboard while open)"),
        KeyBinding("F5", SDLK_F5, .restart, "restart", "restart the script from scratch at 0 (no input, no `ca.persist`)"),
        KeyBinding("F6", SDLK_F6, shift: false, .togglePause, "play/pause", "play / pause"),
        KeyBinding("F6", SDLK_F6, shift: true, .backToStart, "to 0", "back to 0"),
        KeyBinding("F7", SDLK_F7, shift: false, .step, "step", "step one tick forward (pauses)"),
        KeyBinding("F7", SDLK_F7, shift: true, .stepBack, "back", "step one tick back (pauses; hold to play backwards)"),
        KeyBinding("F8", SDLK_F8, shift: false, .toggleSlowMotion, "slow motion", "slow motion (×0.1) on/off"),
        KeyBinding("F8", SDLK_F8, shift: true, .cycleSpeed, "speed ×0.1…×4", "next speed: ×0.1, ×0.25, ×0.5, ×1, ×2, ×4"),
        KeyBinding("F9", SDLK_F9, .toggleRecording, "record (again: stop and write the clip)",
                   "record: press again to stop; the media time between the presses is rendered headless (with the "
                   + "input given meanwhile) to the next `snowglobe-NNNN.mp4` while the window goes on "
                   + "(`--record mp4\\|webm\\|mov\\|apng\\|gif`, `--record-fps 30`)"),
        KeyBinding("F10", SDLK_F10, .exportLoop, "write the in–out range",
                   "write the range between the in and out marks (a perfect loop) the same way"),
        KeyBinding("F11", SDLK_F11, shift: false, .toggleOnionSkin, "onion skin",
                   "onion skin: ghosts of the moments before (and, paused, after), fading with distance"),
        KeyBinding("F11", SDLK_F11, shift: true, .cycleOnionSkin, "more or wider ghosts",
                   "onion skin with more ghosts or wider apart: 6 × 0.1 s, 4 × 0.25 s, 6 × 0.5 s in turn"),
        KeyBinding("F12", SDLK_F12, shift: false, .screenshot, "screenshot",
                   "screenshot of the scene alone (no strip, HUD or panels: what `render --at` writes) to "
                   + "`snowglobe-NNNN.png` (`--screenshots DIR`, where recordings go too; numbers never repeat)"),
        KeyBinding("F12", SDLK_F12, shift: true, .screenshotWindow, "the window as shown",
                   "screenshot of the window as shown, with the strip, HUD and panels"),
        KeyBinding("Home", SDLK_HOME, .markIn, "in", "in mark at the playhead"),
        KeyBinding("End", SDLK_END, .markOut, "out", "out mark at the playhead (and loop from in to out)"),
        KeyBinding("Delete", SDLK_DELETE, .clearMarks, "clear marks", "clear the marks"),
        KeyBinding("PageDown", SDLK_PAGEDOWN, .nextExercise, "next exercise",
                   "in `snowglobe learn`, once the exercise passes: on to the next one"),
        KeyBinding("Esc", SDLK_ESCAPE, .quit, "quit (first: hide an error)",
                   "cancel a replay in progress, or hide the panel of an error in a callback (the HUD keeps counting); "
                   + "otherwise quit"),
    ]

    /// The viewer's command for an SDL key code with Shift held or not; nil when the key belongs
    /// to the script.
    public static func command(keyCode: SDL_Keycode, shift: Bool) -> ViewerCommand? {
        table.first { $0.keyCode == keyCode && ($0.shift == nil || $0.shift == shift) }?.command
    }

    /// Whether the key is one of the viewer's, with any modifier: its presses and releases never
    /// reach the script.
    public static func isViewerKey(_ keyCode: SDL_Keycode) -> Bool {
        table.contains { $0.keyCode == keyCode }
    }

    /// The name a script's "keydown"/"keyup" handler gets: SDL's key name in lower case
    /// ("space", "a", "left", "return"), or nil for a key SDL cannot name.
    public static func scriptName(_ keyCode: SDL_Keycode) -> String? {
        guard let name = SDL_GetKeyName(keyCode) else { return nil }
        let text = String(cString: name).lowercased()
        return text.isEmpty ? nil : text
    }

    /// The keys in a few short lines, for the HUD: "F6 play/pause (Shift: to 0)", each key once.
    public static let helpLines: [String] = {
        var pieces: [String] = []
        var seen = Set<String>()
        for binding in table where !seen.contains(binding.key) {
            seen.insert(binding.key)
            var piece = binding.key + " " + binding.short
            if binding.shift == false, let shifted = table.first(where: { $0.key == binding.key && $0.shift == true }) {
                piece += " (Shift: \(shifted.short))"
            }
            pieces.append(piece)
        }
        pieces.append("drag on the timeline to scrub")
        var lines: [String] = []
        for piece in pieces {
            if let last = lines.last, last.count + 3 + piece.count <= 100 {
                lines[lines.count - 1] = last + " · " + piece
            } else {
                lines.append(piece)
            }
        }
        return lines
    }()

    /// The keys on one line, for `--help`.
    public static let help = helpLines.joined(separator: " · ")

    /// The key table of README.md and docs/time.md, one row a key.
    public static let markdownTable: String = (["| key | does |", "|---|---|"]
        + table.map { "| \($0.name) | \($0.does) |" }).joined(separator: "\n") + "\n"
}
