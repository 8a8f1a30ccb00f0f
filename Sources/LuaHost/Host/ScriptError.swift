import LuaBridge

/// An error in a script, as the user sees it: where (file and line), what, and the traceback.
public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: Sendable, Equatable {
        case syntax
        case runtime
        case timeout
        case memory
        case file
    }

    public var kind: Kind
    /// "file:line: message", as Lua words it.
    public var message: String
    public var file: String?
    public var line: Int?
    public var traceback: String?
    /// Where the error happened, for messages: "the script", "a timer", "a completion block" …
    public var context: String?

    public init(kind: Kind, message: String, file: String? = nil, line: Int? = nil, traceback: String? = nil,
                context: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.traceback = traceback
        self.context = context
    }

    init(_ error: LuaError, context: String?) {
        let kind: Kind
        switch error.kind {
        case .syntax: kind = .syntax
        case .runtime: kind = .runtime
        case .timeout: kind = .timeout
        case .memory: kind = .memory
        case .file: kind = .file
        }
        self.init(kind: kind, message: ScriptError.fullPosition(error.message, file: error.file, line: error.line),
                  file: error.file, line: error.line, traceback: error.traceback.map(ScriptError.hidingInternalFrames),
                  context: context)
    }

    /// Lua cuts long chunk names in its messages to "...end/of/path.lua:12:"; put the whole path back.
    static func fullPosition(_ message: String, file: String?, line: Int?) -> String {
        guard message.hasPrefix("..."), let file, let line else { return message }
        let marker = ":\(line):"
        guard let range = message.range(of: marker) else { return message }
        let shown = message[message.index(message.startIndex, offsetBy: 3)..<range.lowerBound]
        guard file.hasSuffix(shown) else { return message }
        return file + message[range.lowerBound...]
    }

    /// The error with each of `paths` written out in full where Lua cut it to "...end/of/path"
    /// (a chunk name over 59 bytes: Lua keeps "..." and its last 56), in the message, the file
    /// and the traceback. `fullPosition` cannot do this when the error was raised or re-raised
    /// in another chunk than the one its message names (`error(msg, 2)` in a Lua-written helper
    /// such as `ca.transaction` or `require`).
    func restoringCutPaths(_ paths: [String]) -> ScriptError {
        var copy = self
        for path in paths where path.utf8.count > 59 {
            let cut = "..." + String(decoding: Array(path.utf8.suffix(56)), as: UTF8.self)
            copy.message = copy.message.replacingOccurrences(of: cut, with: path)
            if copy.file == cut { copy.file = path }
            copy.traceback = copy.traceback?.replacingOccurrences(of: cut, with: path)
        }
        return copy
    }

    /// The message, then the traceback.
    public var description: String {
        var text = message
        if let context { text += " (in \(context))" }
        if let traceback, !traceback.isEmpty { text += "\n" + traceback }
        return text
    }
}
