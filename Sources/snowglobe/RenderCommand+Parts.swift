import ArgumentParser
import Export
import Foundation
import Playback

/// `render --chunk K/N`, `--frames I-J` and `--list-chunks N`: which frames a render makes
/// when it is one part of a longer one.
extension RenderCommand {
    /// Whether this render makes a part of the frames the options select.
    var isPart: Bool {
        if chunk != nil { return true }
        if case .range = frames { return true }
        return false
    }

    /// The option that makes this a part (or lists parts), for messages.
    private var partOption: String? {
        if chunk != nil { return "--chunk" }
        if case .range = frames { return "--frames I-J" }
        return listChunks != nil ? "--list-chunks" : nil
    }

    /// Refuses parts of outputs that cannot be joined, and chunks or ranges the frames do not have.
    func validateParts(_ output: RenderOutput) throws {
        if chunk != nil && listChunks != nil { throw ValidationError("give --chunk or --list-chunks, not both") }
        if json && listChunks == nil { throw ValidationError("--json applies to --list-chunks") }
        if let option = partOption {
            switch output {
            case .png:
                throw ValidationError("\(option) makes part of a clip: --out must be a folder, a %04d pattern or "
                    + "a video (.mp4, .webm, .mov), not one .png")
            case .gif, .video(_, .apng):
                throw ValidationError("\(option): \(output.label) parts cannot be joined without re-encoding; render the "
                    + "parts as a PNG sequence (a folder) or .mp4, .webm or .mov, and make the \(output.label) from the whole")
            default:
                break
            }
            if loopSeamless && isPart {
                throw ValidationError("--loop-seamless checks a whole clip, not a part (\(option))")
            }
        }
        let selected = try selectedFrames(for: output)
        if let chunk {
            let (_, count) = try chunk.checked()
            guard count <= selected.count else {
                throw ValidationError("--chunk K/N: N must be at most the \(selected.count) frames selected (\(selected)), got \(chunk.text)")
            }
        }
        if let listChunks, !(1...selected.count).contains(listChunks) {
            throw ValidationError("--list-chunks must be between 1 and the \(selected.count) frames selected (\(selected)), got \(listChunks)")
        }
    }

    /// The frames the options select: 0 for one .png; I to J for `--frames I-J` (which must lie
    /// within what --duration or --to select, when given); else the first `frameCount` frames.
    func selectedFrames(for output: RenderOutput) throws -> FrameRange {
        let count = frameCount(for: output)
        guard let whole = FrameRange(first: 0, last: count - 1) else {
            throw ValidationError("the options select no frames")
        }
        guard !output.isSingleFrame, case .range(let first, let last) = frames,
              let range = FrameRange(first: first, last: last) else { return whole }
        if duration != nil || to != nil {
            let option = duration != nil ? "--duration" : "--to"
            guard whole.contains(range) else {
                throw ValidationError("--frames \(range) reaches outside the \(count) frames \(option) selects (\(whole))")
            }
        }
        let lastTime = start + Double(range.last) / fps
        guard lastTime <= Tick.maximumTime else {
            throw ValidationError("--frames \(range): frame \(range.last) at \(Tick.text(fps)) fps is past a day "
                + "(\(Int(Tick.maximumTime)) s), the latest time a scene runs to")
        }
        return range
    }

    /// The frames this render makes: its chunk of `frames`, or all of them.
    func part(of frames: FrameRange) throws -> FrameRange {
        guard let chunk else { return frames }
        let (index, count) = try chunk.checked()
        guard let plan = ChunkPlan(frames: frames, count: count) else {
            throw ValidationError("--chunk \(chunk.text): there are only \(frames.count) frames")
        }
        return plan.chunks[index - 1]
    }

    /// The fingerprint video parts carry: the script's bytes, the seed, the background and the
    /// scripted input, which together decide what every frame shows.
    func sceneFingerprint(_ source: ScriptSource) -> String {
        let bytes: [UInt8]
        switch source {
        case .file(let path): bytes = (FileManager.default.contents(atPath: path).map { [UInt8]($0) }) ?? []
        case .builtIn(_, let text): bytes = Array(text.utf8)
        }
        let input = self.input.events.map { "input@\($0.time)=\(String(describing: $0.events))" }
        return SceneFingerprint.of(source: bytes, settings: ["seed=\(seed.value)", "background=\(background.text)",
                                                             "start=\(Tick.text(start))"] + input)
    }
}
