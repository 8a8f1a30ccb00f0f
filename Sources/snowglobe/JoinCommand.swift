import ArgumentParser
import Export
import Foundation

/// `snowglobe join PART… --out WHOLE`: puts video parts rendered with `render --chunk K/N` or
/// `--frames I-J` together without re-encoding, after checking that they belong together.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join video parts made by render --chunk or --frames I-J into one file, without re-encoding.",
        discussion: """
            Each part (.mp4, .webm or .mov) carries in its metadata the scene it was rendered \
            from, its size, its frame rate and its first and last frame. join checks that the \
            parts, in the order given, are of one scene, size and rate and follow each other \
            with no gap and no overlap, then copies their frames into --out with FFmpeg's concat \
            demuxer (no re-encoding: the whole's frames are the parts'). Anything wrong is said, \
            and nothing is written. --out is written under a temporary name and renamed when \
            whole. Parts of a PNG sequence need no join: render them into one folder. GIF and \
            APNG are not rendered in parts. See docs/render-farm.md.
            """
    )

    @Argument(help: "The parts, in order.")
    var parts: [String] = []

    @Option(help: "The whole: a .mp4, .webm or .mov file, of the parts' format.")
    var out: String

    func validate() throws {
        guard !parts.isEmpty else { throw ValidationError("missing the parts to join: give PART… (in order)") }
        guard JoinCommand.format(out) != nil else {
            throw ValidationError("--out must be a .mp4, .webm or .mov file (the parts' format), got '\(out)'")
        }
    }

    func run() throws {
        InterruptCleanup.installHandlers()
        guard let format = JoinCommand.format(out) else { throw ExitCode(64) }
        do {
            let joiner = PartJoiner(ffmpeg: try FFmpegProgram.locate())
            let result = try joiner.join(parts, to: out, format: format)
            standardError("snowglobe: \(result.description(path: out))")
        } catch {
            standardError("snowglobe: cannot join: \(error)")
            throw ExitCode(1)
        }
    }

    /// The video format `path` names, if parts can be of it.
    private static func format(_ path: String) -> VideoFormat? {
        guard case .video(_, let format)? = try? RenderOutput(path: path), format != .apng else { return nil }
        return format
    }
}
