import Foundation

/// What a render cost, for its closing line: the replay before its first frame, then the frames.
public struct RenderCost: Equatable, Sendable, CustomStringConvertible {
    /// The first frame's time, up to which the scene was replayed without drawing.
    public var replayedTo: Double
    /// Seconds the replay took.
    public var replaySeconds: Double
    /// Frames drawn and written.
    public var frames: Int
    /// Seconds drawing and writing them took.
    public var renderSeconds: Double
    /// Threads that drew them.
    public var threads: Int

    public init(replayedTo: Double, replaySeconds: Double, frames: Int, renderSeconds: Double, threads: Int) {
        self.replayedTo = replayedTo
        self.replaySeconds = replaySeconds
        self.frames = frames
        self.renderSeconds = renderSeconds
        self.threads = threads
    }

    /// "replayed 0–30 s in 0.41 s; rendered 450 frames in 12.3 s on 2 threads".
    public var description: String {
        let frameText = frames == 1 ? "1 frame" : "\(frames) frames"
        let threadText = threads == 1 ? "1 thread" : "\(threads) threads"
        return "replayed 0–\(ChunkPlan.seconds(replayedTo)) s in \(RenderCost.duration(replaySeconds)) s; "
            + "rendered \(frameText) in \(RenderCost.duration(renderSeconds)) s on \(threadText)"
    }

    /// Seconds as the line gives them: two decimals under 10 s, one above.
    static func duration(_ seconds: Double) -> String {
        String(format: seconds < 10 ? "%.2f" : "%.1f", seconds)
    }
}
