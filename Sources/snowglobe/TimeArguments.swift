import ArgumentParser
import Playback

/// Checks of media times given on the command line: finite, from 0 to a day.
enum TimeArgument {
    /// Throws a `ValidationError` naming `option` when `value` is not a time a scene can reach.
    static func check(_ value: Double?, _ option: String) throws {
        guard let value else { return }
        guard value.isFinite, value >= 0, value <= Tick.maximumTime else {
            throw ValidationError("\(option) must be a time from 0 to \(Int(Tick.maximumTime)) seconds (a day), got \(TimeArgument.text(value))")
        }
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
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
            throw ValidationError("\(option) must run forwards (A:B with A before B), got \(TimeArgument.text(start)):\(TimeArgument.text(end))")
        }
    }
}
