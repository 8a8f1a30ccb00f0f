import LuaHost

extension InputEvent {
    /// Whether it is a press aimed at the scene — a key or a mouse button going down — the kind
    /// of input that, after a seek back, replaces what was logged for later.
    public var isPress: Bool {
        switch self {
        case .keyDown, .mouseDown: return true
        case .keyUp, .mouseUp, .mouseMove, .resize: return false
        }
    }

    /// The press in a few words, for messages: "a new click", "a new press of 'space'".
    public var pressDescription: String {
        switch self {
        case .mouseDown: return "a new click"
        case .keyDown(let key): return "a new press of '\(key)'"
        default: return "new input"
        }
    }
}
