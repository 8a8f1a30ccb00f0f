/// An inclusive range of global frame numbers: frame n of a render shows the scene at
/// `start + n / fps` and is written as file number n, whichever process renders it.
public struct FrameRange: Equatable, Sendable, CustomStringConvertible {
    /// The first frame's number.
    public let first: Int
    /// The last frame's number (included).
    public let last: Int

    /// The frames from `first` to `last`, both included; nil unless 0 ≤ first ≤ last.
    public init?(first: Int, last: Int) {
        guard first >= 0, first <= last else { return nil }
        self.first = first
        self.last = last
    }

    /// `I-J` as the command line writes it; nil for any other text (the order is not checked:
    /// `parse` says what is wrong with a backwards range).
    public static func parse(_ text: String) -> (first: Int, last: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]) else { return nil }
        return (first, last)
    }

    /// How many frames.
    public var count: Int { last - first + 1 }

    /// Whether every frame of `other` is one of these.
    public func contains(_ other: FrameRange) -> Bool {
        other.first >= first && other.last <= last
    }

    /// "0-42".
    public var description: String { "\(first)-\(last)" }
}
