import Foundation
import Render

/// What a render wrote, for the line that tells it.
public struct RenderSummary: Equatable, Sendable {
    public var output: RenderOutput
    public var frameCount: Int
    /// The number of the first frame written (a part's first global frame).
    public var firstFrame: Int
    public var width: Int
    public var height: Int
    /// The size of what was written, in bytes.
    public var bytes: Int64
    /// How the frame after the last differs from the first (when the loop was checked).
    public var seam: FrameDifference?

    /// "wrote out.gif: 90 frames, 480×360, 1.2 MB".
    public var description: String {
        let frames = frameCount == 1 ? "1 frame" : "\(frameCount) frames"
        var written = output.path
        if case .sequence(let pattern) = output {
            written = RenderOutput.fileName(pattern: pattern, number: firstFrame)
            if frameCount > 1 {
                written += " … " + RenderOutput.fileName(pattern: pattern, number: firstFrame + frameCount - 1)
            }
        }
        return "wrote \(written): \(frames), \(width)×\(height), \(RenderSummary.sizeText(bytes))"
    }

    /// A byte count as people read it: 812 bytes, 14.2 kB, 1.2 MB (powers of 1000).
    public static func sizeText(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
