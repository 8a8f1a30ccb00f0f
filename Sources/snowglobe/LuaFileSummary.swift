import Foundation

/// What a Lua file is, in one line: the first sentence of the comment it opens with, without
/// its remarks in parentheses ("Snowfall: seed 000, first pattern."). The examples and the
/// templates open with such a comment; `snowglobe examples` and `snowglobe new --help` list
/// them with it.
enum LuaFileSummary {
    static func of(_ text: String) -> String {
        var paragraph: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("--") else { break }
            let words = line.drop { $0 == "-" }.trimmingCharacters(in: .whitespaces)
            if words.isEmpty { if paragraph.isEmpty { continue } else { break } }
            paragraph.append(words)
        }
        let sentence = firstSentence(of: withoutRemarks(paragraph.joined(separator: " ")))
        return sentence.split(separator: " ").joined(separator: " ").replacingOccurrences(of: " .", with: ".")
            .replacingOccurrences(of: " ,", with: ",")
    }

    /// The text up to and including its first full stop followed by a space (or the end).
    private static func firstSentence(of text: String) -> String {
        var sentence = ""
        var previous: Character = " "
        for character in text {
            if previous == ".", character == " " { break }
            sentence.append(character)
            previous = character
        }
        return sentence.trimmingCharacters(in: .whitespaces)
    }

    /// The text without anything in parentheses, nested ones included.
    private static func withoutRemarks(_ text: String) -> String {
        var kept = "", depth = 0
        for character in text {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(depth - 1, 0) } else if depth == 0 {
                kept.append(character)
            }
        }
        return kept
    }
}
