/// What the tweak panel does when asked, by its keys (`TweakKeys`) or the mouse.
public enum TweakCommand: Sendable, Equatable {
    /// Selects the next literal (`by` 1) or the previous one (-1).
    case select(by: Int)
    /// Changes the selected number by `steps` steps times `scale` (Shift 10, Alt 0.1).
    case nudge(steps: Double, scale: Double)
    /// Writes the changes not written yet to their files (Enter).
    case write
    /// Drops the changes not written yet, or closes the panel when there are none (Esc).
    case dropOrClose
    /// Undoes the last written change (Ctrl+Z).
    case undo
    /// Redoes the last undone change (Ctrl+Shift+Z).
    case redo
}
