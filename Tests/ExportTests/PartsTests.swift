@testable import Export
import Foundation
import Testing

/// Frame ranges, chunk plans and part labels: the arithmetic and text that parts of a render
/// and their join agree on.
struct PartsTests {
    /// Every plan covers its frames in order, with no gap and no overlap, the parts differing by
    /// at most one frame and the longer ones first.
    @Test(arguments: [(20, 1), (20, 3), (20, 7), (20, 20), (900, 7), (1, 1), (101, 10)])
    func chunksCoverTheFramesNearEqually(frames: Int, parts: Int) throws {
        let range = try #require(FrameRange(first: 5, last: 5 + frames - 1))
        let plan = try #require(ChunkPlan(frames: range, count: parts))
        #expect(plan.chunks.count == parts)
        #expect(plan.chunks.first?.first == range.first && plan.chunks.last?.last == range.last)
        for (a, b) in zip(plan.chunks, plan.chunks.dropFirst()) {
            #expect(a.last + 1 == b.first)
            #expect(a.count == b.count || a.count == b.count + 1)
        }
        #expect(plan.chunks.map(\.count).reduce(0, +) == frames)
    }

    @Test func aPlanNeedsOneToAsManyPartsAsFrames() throws {
        let range = try #require(FrameRange(first: 0, last: 9))
        #expect(ChunkPlan(frames: range, count: 0) == nil)
        #expect(ChunkPlan(frames: range, count: 11) == nil)
        #expect(FrameRange(first: 3, last: 2) == nil)
        #expect(FrameRange(first: -1, last: 2) == nil)
    }

    @Test func rangesParseAsTheCommandLineWritesThem() {
        #expect(FrameRange.parse("120-239").map { [$0.first, $0.last] } == [120, 239])
        #expect(FrameRange.parse("9-3").map { [$0.first, $0.last] } == [9, 3])
        #expect(FrameRange.parse("12") == nil && FrameRange.parse("a-b") == nil && FrameRange.parse("1-2-3") == nil)
    }

    @Test func aLabelSurvivesTheTripThroughMetadata() throws {
        let label = PartLabel(scene: "0123456789abcdef", width: 320, height: 240, fps: 29.97,
                              frames: try #require(FrameRange(first: 43, last: 85)))
        #expect(label.comment == "snowglobe part; scene=0123456789abcdef; size=320x240; fps=29970/1000; frames=43-85")
        #expect(PartLabel(comment: label.comment) == label)
        #expect(PartLabel(comment: "made with something else") == nil)
        // FFmpeg's metadata text escapes '=' and ';' in values.
        let text = ";FFMETADATA1\nencoder=Lavf\ncomment=" + label.comment.replacingOccurrences(of: "=", with: "\\=")
            .replacingOccurrences(of: ";", with: "\\;") + "\n"
        #expect(PartJoiner.metadataLines(text).contains("comment=" + label.comment))
    }

    @Test func scenesWithOtherSourcesOrSettingsHaveOtherFingerprints() {
        let a = SceneFingerprint.of(source: Array("print(1)".utf8), settings: ["seed=1"])
        #expect(a.count == 16)
        #expect(a == SceneFingerprint.of(source: Array("print(1)".utf8), settings: ["seed=1"]))
        #expect(a != SceneFingerprint.of(source: Array("print(2)".utf8), settings: ["seed=1"]))
        #expect(a != SceneFingerprint.of(source: Array("print(1)".utf8), settings: ["seed=2"]))
    }

    @Test func theCostLineSaysReplayAndFrames() {
        let cost = RenderCost(replayedTo: 30, replaySeconds: 0.414, frames: 450, renderSeconds: 12.34, threads: 1)
        #expect(cost.description == "replayed 0–30 s in 0.41 s; rendered 450 frames in 12.3 s on 1 thread")
    }
}
