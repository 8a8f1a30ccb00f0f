import ArgumentParser
import Playback

/// Checks of media times given on the command line: finite, from 0 to a day.
enum TimeArgument {
    /// Throws a `ValidationError` naming `option` when `value` is not a time a scene can reach.
    static func check(_ value: Double?, _ option: String) throws {
        guard let value else { return }
        guard value.isFinite, value >= 0, value <= Tick.maximumTime else {
            throw ValidationError("\(option) must be a time from 0 to \(Int(Tick.maximumTime)) seconds (a day), got \(Tick.text(value))")
        }
    }

    /// A time the command worked out, as its messages write times: to the hundredth, without
    /// trailing zeros (`2`, `2.5`, `2.53`), so that a fraction of frames does not show as
    /// `2.533333333333333`.
    static func text(_ seconds: Double) -> String {
        Tick.text((seconds * 100).rounded() / 100)
    }
}

/// `A:B`, a range of media times (the loop of `view --loop`).
struct TimeRangeArgument: ExpressibleByArgument {
    let start: Double
    let end: Double

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Double(parts[0]), let end = Double(parts[1]) else { return nil }
        self.start = start
        self.end = end
    }

    static var defaultValueDescription: String { "A:B" }

    /// Throws a `ValidationError` naming `option` unless 0 ≤ A < B ≤ a day.
    func check(_ option: String) throws {
        try TimeArgument.check(start, "\(option)'s start")
        try TimeArgument.check(end, "\(option)'s end")
        guard start < end else {
            throw ValidationError("\(option) must run forwards (A:B with A before B), got \(Tick.text(start)):\(Tick.text(end))")
        }
    }
}
