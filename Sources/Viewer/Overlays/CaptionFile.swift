import Foundation
import LayerKit
import Render

/// The text of the caption file `snowglobe learn` writes, read again when the file changes
/// (looked at a few times a second, not every frame), and the chart of the last check's curves
/// it may write beside it (the caption's path and `.png`).
struct CaptionFile {
    private(set) var text = ""
    /// The two curves, the learner's and the target's, after a failed check (nil: none).
    private(set) var chart: Image?
    private var stamp: Date?
    private var chartStamp: Date?
    private var lookedAt = -Double.infinity

    /// Seconds between two looks at the file.
    static let interval = 0.2

    /// Reads `path` again if it changed since the last look (and that was long enough ago).
    mutating func refresh(from path: String, at now: Double) {
        guard now - lookedAt >= CaptionFile.interval else { return }
        lookedAt = now
        let chartPath = path + ".png"
        let chartModified = (try? FileManager.default.attributesOfItem(atPath: chartPath))?[.modificationDate] as? Date
        if chartModified != chartStamp {
            chartStamp = chartModified
            chart = chartModified == nil ? nil : try? RenderImages().loadImage(atPath: chartPath)
        }
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
