import ArgumentParser
import Export

/// `--frames`: a number of frames (`90`), or an inclusive range of global frame numbers
/// (`120-239`), frame n showing the scene at the first frame's time plus n / fps.
enum FramesArgument: ExpressibleByArgument, Equatable {
    case count(Int)
    case range(first: Int, last: Int)
    /// Neither: kept so that validation can say what is wrong with it.
    case unreadable(String)

    init?(argument: String) {
        if let count = Int(argument) {
            self = .count(count)
        } else if let range = FrameRange.parse(argument) {
            self = .range(first: range.first, last: range.last)
        } else {
            self = .unreadable(argument)
        }
    }

    static var defaultValueDescription: String { "N|I-J" }

    /// The largest frame number `--frames I-J` takes.
    static let lastNumber = 9_999_999

    /// Throws a `ValidationError` unless the count or range is one a render can make.
    func check() throws {
        switch self {
        case .count(let count):
            if !(1...100_000).contains(count) { throw ValidationError("--frames must be between 1 and 100000, got \(count)") }
        case .range(let first, let last):
            guard (0...FramesArgument.lastNumber).contains(first), (0...FramesArgument.lastNumber).contains(last) else {
                throw ValidationError("--frames I-J takes frame numbers from 0 to \(FramesArgument.lastNumber), got \(first)-\(last)")
            }
            guard first <= last else {
                throw ValidationError("--frames I-J must run forwards (I at most J), got \(first)-\(last)")
            }
        case .unreadable(let text):
            throw ValidationError("--frames takes a number of frames (90) or a range of frame numbers I-J (120-239), got '\(text)'")
        }
    }
}
