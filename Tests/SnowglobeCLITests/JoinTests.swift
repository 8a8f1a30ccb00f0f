import Foundation
import TestSupport
import Testing

/// Video parts (`render --chunk K/N` to .mp4, .webm, .mov) and `snowglobe join`: the whole keeps
/// every frame of the parts and matches one render, and parts that do not belong together are
/// refused with a clear message and no file.
final class JoinTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func script(_ name: String = "scene.lua", _ source: String = RenderPartsTests.busyScene) throws -> String {
        try folder.write(name, source)
    }

    private static let size = ["--size", "96x64", "--fps", "10", "--duration", "2.5"]

    private func render(_ script: String, _ out: String, _ more: [String] = []) throws -> String {
        let path = folder.path + "/" + out
        let r = try CLI.run(["render", script, "--out", path] + Self.size + more)
        #expect(r.status == 0, "\(r.stderr)")
        return path
    }

    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// 25 frames in 3 parts, joined: every frame of the parts, in order, and each within 40 dB
    /// of one render's.
    @Test(arguments: ["mp4", "webm"])
    func joinedPartsKeepEveryFrameAndMatchAWholeRender(format: String) throws {
        let path = try script()
        let whole = try render(path, "whole.\(format)")
        let parts = try (1...3).map { try render(path, "part\($0).\(format)", ["--chunk", "\($0)/3"]) }
        let joined = folder.path + "/joined.\(format)"
        let r = try CLI.run(["join"] + parts + ["--out", joined])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("snowglobe: joined 3 parts into \(joined): frames 0-24 (25 frames), 96×64, "), "\(r.stderr)")
        #expect(try FFprobe.stream(joined).frames == 25)

        let decode = { (file: String) in try FFmpegDecode.rawFrames(file, pixelFormat: "rgb24", width: 96, height: 64) }
        let fromParts = try parts.flatMap(decode)
        let fromJoin = try decode(joined)
        #expect(fromParts.count == 25 && fromJoin.count == 25)
        #expect(fromJoin == fromParts, "the join re-encoded nothing")
        let fromWhole = try decode(whole)
        #expect(fromWhole.count == 25)
        var total = 0.0
        for (i, (a, b)) in zip(fromJoin, fromWhole).enumerated() {
            let psnr = FFmpegDecode.psnr(a, b)
            total += psnr.isFinite ? psnr : 100
            #expect(psnr >= 40, "frame \(i): PSNR \(psnr) dB")
        }
        #expect(total / 25 >= 50, "mean PSNR \(total / 25) dB")
        #expect(!files().contains { $0.hasPrefix(".") }, "no temporary left")
    }

    /// Each part carries the scene, size, rate and its frames in its metadata; the whole carries
    /// all the frames, so a join can itself be joined.
    @Test func partsAndTheWholeSayWhatTheyAre() throws {
        let path = try script()
        let parts = try (1...2).map { try render(path, "p\($0).mp4", ["--chunk", "\($0)/2"]) }
        let comment = try Self.comment(parts[1])
        #expect(comment.wholeMatch(of: /snowglobe part; scene=[0-9a-f]{16}; size=96x64; fps=10; frames=13-24/) != nil, "\(comment)")
        let joined = folder.path + "/joined.mp4"
        #expect(try CLI.run(["join"] + parts + ["--out", joined]).status == 0)
        #expect(try Self.comment(joined).hasSuffix("; size=96x64; fps=10; frames=0-24"))
    }

    /// Out of order, with a gap, overlapping, from another scene, of another size or rate, not a
    /// part at all, or of another format: refused, saying which parts and why, and nothing written.
    @Test func partsThatDoNotBelongTogetherAreRefused() throws {
        let path = try script()
        let other = try script("other.lua", RenderPartsTests.busyScene + "\nca.root.backgroundColor = \"navy\"\n")
        let a = try render(path, "a.mp4", ["--chunk", "1/3"])
        let b = try render(path, "b.mp4", ["--chunk", "2/3"])
        let c = try render(path, "c.mp4", ["--chunk", "3/3"])
        let overlap = try render(path, "overlap.mp4", ["--frames", "5-12"])
        let otherScene = try render(other, "other.mp4", ["--chunk", "2/3"])
        let otherSeed = try render(path, "seed.mp4", ["--chunk", "2/3", "--seed", "7"])
        let otherSize = folder.path + "/big.mp4"
        #expect(try CLI.run(["render", path, "--out", otherSize, "--size", "128x64", "--fps", "10", "--duration", "2.5",
                             "--chunk", "2/3"]).status == 0)
        let otherRate = folder.path + "/rate.mp4"
        #expect(try CLI.run(["render", path, "--out", otherRate, "--size", "96x64", "--fps", "20", "--frames", "9-16"]).status == 0)
        let plain = try render(path, "plain.mp4")
        let webm = try render(path, "b.webm", ["--chunk", "2/3"])

        let cases: [([String], String)] = [
            ([b, a, c], "'\(a)' (frames 0-8) comes before '\(b)' (frames 9-16): give the parts in order"),
            ([a, c], "frames 9-16 are missing between '\(a)' (frames 0-8) and '\(c)' (frames 17-24)"),
            ([a, overlap], "'\(a)' (frames 0-8) and '\(overlap)' (frames 5-12) overlap (frames 5-8)"),
            ([a, otherScene, c], "'\(otherScene)' is of another scene than '\(a)' ("),
            ([a, otherSeed, c], "'\(otherSeed)' is of another scene than '\(a)' ("),
            ([a, otherSize, c], "'\(otherSize)' is 128x64 and '\(a)' 96x64: parts must be of one size"),
            ([a, otherRate], "'\(otherRate)' is at 20 fps and '\(a)' at 10 fps: parts must be of one frame rate"),
            ([a, plain], "'\(plain)' is not a part: its metadata has no snowglobe part label"),
            ([a, webm, c], "'\(webm)' is not a .mp4 file: the parts and --out must be of one format"),
            ([a, folder.path + "/missing.mp4"], "cannot read '\(folder.path)/missing.mp4'"),
        ]
        let before = files()
        for (parts, message) in cases {
            let r = try CLI.run(["join"] + parts + ["--out", folder.path + "/whole.mp4"])
            #expect(r.status == 1, "\(message)")
            #expect(r.stderr.hasPrefix("snowglobe: cannot join: \(message)"), "\(r.stderr)")
            #expect(files() == before, "nothing written")
        }
    }

    @Test func joinWantsAVideoOut() throws {
        let r = try CLI.run(["join", folder.path + "/a.mp4", "--out", folder.path + "/whole.gif"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: --out must be a .mp4, .webm or .mov file (the parts' format), got '\(folder.path)/whole.gif'\n"))
    }

    /// The `comment` tag of a file's container.
    static func comment(_ path: String) throws -> String {
        let r = try CLI.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "format_tags=comment", "-of",
                                                 "default=noprint_wrappers=1:nokey=1", path])
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
