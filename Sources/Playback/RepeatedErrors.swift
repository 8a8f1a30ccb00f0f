import LuaHost

/// Identical errors told once: the first time in full, later ones only counted, and the
/// counts told together when a run ends or is replaced ("… (and 29 more times)"). An event
/// handler that fails at every mouse move would otherwise fill the terminal.
public struct RepeatedErrors {
    /// Each error seen, by its full text (message, where it ran, traceback), with how many
    /// times it came again since the last summary.
    private var repeats: [String: Int] = [:]
    /// The first line of each error that came again, in the order they first came again.
    private var repeated: [(text: String, headline: String)] = []

    /// The most different errors remembered; past it, every error is told.
    static let capacity = 10_000

    public init() {}

    /// Whether `error` has been seen (told) before.
    public func hasSeen(_ error: ScriptError) -> Bool {
        repeats[error.description] != nil
    }

    /// Notes `error`; returns whether to tell it now (the first time it is seen).
    public mutating func note(_ error: ScriptError) -> Bool {
        let text = error.description
        guard let count = repeats[text] else {
            if repeats.count < RepeatedErrors.capacity { repeats[text] = 0 }
            return true
        }
        if count == 0 {
            let headline = error.context.map { "\(error.message) (in \($0))" } ?? error.message
            repeated.append((text, headline.split(separator: "\n").first.map(String.init) ?? headline))
        }
        repeats[text] = count + 1
        return false
    }

    /// A line for each error that came again since the last summary, with its count; the
    /// counts start again from zero (the errors stay seen).
    public mutating func summary() -> [String] {
        defer {
            for entry in repeated { repeats[entry.text] = 0 }
            repeated.removeAll()
        }
        return repeated.map { entry in
            let count = repeats[entry.text] ?? 0
            return "\(entry.headline) (and \(count) more \(count == 1 ? "time" : "times"))"
        }
    }
}
