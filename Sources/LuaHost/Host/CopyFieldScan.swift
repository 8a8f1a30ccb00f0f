/// Finds, in a chunk's source, the statements that assign to a field of a property read —
/// `box.position.x = 300`, `box.transform.m34 = -1/500`. Reading a layer's point, size, rect,
/// colour or transform gives a copy, so such a statement changes the copy and nothing on
/// screen: the first thing a newcomer to Lua writes. The source alone cannot tell a layer from
/// a plain table with a `position` field, so these are only the places to watch: the host
/// warns when a layer's property is read on one of them (`ScriptHost+CopyWarnings.swift`).
///
/// A small Lua lexer: comments and strings (long ones too) are skipped, so text inside them is
/// never taken for code.
struct CopyFieldScan {
    /// One statement `owner.property.field = value`.
    struct Site: Equatable {
        /// The line the field is on.
        var line: Int
        var property: String
        var field: String
        /// The expression the property is read from, as written (`box`, `self.boxes[i]`).
        var owner: String
        /// What is assigned, as written on its line; nil when it goes on past the line.
        var value: String?
    }

    /// The sites in `source` whose property is a key of `fields` and whose field is one of that
    /// property's.
    static func sites(in source: String, fields: [String: Set<String>]) -> [Site] {
        let bytes = Array(source.utf8)
        let tokens = CopyFieldScan.tokens(bytes)
        var found: [Site] = []
        for i in tokens.indices where i >= 4 && i + 1 < tokens.count {
            guard tokens[i + 1].text == "=", tokens[i - 1].text == ".", tokens[i - 3].text == ".",
                  tokens[i].isName, tokens[i - 2].isName,
                  let known = fields[tokens[i - 2].text], known.contains(tokens[i].text),
                  let start = ownerStart(tokens, endingAt: i - 4) else { continue }
            let owner = String(decoding: bytes[tokens[start].start..<tokens[i - 4].end], as: UTF8.self)
            found.append(Site(line: tokens[i].line, property: tokens[i - 2].text, field: tokens[i].text, owner: owner,
                              value: value(tokens, after: i + 1, in: bytes)))
        }
        return found
    }

    // MARK: Tokens

    struct Token {
        var text: String
        var isName: Bool
        var line: Int
        var start: Int
        var end: Int
    }

    /// The names and symbols of `bytes` (numbers count as names: they never match a property),
    /// without comments and strings, which leave a placeholder token so that nothing reads
    /// across them.
    static func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var i = 0, line = 1
        func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c >= 0x80
        }
        /// The level of a long bracket opening at `at` (`[[` is 0, `[==[` is 2), or nil.
        func longBracket(at: Int) -> Int? {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "[") else { return nil }
            var j = at + 1, level = 0
            while j < bytes.count && bytes[j] == UInt8(ascii: "=") { level += 1; j += 1 }
            return j < bytes.count && bytes[j] == UInt8(ascii: "[") ? level : nil
        }
        /// Skips a long bracket of `level` opening at `i`, counting lines.
        func skipLong(_ level: Int) {
            i += level + 2
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                if bytes[i] == UInt8(ascii: "]") {
                    var j = i + 1, closing = 0
                    while j < bytes.count && bytes[j] == UInt8(ascii: "=") { closing += 1; j += 1 }
                    if closing == level && j < bytes.count && bytes[j] == UInt8(ascii: "]") {
                        i = j + 1
                        return
                    }
                }
                i += 1
            }
        }
        while i < bytes.count {
            let c = bytes[i]
            let start = i, startLine = line
            if c == UInt8(ascii: "\n") {
                line += 1
                i += 1
            } else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") {
                i += 1
            } else if c == UInt8(ascii: "-"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "-") {
                if let level = longBracket(at: i + 2) {
                    i += 2
                    skipLong(level)
                } else {
                    while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { i += 1 }
                }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i += 1
                while i < bytes.count && bytes[i] != c && bytes[i] != UInt8(ascii: "\n") {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                        if bytes[i + 1] == UInt8(ascii: "\n") { line += 1 }
                        i += 1
                    }
                    i += 1
                }
                if i < bytes.count && bytes[i] == c { i += 1 }
                tokens.append(Token(text: "\"", isName: false, line: startLine, start: start, end: i))
            } else if let level = longBracket(at: i) {
                skipLong(level)
                tokens.append(Token(text: "\"", isName: false, line: startLine, start: start, end: min(i, bytes.count)))
            } else if isNameByte(c) {
                while i < bytes.count && isNameByte(bytes[i]) { i += 1 }
                tokens.append(Token(text: String(decoding: bytes[start..<i], as: UTF8.self), isName: true, line: line,
                                    start: start, end: i))
            } else {
                let pair = i + 1 < bytes.count ? String(decoding: bytes[i...i + 1], as: UTF8.self) : ""
                let length = pairedSymbols.contains(pair) ? 2 : 1
                i += length
                tokens.append(Token(text: String(decoding: bytes[start..<i], as: UTF8.self), isName: false, line: line,
                                    start: start, end: i))
            }
        }
        return tokens
    }

    /// Symbols of two characters, one token each, so that `a.b.c == d` is no assignment.
    private static let pairedSymbols: Set<String> = ["==", "~=", "<=", ">=", "..", "::", "//", "<<", ">>"]

    /// Where the expression ending at token `end` starts: a name, then fields, methods'
    /// results and indexes (`self.boxes[i]`, `get().box`); nil when `end` ends none.
    static func ownerStart(_ tokens: [Token], endingAt end: Int) -> Int? {
        var j = end
        while j >= 0 {
            if tokens[j].text == "]" || tokens[j].text == ")" {
                guard let open = opening(tokens, closingAt: j), open > 0 else { return nil }
                j = open - 1
                continue
            }
            guard tokens[j].isName else { return nil }
            if j >= 2, tokens[j - 1].text == "." || tokens[j - 1].text == ":",
               tokens[j - 2].isName || tokens[j - 2].text == "]" || tokens[j - 2].text == ")" {
                j -= 2
                continue
            }
            return j
        }
        return nil
    }

    /// The bracket that `close` (a `]` or `)`) closes.
    private static func opening(_ tokens: [Token], closingAt close: Int) -> Int? {
        var depth = 0
        for j in stride(from: close, through: 0, by: -1) {
            switch tokens[j].text {
            case "]", ")", "}": depth += 1
            case "[", "(", "{": depth -= 1
            default: break
            }
            if depth == 0 { return j }
        }
        return nil
    }

    /// Keywords that end the statement an expression is in, or start the next one.
    private static let statementKeywords: Set<String> = ["end", "else", "elseif", "until", "then", "do", "local",
                                                         "return", "if", "for", "while", "repeat", "goto", "break"]

    /// The value after the `=` at `equals`: its tokens on the same line, up to a `;`, a keyword
    /// that ends the statement or a bracket the statement did not open (`… end)` of a callback
    /// on one line), as written; nil when it goes on past the line (open brackets, an operator
    /// last) or there is nothing there.
    private static func value(_ tokens: [Token], after equals: Int, in bytes: [UInt8]) -> String? {
        let line = tokens[equals].line
        var depth = 0, last: Int?
        var j = equals + 1
        while j < tokens.count, tokens[j].line == line, tokens[j].text != ";",
              !(tokens[j].isName && statementKeywords.contains(tokens[j].text)) {
            switch tokens[j].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
            if depth < 0 { break }
            last = j
            j += 1
        }
        guard let last, depth == 0 else { return nil }
        // A line ending in an operator goes on on the next.
        let end = tokens[last]
        let closes = end.text == "\"" || end.text == ")" || end.text == "]" || end.text == "}"
        guard closes || (end.isName && !["and", "or", "not"].contains(end.text)) else { return nil }
        return String(decoding: bytes[tokens[equals + 1].start..<tokens[last].end], as: UTF8.self)
    }
}
