import Foundation
import Render

/// Writes F12's screenshots as numbered PNGs (`snowglobe-0001.png`, …) into a folder, which it
/// makes when missing.
struct ScreenshotWriter {
    let folder: String
    private(set) var count = 0

    init(folder: String) {
        self.folder = folder
    }

    /// Writes `frame` as the next screenshot; returns the line to tell.
    mutating func write(_ frame: FrameBuffer) -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            count += 1
            let path = (folder as NSString).appendingPathComponent(String(format: "snowglobe-%04d.png", count))
            try PNGWriter.write(frame, to: path)
            return "snowglobe: screenshot saved to \(path)"
        } catch {
            return "snowglobe: screenshot failed: \(error)"
        }
    }
}
