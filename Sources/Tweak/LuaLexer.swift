/// A Lua 5.4 lexer over a file's bytes, just enough to find literals: it yields numerals,
/// short strings, names and symbols with their exact byte spans, and skips white space,
/// comments (`--`, `--[[ ]]`, `--[==[ ]==]`), long strings and a first line starting with `#`.
///
/// It never fails: a malformed numeral or an unfinished string becomes a token marked as such,
/// so that a file being edited still shows the literals before the mistake.
public struct LuaLexer {
    /// One token of the file.
    public struct Token: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// A numeral, as Lua reads it (`3`, `0.25`, `1e-3`, `0xff`, `0x1p4`).
            case number
            /// A numeral touching letters (`3x`) or otherwise not one Lua accepts.
            case malformedNumber
            /// A short string (`"…"` or `'…'`); `escaped` when it holds a backslash.
            case string(escaped: Bool)
            /// A string that runs to the end of its line or file.
            case unfinishedString
            /// A long string (`[[ … ]]`, `[==[ … ]==]`).
            case longString
            /// A name or a keyword.
            case name
            /// An operator or punctuation (`-`, `(`, `..`, `==`, …).
            case symbol
        }

        public let kind: Kind
        /// The token's bytes in the file.
        public let span: Range<Int>
        /// 1-based line and byte column of its first byte.
        public let line: Int
        public let column: Int
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// A lexer over `bytes` (a Lua file as it is on disk).
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        // Lua skips a first line starting with '#' (a shebang).
        if bytes.first == UInt8(ascii: "#") {
            while index < bytes.count && bytes[index] != Byte.newline && bytes[index] != Byte.return { index += 1 }
        }
    }

    /// Every token of the file, in order.
    public static func tokens(in bytes: [UInt8]) -> [Token] {
        var lexer = LuaLexer(bytes: bytes)
        var tokens: [Token] = []
        while let token = lexer.next() { tokens.append(token) }
        return tokens
    }

    /// The next token, or nil at the end of the file.
    public mutating func next() -> Token? {
        skipSpaceAndComments()
        guard index < bytes.count else { return nil }
        let start = index
        let startLine = line, column = index - lineStart + 1
        let c = bytes[index]
        let kind: Token.Kind
        if Byte.isDigit(c) || (c == Byte.dot && index + 1 < bytes.count && Byte.isDigit(bytes[index + 1])) {
            kind = readNumeral()
        } else if c == Byte.quote || c == Byte.apostrophe {
            kind = readShortString(delimiter: c)
        } else if c == Byte.openBracket, let level = longBracketLevel(at: index) {
            readLongBracket(level: level)
            kind = .longString
        } else if Byte.isNameStart(c) {
            while index < bytes.count && Byte.isNameChar(bytes[index]) { index += 1 }
            kind = .name
        } else {
            index += symbolLength(at: index)
            kind = .symbol
        }
        return Token(kind: kind, span: start..<index, line: startLine, column: column)
    }

    // MARK: Space and comments

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            let c = bytes[index]
            if c == Byte.newline || c == Byte.return {
                newline()
            } else if c == Byte.space || c == Byte.tab || c == 0x0B || c == 0x0C {
                index += 1
            } else if c == Byte.minus && index + 1 < bytes.count && bytes[index + 1] == Byte.minus {
                index += 2
                if index < bytes.count && bytes[index] == Byte.openBracket, let level = longBracketLevel(at: index) {
                    readLongBracket(level: level)
                } else {
                    while index < bytes.count && bytes[index] != Byte.newline && bytes[index] != Byte.return { index += 1 }
                }
            } else {
                return
            }
        }
    }

    /// Steps over a line break (`\n`, `\r`, `\r\n` or `\n\r` count once, as Lua counts them).
    private mutating func newline() {
        let first = bytes[index]
        index += 1
        if index < bytes.count && (bytes[index] == Byte.newline || bytes[index] == Byte.return) && bytes[index] != first {
            index += 1
        }
        line += 1
        lineStart = index
    }

    // MARK: Long brackets

    /// The level of a long bracket opening at `at` (`[[` 0, `[==[` 2), or nil when it is not one.
    private func longBracketLevel(at: Int) -> Int? {
        var i = at + 1
        var level = 0
        while i < bytes.count && bytes[i] == Byte.equals {
            level += 1
            i += 1
        }
        return i < bytes.count && bytes[i] == Byte.openBracket ? level : nil
    }

    /// Steps over a long bracket of `level` from its opening to its closing (or the end).
    private mutating func readLongBracket(level: Int) {
        index += level + 2
        while index < bytes.count {
            let c = bytes[index]
            if c == Byte.closeBracket {
                var i = index + 1
                var equals = 0
                while i < bytes.count && bytes[i] == Byte.equals {
                    equals += 1
                    i += 1
                }
                if equals == level && i < bytes.count && bytes[i] == Byte.closeBracket {
                    index = i + 1
                    return
                }
                index += 1
            } else if c == Byte.newline || c == Byte.return {
                newline()
            } else {
                index += 1
            }
        }
    }

    // MARK: Numerals and strings

    /// Reads a numeral as Lua's `read_numeral` does: digits, dots and exponent signs, then
    /// any letters or digits touching it make it malformed.
    private mutating func readNumeral() -> Token.Kind {
        let start = index
        var exponent: (UInt8, UInt8) = (UInt8(ascii: "e"), UInt8(ascii: "E"))
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count,
           bytes[index + 1] == UInt8(ascii: "x") || bytes[index + 1] == UInt8(ascii: "X") {
            index += 2
            exponent = (UInt8(ascii: "p"), UInt8(ascii: "P"))
        }
        while index < bytes.count {
            let c = bytes[index]
            if c == exponent.0 || c == exponent.1 {
                index += 1
                if index < bytes.count && (bytes[index] == Byte.plus || bytes[index] == Byte.minus) { index += 1 }
            } else if Byte.isHexDigit(c) || c == Byte.dot {
                index += 1
            } else {
                break
            }
        }
        var malformed = false
        while index < bytes.count && Byte.isNameChar(bytes[index]) {
            malformed = true
            index += 1
        }
        if malformed { return .malformedNumber }
        return NumberText(bytes[start..<index]) == nil ? .malformedNumber : .number
    }

    private mutating func readShortString(delimiter: UInt8) -> Token.Kind {
        index += 1
        var escaped = false
        while index < bytes.count {
            let c = bytes[index]
            if c == delimiter {
                index += 1
                return .string(escaped: escaped)
            } else if c == Byte.backslash {
                escaped = true
                index += 1
                guard index < bytes.count else { break }
                // An escaped line break is part of the string.
                if bytes[index] == Byte.newline || bytes[index] == Byte.return {
                    newline()
                } else if bytes[index] == UInt8(ascii: "z") {
                    index += 1
                    while index < bytes.count, bytes[index] == Byte.space || bytes[index] == Byte.tab
                            || bytes[index] == Byte.newline || bytes[index] == Byte.return {
                        if bytes[index] == Byte.newline || bytes[index] == Byte.return { newline() } else { index += 1 }
                    }
                } else {
                    index += 1
                }
            } else if c == Byte.newline || c == Byte.return {
                return .unfinishedString
            } else {
                index += 1
            }
        }
        return .unfinishedString
    }

    /// How many bytes the symbol at `at` takes (`...`, `..`, `==`, `//`, `::`, `<<`, … or one).
    private func symbolLength(at: Int) -> Int {
        let c = bytes[at]
        let next = at + 1 < bytes.count ? bytes[at + 1] : 0
        if c == Byte.dot && next == Byte.dot {
            return at + 2 < bytes.count && bytes[at + 2] == Byte.dot ? 3 : 2
        }
        let pairs: [(UInt8, UInt8)] = [
            (Byte.equals, Byte.equals), (UInt8(ascii: "~"), Byte.equals), (UInt8(ascii: "<"), Byte.equals),
            (UInt8(ascii: ">"), Byte.equals), (UInt8(ascii: "/"), UInt8(ascii: "/")), (UInt8(ascii: ":"), UInt8(ascii: ":")),
            (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: ">")),
        ]
        return pairs.contains { $0.0 == c && $0.1 == next } ? 2 : 1
    }
}

/// The bytes the lexer and the scanner name.
enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let `return` = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let equals = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
    }
    static func isNameStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
    }
    static func isNameChar(_ c: UInt8) -> Bool { isNameStart(c) || isDigit(c) }
}
