/// An error from loading or running Lua code, as a Swift error.
public struct LuaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// A runtime error (`error(...)`, a bad argument, indexing nil…).
        case runtime
        /// The chunk does not parse.
        case syntax
        /// The script went over the memory cap (or memory ran out).
        case memory
        /// The call ran longer than the time limit.
        case timeout
        /// The chunk's file could not be read.
        case file
    }

    /// What went wrong.
    public var kind: Kind
    /// The message as Lua gives it, usually "file:line: text".
    public var message: String
    /// The file (or chunk name) the error points at, without Lua's 60-character cut; nil if unknown.
    public var file: String?
    /// The line the error points at; nil if unknown.
    public var line: Int?
    /// Lua's "stack traceback:" text at the point of the error; nil when none was taken (syntax
    /// and memory errors).
    public var traceback: String?

    /// Creates an error.
    public init(kind: Kind, message: String, file: String? = nil, line: Int? = nil, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.traceback = traceback
    }

    /// The message, then the traceback if there is one.
    public var description: String {
        traceback.map { "\(message)\n\($0)" } ?? message
    }

    /// The "chunk:line:" position at the start of a Lua message, if any: the text before the
    /// first ":<digits>:" and the number.
    static func position(in message: String) -> (chunk: String, line: Int)? {
        let chars = Array(message.utf8)
        var i = 0
        while i < chars.count {
            if chars[i] == UInt8(ascii: ":") {
                var j = i + 1
                var value = 0
                while j < chars.count, chars[j] >= 48, chars[j] <= 57, value < 100_000_000 {
                    value = value * 10 + Int(chars[j] - 48)
                    j += 1
                }
                if j > i + 1, j < chars.count, chars[j] == UInt8(ascii: ":") {
                    return (String(decoding: chars[..<i], as: UTF8.self), value)
                }
            }
            if chars[i] == UInt8(ascii: "\n") { return nil }
            i += 1
        }
        return nil
    }

    /// The file a chunk name stands for: "@path" → path, "=name" → name; nil for a string chunk.
    static func file(fromChunkName name: String) -> String? {
        guard let first = name.first, first == "@" || first == "=" else { return nil }
        return String(name.dropFirst())
    }
}
