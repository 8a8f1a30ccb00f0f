import ArgumentParser
import Export
import Foundation
import LayerKit
import LuaHost
import Playback
import Render

/// `snowglobe render SCRIPT --out FILE|DIR`: runs a script headless on the tick clock and writes
/// what it shows: one PNG, a numbered PNG sequence, an animated GIF, or a video through FFmpeg.
/// Same inputs, same frames; frame i shows the scene at `from + i / fps`, as the window shows it
/// at that moment.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a script headless to PNG, GIF, MP4, WebM, MOV, APNG or Lottie.",
        discussion: """
            --out decides the output: a .png file is one frame (at --at, default 0); a .gif file \
            an animated GIF; .mp4 H.264 video, .webm VP9, .mov ProRes 4444, .apng an animated PNG \
            (these four through the ffmpeg program); a path with %04d (or %d) a numbered sequence \
            of PNGs; a name without an extension (or ending in /) a folder of frame_0000.png, \
            frame_0001.png, … With --background transparent, PNG, APNG, WebM and MOV keep the \
            alpha channel. Files are written under a temporary name and renamed when whole. \
            Runs without a display or GPU. \
            The scene runs in ticks of 1/60 s (timers, display links, input); frames sample it at \
            --fps, each showing the presentation at its exact time.

            Long renders in parts: frame n shows the scene at the first frame's time plus n / fps \
            and is file number n, whichever process makes it. --chunk K/N renders the K-th of N \
            near-equal ranges of the frames the other options select, --frames I-J the frames \
            numbered I to J; --list-chunks N prints the N ranges (--json for a scheduler) and \
            renders nothing. A part replays the scene from 0 to its first frame without drawing. \
            Parts of a PNG sequence written into one folder are the whole render's files; video \
            parts (.mp4, .webm, .mov) are put together with `snowglobe join`. GIF and APNG parts \
            are refused (they cannot be joined without re-encoding): render a sequence or a video \
            in parts and make the GIF from it. See docs/render-farm.md.

            Lottie: a .json file is Lottie 1.0 JSON, a .lottie file a dotLottie archive of it, for \
            lottie-ios, lottie-android, lottie-web, rlottie and ThorVG. Frame f of the file is the \
            scene at --from + f / --fps; --size gives its width and height. What Lottie cannot say \
            exactly (springs, timers, particles, 3D) is baked into fitted keyframes, and what it has \
            no form for (filters, shadows) is left out; a line at the end reports both (--verbose \
            lists each, --strict refuses to write such a file). --at is refused: give --from. \
            See docs/lottie.md.
            """
    )

    @OptionGroup var choice: ScriptChoice

    @Option(help: "Where to write: FILE.png, .gif, .mp4, .webm, .mov, .apng, .json or .lottie (Lottie), a %04d pattern or a folder.")
    var out: String

    @Flag(help: "With a Lottie output: refuse (exit 1, no file) when anything would be baked or left out.")
    var strict = false

    @Flag(help: "With a Lottie output: list what was exact, baked and left out, each with its layer and the script line that made it.")
    var verbose = false

    @Option(help: "What shows where no layer draws: a colour (black, #203040, …) or transparent.")
    var background: BackgroundArgument = BackgroundArgument(color: "black")

    @Flag(help: "Check that the frame after the last equals the first (a loop that does not jump); exit 1 and say how far off if not.")
    var loopSeamless = false

    @Option(parsing: .unconditional, help: "How many frames (default: 1 for a .png, else the duration's worth); or I-J, the frames numbered I to J (from 0, both included) of the clip the other options select.")
    var frames: FramesArgument?

    @Option(help: "Render only the K-th (from 1) of N consecutive, near-equal parts of the frames, e.g. 2/8; not for a single .png, .gif or .apng.")
    var chunk: ChunkArgument?

    @Option(parsing: .unconditional, help: "Print the frames of each of N parts (what --chunk K/N renders) and render nothing.")
    var listChunks: Int?

    @Flag(help: "With --list-chunks: print JSON, for a scheduler.")
    var json = false

    @Option(parsing: .unconditional, help: "How many threads draw the frames, 1 to 8 (default: one per core, at most 8).")
    var threads: Int?

    @Option(parsing: .unconditional, help: "Seconds to render (default 3).")
    var duration: Double?

    @Option(parsing: .unconditional, help: "Frames per second.")
    var fps: Double = 30

    @Option(parsing: .unconditional, help: "The image size, WxH.")
    var size: SceneSize = SceneSize(width: 800, height: 600)

    @OptionGroup var seed: SeedOption

    @Option(parsing: .unconditional,
            help: "What the script reads as ca.screen.uiScale, 0.5 to 4 (default 1): render what a window opened with --ui-scale shows.")
    var uiScale: Double?

    @OptionGroup var limits: BudgetOptions

    @Option(parsing: .unconditional, help: "The time of the first frame, in seconds (default 0).")
    var at: Double?

    @Option(parsing: .unconditional, help: "Render from this time (with --to: the range from A up to B).")
    var from: Double?

    @Option(parsing: .unconditional, help: "Render up to this time (the frame at B itself is not made).")
    var to: Double?

    @OptionGroup var input: ScriptedInput

    @Option(help: "GIF dithering: floyd (Floyd–Steinberg error diffusion, the default: smooth gradients) or none (each pixel its nearest palette colour: smaller files).")
    var dither: DitherChoice?

    @Option(parsing: .unconditional, help: "How many times a GIF or APNG repeats after playing once (a GIF's NETSCAPE2.0 loop count, as gifsicle and FFmpeg write it): 0, the default, repeats forever; N plays N+1 times in all. At most 65535.")
    var loop: Int?

    func validate() throws {
        try choice.requireOne()
        try UIScale.check(uiScale)
        if LottieOutput(path: out) != nil {
            try validateLottie()
            return
        }
        if strict || verbose { throw ValidationError("--strict and --verbose apply to Lottie output (.json, .lottie), not '\(out)'") }
        let output: RenderOutput
        do { output = try RenderOutput(path: out) } catch { throw ValidationError("--out: \(error)") }
        if try background.color().a < 1 && !output.keepsAlpha {
            throw ValidationError("--background transparent: \(output.label) has no alpha channel; use .png, .apng, .webm or .mov")
        }
        if loopSeamless && output.isSingleFrame {
            throw ValidationError("--loop-seamless checks a clip: --out must be a sequence, a .gif or a video, not one .png")
        }
        try size.check("--size")
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240, got \(Tick.text(fps))") }
        try frames?.check()
        if let duration, !(duration.isFinite && duration > 0 && duration <= 3600) {
            throw ValidationError("--duration must be more than 0 and at most 3600 seconds, got \(Tick.text(duration))")
        }
        try TimeArgument.check(at, "--at")
        try TimeArgument.check(from, "--from")
        try TimeArgument.check(to, "--to")
        if at != nil && from != nil { throw ValidationError("give --at or --from, not both (they both set the first frame's time)") }
        let lengths = [frameCountArgument != nil, duration != nil, to != nil].filter { $0 }.count
        if lengths > 1 { throw ValidationError("give one of --frames, --duration and --to, not several") }
        if let loop, !(0...65535).contains(loop) {
            throw ValidationError("--loop must be between 0 (forever) and 65535, got \(loop)")
        }
        switch output {
        case .gif: break
        case .video(_, .apng):
            if dither != nil { throw ValidationError("--dither applies to .gif output, not '\(out)'") }
        default:
            if loop != nil { throw ValidationError("--loop applies to .gif and .apng output, not '\(out)'") }
            if dither != nil { throw ValidationError("--dither applies to .gif output, not '\(out)'") }
        }
        if let to, to <= start {
            throw ValidationError("--to must be after the first frame's time (\(Tick.text(start)) s), got \(Tick.text(to))")
        }
        if let threads, !(1...8).contains(threads) {
            throw ValidationError("--threads must be between 1 and 8, got \(threads)")
        }
        try validateParts(output)
    }

    /// The `--frames` count, when it is one (not a range).
    var frameCountArgument: Int? {
        if case .count(let count) = frames { return count }
        return nil
    }

    /// The first frame's time.
    var start: Double { from ?? at ?? 0 }

    /// How many frames: one for a PNG, else what --frames, --duration or --to say (3 s by default).
    func frameCount(for output: RenderOutput) -> Int {
        if output.isSingleFrame { return 1 }
        if let frameCountArgument { return frameCountArgument }
        let seconds = to.map { $0 - start } ?? duration ?? 3
        return max(Int((seconds * fps).rounded()), 1)
    }

    /// What to say when --to or --duration asks for a fraction of a frame, which the render
    /// rounds: how many frames that was, how many are made, and where the range really ends.
    func roundingNote(for output: RenderOutput) -> String? {
        guard !output.isSingleFrame, frames == nil else { return nil }
        let option: String, asked: Double
        if let to {
            (option, asked) = ("--to \(Tick.text(to))", to - start)
        } else if let duration {
            (option, asked) = ("--duration \(Tick.text(duration))", duration)
        } else {
            return nil
        }
        let exact = asked * fps
        // Less than a hundredth of a frame off is a rounding of the times given, not a fraction.
        guard TimeArgument.text(exact) != Tick.text(exact.rounded()) else { return nil }
        let count = frameCount(for: output)
        let end = start + Double(count) / fps
        let last = start + Double(count - 1) / fps
        return "snowglobe: \(option) s is \(TimeArgument.text(exact)) frames at \(Tick.text(fps)) fps, not a whole number: "
            + "rendering \(count) frame\(count == 1 ? "" : "s"), so the range ends at \(TimeArgument.text(end)) s "
            + "(the last frame at \(TimeArgument.text(last)) s)"
    }

    /// What to say when --background asks for transparency that the script paints over with
    /// `ca.root.backgroundColor` (as the tutorial and the blank template do): the file is not
    /// what the option promised, and how to get what it promised.
    func paintedBackgroundNote(_ root: Layer) throws -> String? {
        guard try background.color().a < 1, case .color(let painted) = root.value(.backgroundColor), painted.a > 0 else {
            return nil
        }
        let name = Color.cssNames.first { $0 != "transparent" && Color(cssName: $0) == painted } ?? painted.hexString
        return "snowglobe: the background is not transparent: the script paints ca.root.backgroundColor (\(name)) over "
            + "--background \(background.text); to keep the background out of an export, leave ca.root.backgroundColor "
            + "unset (render --background \(name) puts it back)"
    }

    func run() throws {
        if let lottie = LottieOutput(path: out) {
            try runLottie(lottie)
            return
        }
        let output = try RenderOutput(path: out)
        let frames = try self.selectedFrames(for: output)
        if let listChunks, let plan = ChunkPlan(frames: frames, count: listChunks) {
            print(json ? plan.json(start: start, fps: fps) : plan.text(start: start, fps: fps))
            return
        }
        let part = try self.part(of: frames)
        InterruptCleanup.installHandlers()
        if case .video = output {
            do { _ = try FFmpegProgram.locate() } catch {
                FileHandle.standardError.write(Data("snowglobe: cannot write '\(out)': \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
        let runner: SceneRunner
        let told = ErrorTally()
        do {
            runner = try ScriptLauncher.start(choice, seed: seed.value, size: size, budget: limits.budget,
                                              uiScale: uiScale ?? 1, errorTold: { told.count += 1 })
        } catch { throw ExitCode(1) }
        defer { runner.close() }

        var settings = RenderSettings(width: Int(size.width), height: Int(size.height), fps: fps,
                                      frameCount: part.count, startTime: start, firstFrame: part.first,
                                      background: try background.color(), dither: dither != .off, loopCount: loop ?? 0)
        if isPart, case .video = output {
            settings.comment = PartLabel(scene: sceneFingerprint(runner.recipe.source), width: settings.width,
                                         height: settings.height, fps: fps, frames: part).comment
        }
        let renderer = HeadlessRenderer(threads: threads)
        let replay = runner.replay(before: settings, log: input.log)
        if !isPart, let note = roundingNote(for: output) { standardError(note) }
        let progress = ProgressBar(total: settings.frameCount)
        let summary: RenderSummary
        let rendering = Monotonic.now()
        do {
            summary = try runner.render(settings: settings, to: output, log: input.log, renderer: renderer,
                                        checkingLoop: loopSeamless, progress: { done, _ in progress.update(done) })
        } catch {
            progress.finish()
            FileHandle.standardError.write(Data("snowglobe: \(error)\n".utf8))
            throw ExitCode(1)
        }
        progress.finish()
        let cost = RenderCost(replayedTo: replay.time, replaySeconds: replay.seconds, frames: summary.frameCount,
                              renderSeconds: Monotonic.now() - rendering, threads: renderer.backend.threads)
        let errors = told.count
        if errors > 0 {
            let count = errors == 1 ? "an error" : "\(errors) errors"
            FileHandle.standardError.write(Data("snowglobe: the script had \(count) (above); \(summary.description)\n".utf8))
        } else {
            standardError("snowglobe: \(summary.description)")
        }
        if let note = try paintedBackgroundNote(runner.host.scene.root) { standardError(note) }
        if isPart || threads != nil { standardError("snowglobe: \(cost.description)") }
        if let seam = summary.seam {
            let after = TimeArgument.text(start + Double(summary.frameCount) / fps)
            if seam.isZero {
                standardError("snowglobe: the loop is seamless: the frame after the last (at \(after) s) equals the first")
            } else {
                FileHandle.standardError.write(Data(
                    "snowglobe: the loop is not seamless: the frame after the last (at \(after) s) differs from the first: \(seam)\n".utf8))
                throw ExitCode(1)
            }
        }
        if errors > 0 { throw ExitCode(1) }
    }
}

/// How many errors a run told.
private final class ErrorTally {
    var count = 0
}

/// A one-line progress bar on standard error — frames done, frames a second and the time
/// left — shown only on a terminal and for long renders.
final class ProgressBar {
    private let total: Int
    private let enabled: Bool
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastShown: UInt64 = 0

    init(total: Int) {
        self.total = total
        enabled = total >= 30 && isatty(STDERR_FILENO) != 0
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        // At most ten times a second, and always for the last frame.
        guard done == total || now - lastShown >= 100_000_000 else { return }
        lastShown = now
        FileHandle.standardError.write(Data(("\r" + ProgressBar.line(done: done, total: total,
                                                                        seconds: Double(now - started) / 1e9)).utf8))
    }

    func finish() {
        if enabled && lastShown > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// "[#########---------------------]  30% 90/300 frames · 45.0 fps · 4.7 s left".
    static func line(done: Int, total: Int, seconds: Double) -> String {
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let width = 30
        let filled = min(width, Int(Double(width) * fraction))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = String(Int(fraction * 100)).leftPadded(to: 3)
        var text = "[\(bar)] \(percent)% \(done)/\(total) frames"
        if seconds > 0 && done > 0 {
            let rate = Double(done) / seconds
            text += " · " + String(format: "%.1f", rate) + " fps"
            let left = Double(total - done) / rate
            text += done < total ? " · " + String(format: "%.1f", left) + " s left" : " · " + String(format: "%.1f", seconds) + " s"
        }
        return text + "   "
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// `--background`: a colour in any form a script may give one, or `transparent`.
struct BackgroundArgument: ExpressibleByArgument {
    let text: String

    init(color name: String) {
        text = name
    }

    init?(argument: String) {
        text = argument
    }

    /// The colour, or an error naming the option, the forms allowed and the nearest name.
    func color() throws -> Color {
        if let color = Color(parsing: text) { return color }
        var message = "--background: '\(text)' is not a colour; give transparent, a CSS colour name (black, white, "
            + "midnightblue, …) or #rgb, #rgba, #rrggbb or #rrggbbaa"
        if let near = Color.suggestion(forName: text) {
            message += " (did you mean '\(near)'?)"
        }
        throw ValidationError(message)
    }

    /// How `--help` shows the default: the colour as it is typed.
    var defaultValueDescription: String { text }

    static var defaultCompletionKind: CompletionKind { .list(["transparent", "black", "white"]) }
}
