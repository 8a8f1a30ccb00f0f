import Foundation

/// A range of frames cut into N consecutive parts of near-equal length (the first ones one
/// frame longer when N does not divide the count), so that N processes can each render one
/// and their files together are one render's.
public struct ChunkPlan: Equatable, Sendable {
    /// The frames cut up.
    public let frames: FrameRange
    /// The parts, in order: together they are `frames`, with no gap and no overlap.
    public let chunks: [FrameRange]

    /// `frames` in `count` parts; nil unless 1 ≤ count ≤ the number of frames.
    public init?(frames: FrameRange, count: Int) {
        guard count >= 1, count <= frames.count else { return nil }
        self.frames = frames
        let base = frames.count / count, longer = frames.count % count
        var chunks: [FrameRange] = []
        var next = frames.first
        for k in 0..<count {
            let length = base + (k < longer ? 1 : 0)
            if let chunk = FrameRange(first: next, last: next + length - 1) { chunks.append(chunk) }
            next += length
        }
        self.chunks = chunks
    }

    /// The plan as text, one line a part: "chunk 2/3: frames 34-66 (33 frames, 1.133–2.233 s)".
    /// Frame n shows the scene at `start + n / fps`; a part's times run from its first frame to
    /// the moment after its last.
    public func text(start: Double, fps: Double) -> String {
        chunks.enumerated().map { k, chunk in
            let frames = chunk.count == 1 ? "1 frame" : "\(chunk.count) frames"
            let from = ChunkPlan.seconds(start + Double(chunk.first) / fps)
            let to = ChunkPlan.seconds(start + Double(chunk.last + 1) / fps)
            return "chunk \(k + 1)/\(chunks.count): frames \(chunk) (\(frames), \(from)–\(to) s)"
        }.joined(separator: "\n")
    }

    /// The plan as JSON, for a scheduler: the frames, the rate, and each part's index (1-based,
    /// as `--chunk K/N` takes it), first and last frame, frame count and times.
    public func json(start: Double, fps: Double) -> String {
        let parts = chunks.enumerated().map { k, chunk in
            "    {\"index\": \(k + 1), \"chunk\": \"\(k + 1)/\(chunks.count)\", \"first\": \(chunk.first), "
                + "\"last\": \(chunk.last), \"frames\": \(chunk.count), "
                + "\"from\": \(ChunkPlan.seconds(start + Double(chunk.first) / fps)), "
                + "\"to\": \(ChunkPlan.seconds(start + Double(chunk.last + 1) / fps))}"
        }
        return """
            {
              "first": \(frames.first),
              "last": \(frames.last),
              "frames": \(frames.count),
              "fps": \(ChunkPlan.seconds(fps)),
              "chunks": [
            \(parts.joined(separator: ",\n"))
              ]
            }
            """
    }

    /// Seconds with at most three decimals, without trailing zeros: 2, 1.5, 1.133.
    static func seconds(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
