/// Finds a Lua file's literals on its tokens (see `Literal`): numbers, with a unary minus when
/// it is unary and touches the numeral (`a - -1` has `-1`, `a-1` has `1`); colour strings, as
/// `isColour` judges their text (Snowglobe's own colour parser, passed in); and the four numbers
/// of `MediaTimingFunction(a, b, c, d)`. Comments and long strings hold none.
public enum LiteralScanner {
    /// The literals of `bytes` (a file named `file`), in source order.
    public static func literals(in bytes: [UInt8], file: String, isColour: (String) -> Bool) -> [Literal] {
        let tokens = LuaLexer.tokens(in: bytes)
        var literals: [Literal] = []
        /// Token index of each literal's last token → index in `literals`.
        var endingAt: [Int: Int] = [:]
        var previous: LuaLexer.Token?
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            defer { previous = tokens[min(i, tokens.count - 1)]; i += 1 }
            switch token.kind {
            case .symbol where isMinus(token, bytes) && i + 1 < tokens.count:
                let next = tokens[i + 1]
                guard next.kind == .number, next.span.lowerBound == token.span.upperBound,
                      isUnaryContext(after: previous, bytes) else { continue }
                let span = token.span.lowerBound..<next.span.upperBound
                guard let number = NumberText(bytes[span]) else { continue }
                endingAt[i + 1] = literals.count
                literals.append(Literal(file: file, span: span, line: token.line, column: token.column,
                                        text: text(bytes, span), kind: .number(number), timing: nil))
                i += 1
            case .number:
                guard let number = NumberText(bytes[token.span]) else { continue }
                endingAt[i] = literals.count
                literals.append(Literal(file: file, span: token.span, line: token.line, column: token.column,
                                        text: text(bytes, token.span), kind: .number(number), timing: nil))
            case .string(escaped: false):
                let inside = (token.span.lowerBound + 1)..<(token.span.upperBound - 1)
                let content = text(bytes, inside)
                guard !content.isEmpty, isColour(content) else { continue }
                literals.append(Literal(file: file, span: inside, line: token.line, column: token.column + 1,
                                        text: content, kind: .colour(content), timing: nil))
            default:
                break
            }
        }
        markTimingFunctions(&literals, tokens: tokens, endingAt: endingAt, bytes: bytes)
        return literals
    }

    /// Marks the literals that are the four arguments of `MediaTimingFunction(a, b, c, d)`.
    private static func markTimingFunctions(_ literals: inout [Literal], tokens: [LuaLexer.Token],
                                            endingAt: [Int: Int], bytes: [UInt8]) {
        var call = 0
        for (at, token) in tokens.enumerated() where token.kind == .name && text(bytes, token.span) == "MediaTimingFunction" {
            guard at + 1 < tokens.count, text(bytes, tokens[at + 1].span) == "(" else { continue }
            var cursor = at + 2
            var found: [Int] = []
            for argument in 0..<4 {
                // A numeral, or a minus and a numeral (two tokens).
                let single = cursor < tokens.count ? endingAt[cursor] : nil
                let paired = cursor + 1 < tokens.count && isMinus(tokens[cursor], bytes) ? endingAt[cursor + 1] : nil
                guard let literal = single ?? paired else { break }
                found.append(literal)
                cursor += single != nil ? 1 : 2
                let expected = argument == 3 ? ")" : ","
                guard cursor < tokens.count, text(bytes, tokens[cursor].span) == expected else { break }
                cursor += 1
            }
            guard found.count == 4, cursor > 0, text(bytes, tokens[cursor - 1].span) == ")" else { continue }
            for (argument, index) in found.enumerated() {
                let old = literals[index]
                literals[index] = Literal(file: old.file, span: old.span, line: old.line, column: old.column, text: old.text,
                                          kind: old.kind, timing: Literal.TimingPoint(call: call, argument: argument))
            }
            call += 1
        }
    }

    /// Whether a minus after `previous` is unary: at the start, after an operator or an opening
    /// bracket, or after a keyword that does not end a value.
    static func isUnaryContext(after previous: LuaLexer.Token?, _ bytes: [UInt8]) -> Bool {
        guard let previous else { return true }
        switch previous.kind {
        case .number, .malformedNumber, .string, .unfinishedString, .longString:
            return false
        case .name:
            return unaryKeywords.contains(text(bytes, previous.span))
        case .symbol:
            return ![")", "]", "}", "..."].contains(text(bytes, previous.span))
        }
    }

    /// Keywords after which an expression starts (so a minus there is unary).
    static let unaryKeywords: Set<String> = [
        "and", "do", "else", "elseif", "for", "function", "goto", "if", "in", "local", "not", "or", "repeat", "return",
        "then", "until", "while",
    ]

    private static func isMinus(_ token: LuaLexer.Token, _ bytes: [UInt8]) -> Bool {
        token.kind == .symbol && token.span.count == 1 && bytes[token.span.lowerBound] == Byte.minus
    }

    static func text(_ bytes: [UInt8], _ span: Range<Int>) -> String {
        String(decoding: bytes[span], as: UTF8.self)
    }
}
