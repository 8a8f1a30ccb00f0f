import ArgumentParser
import Export
import Foundation
import LayerKit
import Playback

/// `render --out NAME.json | NAME.lottie`: the run exported as Lottie (see `LottieExport`),
/// with the same range options as a clip and a one-line report at the end.
extension RenderCommand {
    /// The options a Lottie export takes: the range, rate, size, background; not --at (a file
    /// of one frame is not an animation: --from says where it starts), nor the clip-only ones.
    func validateLottie() throws {
        if at != nil {
            throw ValidationError("--at renders one frame; a Lottie file (\(out)) is an animation: give --from (and --to or --duration)")
        }
        if loopSeamless || chunk != nil || listChunks != nil || dither != nil || loop != nil || threads != nil {
            throw ValidationError("--loop-seamless, --chunk, --list-chunks, --dither, --loop and --threads do not apply to Lottie output ('\(out)')")
        }
        if case .range = frames { throw ValidationError("--frames I-J does not apply to Lottie output: give --from and --to") }
        try size.check("--size")
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240, got \(Tick.text(fps))") }
        try frames?.check()
        if let duration, !(duration.isFinite && duration > 0 && duration <= 3600) {
            throw ValidationError("--duration must be more than 0 and at most 3600 seconds, got \(Tick.text(duration))")
        }
        try TimeArgument.check(from, "--from")
        try TimeArgument.check(to, "--to")
        let lengths = [frameCountArgument != nil, duration != nil, to != nil].filter { $0 }.count
        if lengths > 1 { throw ValidationError("give one of --frames, --duration and --to, not several") }
        if let to, to <= start {
            throw ValidationError("--to must be after the first frame's time (\(Tick.text(start)) s), got \(Tick.text(to))")
        }
        _ = try background.color()
    }

    func runLottie(_ output: LottieOutput) throws {
        InterruptCleanup.installHandlers()
        let runner: SceneRunner
        do {
            // The report names the line that made each layer and animation.
            runner = try ScriptLauncher.start(choice, seed: seed.value, size: size, budget: limits.budget, uiScale: uiScale ?? 1,
                                              recordsCreationSites: true, errorTold: {})
        } catch { throw ExitCode(1) }
        defer { runner.close() }
        let count: Int
        if let frameCountArgument { count = frameCountArgument } else {
            let seconds = to.map { $0 - start } ?? duration ?? 3
            count = max(Int((seconds * fps).rounded()), 1)
        }
        let settings = RenderSettings(width: Int(size.width), height: Int(size.height), fps: fps, frameCount: count,
                                      startTime: start, background: try background.color())
        _ = runner.replay(before: settings, log: input.log)
        let report: LottieReport
        do {
            report = try LottieExport.export(runner, settings: settings, log: input.log, to: output, strict: strict)
        } catch {
            FileHandle.standardError.write(Data("snowglobe: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if verbose { for line in report.details { standardError("snowglobe:   " + line) } }
        standardError("snowglobe: " + report.line(path: output.path))
    }
}
