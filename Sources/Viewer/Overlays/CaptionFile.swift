import Foundation

/// The text of the caption file `snowglobe learn` writes, read again when the file changes
/// (looked at a few times a second, not every frame).
struct CaptionFile {
    private(set) var text = ""
    private var stamp: Date?
    private var lookedAt = -Double.infinity

    /// Seconds between two looks at the file.
    static let interval = 0.2

    /// Reads `path` again if it changed since the last look (and that was long enough ago).
    mutating func refresh(from path: String, at now: Double) {
        guard now - lookedAt >= CaptionFile.interval else { return }
        lookedAt = now
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        guard modified != stamp else { return }
        stamp = modified
        text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Whether the last check shown passed.
    var passed: Bool {
        text.split(separator: "\n").first { !$0.isEmpty }.map { $0.hasPrefix("pass") || $0.hasPrefix("✓") } ?? false
    }
}
