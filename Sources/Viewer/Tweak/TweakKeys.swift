import CSDL2

/// One of the tweak panel's keys: the key with its modifiers, the command, and the words the
/// docs use for it.
public struct TweakKey: Sendable {
    /// The key as people name it: "Tab", "Shift+Up", "Ctrl+Z".
    public let name: String
    let keyCode: SDL_Keycode
    let shift: Bool
    let control: Bool
    let alt: Bool
    public let command: TweakCommand
    /// What it does, for the key tables of README.md and docs/time.md.
    public let does: String

    init(_ name: String, _ code: SDL_KeyCode, shift: Bool = false, control: Bool = false, alt: Bool = false,
         _ command: TweakCommand, _ does: String) {
        self.name = name
        keyCode = SDL_Keycode(code.rawValue)
        self.shift = shift
        self.control = control
        self.alt = alt
        self.command = command
        self.does = does
    }
}

/// The tweak panel's keys, while it is open (it takes the keyboard: no key reaches the script,
/// and the viewer's function keys still work). One table: the lookup, the help and the docs.
public enum TweakKeys {
    public static let table: [TweakKey] = [
        TweakKey("Tab", SDLK_TAB, .select(by: 1), "select the next literal"),
        TweakKey("Shift+Tab", SDLK_TAB, shift: true, .select(by: -1), "select the previous literal"),
        TweakKey("Up", SDLK_UP, .nudge(steps: 1, scale: 1),
                 "the selected number up one step (its last printed digit: `0.25` moves by 0.01, `120` by 1)"),
        TweakKey("Down", SDLK_DOWN, .nudge(steps: -1, scale: 1), "the selected number down one step"),
        TweakKey("Shift+Up", SDLK_UP, shift: true, .nudge(steps: 1, scale: 10), "up ten steps"),
        TweakKey("Shift+Down", SDLK_DOWN, shift: true, .nudge(steps: -1, scale: 10), "down ten steps"),
        TweakKey("Alt+Up", SDLK_UP, alt: true, .nudge(steps: 1, scale: 0.1), "up a tenth of a step"),
        TweakKey("Alt+Down", SDLK_DOWN, alt: true, .nudge(steps: -1, scale: 0.1), "down a tenth of a step"),
        TweakKey("Enter", SDLK_RETURN, .write, "write the change to the file: that token's bytes and nothing else"),
        TweakKey("Esc", SDLK_ESCAPE, .dropOrClose, "drop a change not yet written (the scene goes back); with none, close the panel"),
        TweakKey("Ctrl+Z", SDLK_z, control: true, .undo, "undo the last written change (back to the file's original bytes)"),
        TweakKey("Ctrl+Shift+Z", SDLK_z, shift: true, control: true, .redo, "redo the change undone"),
    ]

    /// The panel's command for a key with its modifiers; nil when the key does nothing there.
    /// The keypad's Enter is Enter.
    public static func command(keyCode: SDL_Keycode, shift: Bool, control: Bool, alt: Bool) -> TweakCommand? {
        let code = keyCode == SDL_Keycode(SDLK_KP_ENTER.rawValue) ? SDL_Keycode(SDLK_RETURN.rawValue) : keyCode
        return table.first { $0.keyCode == code && $0.shift == shift && $0.control == control && $0.alt == alt }?.command
    }

    /// The keys on one line, for the panel and the HUD's help.
    public static let help = "Tab select · Up/Down or drag change (Shift ×10, Alt ×0.1) · Enter writes · Esc drops · "
        + "Ctrl+Z undo, Ctrl+Shift+Z redo"

    /// The panel's key table for README.md and docs/time.md, one row a key.
    public static let markdownTable: String = (["| tweak panel key | does |", "|---|---|"]
        + table.map { "| \($0.name) | \($0.does) |" }).joined(separator: "\n") + "\n"
}
