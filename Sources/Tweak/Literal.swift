/// A value written in a script that the tweak panel can change: a number, a colour string, or
/// one of the four numbers of `ca.MediaTimingFunction(a, b, c, d)`. It is found on the file's
/// tokens and names the exact bytes a change replaces.
public struct Literal: Equatable, Sendable {
    /// What the literal is.
    public enum Kind: Equatable, Sendable {
        /// A numeral (with its unary minus, when it has one).
        case number(NumberText)
        /// A string Snowglobe reads as a colour (`"#ff8800"`, `"#ff880080"`, `"white"`); the
        /// span is its text between the quotes.
        case colour(String)
    }

    /// One of a timing function's control-point numbers: which call in the file (0 first) and
    /// which of its four arguments (c1x, c1y, c2x, c2y).
    public struct TimingPoint: Equatable, Sendable {
        public let call: Int
        public let argument: Int
    }

    /// The file it is in, as the script host names it.
    public let file: String
    /// The bytes a change replaces.
    public let span: Range<Int>
    /// 1-based line and byte column of its first byte.
    public let line: Int
    public let column: Int
    /// Its text as written (without a colour's quotes).
    public let text: String
    public let kind: Kind
    /// Set when it is an argument of `ca.MediaTimingFunction(a, b, c, d)`.
    public let timing: TimingPoint?

    /// The number's value (nil for a colour).
    public var number: NumberText? {
        if case .number(let text) = kind { return text }
        return nil
    }

    /// "main.lua:12:9".
    public var position: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(line):\(column)"
    }
}
