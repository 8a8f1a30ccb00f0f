import Foundation

/// Where a viewed script comes from: a file on disk (watched and reloaded), or the example built
/// into the binary (so that `snowglobe` with no argument runs from any folder).
public enum ScriptSource: Sendable, Equatable {
    /// A script file.
    case file(String)
    /// A script compiled into the binary: its name in messages, and its text.
    case builtIn(name: String, source: String)

    /// The name messages and the window title use.
    public var displayName: String {
        switch self {
        case .file(let path): return (path as NSString).lastPathComponent
        case .builtIn(let name, _): return name
        }
    }

    /// The path messages use (file:line), and the script's folder for `require`.
    public var path: String {
        switch self {
        case .file(let path): return path
        case .builtIn(let name, _): return name
        }
    }
}
