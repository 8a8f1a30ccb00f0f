import ArgumentParser
import Playback

/// The `--ui-scale` option's rule: how much larger the viewer draws its own text, and what
/// scripts read as `ca.screen.uiScale`.
enum UIScale {
    static let allowed = 0.5...4.0

    /// Throws the option's error for a value outside 0.5…4.
    static func check(_ value: Double?) throws {
        guard let value else { return }
        guard value.isFinite, allowed.contains(value) else {
            throw ValidationError("--ui-scale must be between 0.5 and 4, got \(Tick.text(value))")
        }
    }
}
