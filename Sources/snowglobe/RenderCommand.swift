import ArgumentParser
import Foundation
import LayerKit
import LuaHost
import Playback
import Render

/// `snowglobe render SCRIPT --out FILE|DIR`: runs a script headless on the tick clock and writes
/// what it shows: one PNG, a numbered PNG sequence, or an animated GIF. Same inputs, same bytes;
/// frame i shows the scene at `from + i / fps`, as the window shows it at that moment.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a script headless to PNG or GIF.",
        discussion: """
            --out decides the output: a .png file is one frame (at --at, default 0); a .gif file \
            an animated GIF; a path with %04d (or %d) a numbered sequence; anything else a folder \
            of frame_0000.png, frame_0001.png, … Runs without a display or GPU. \
            The scene runs in ticks of 1/60 s (timers, display links, input); frames sample it at \
            --fps, each showing the presentation at its exact time.
            """
    )

    @Argument(help: "The Lua script to run.")
    var script: String

    @Option(help: "Where to write: FILE.png, FILE.gif, a %04d pattern or a folder.")
    var out: String

    @Option(help: "How many frames (default: 1 for a .png, else the duration's worth).")
    var frames: Int?

    @Option(parsing: .unconditional, help: "Seconds to render (default 3).")
    var duration: Double?

    @Option(parsing: .unconditional, help: "Frames per second.")
    var fps: Double = 30

    @Option(help: "The image size, WxH.")
    var size: SceneSize = SceneSize(width: 800, height: 600)

    @Option(help: "Seed for math.random and every seeded generator.")
    var seed: UInt64 = 0

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

    @Option(parsing: .unconditional, help: "How many times a GIF repeats after playing once (its NETSCAPE2.0 loop count, as gifsicle and FFmpeg write it): 0, the default, repeats forever; N plays N+1 times in all. At most 65535.")
    var loop: Int?

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
        if let frames, !(1...100_000).contains(frames) { throw ValidationError("--frames must be between 1 and 100000") }
        if let duration, !(duration.isFinite && duration > 0 && duration <= 3600) {
            throw ValidationError("--duration must be more than 0 and at most 3600 seconds, got \(Tick.text(duration))")
        }
        try TimeArgument.check(at, "--at")
        try TimeArgument.check(from, "--from")
        try TimeArgument.check(to, "--to")
        if at != nil && from != nil { throw ValidationError("give --at or --from, not both (they both set the first frame's time)") }
        let lengths = [frames != nil, duration != nil, to != nil].filter { $0 }.count
        if lengths > 1 { throw ValidationError("give one of --frames, --duration and --to, not several") }
        if let loop, !(0...65535).contains(loop) {
            throw ValidationError("--loop must be between 0 (forever) and 65535, got \(loop)")
        }
        if case .gif = RenderOutput(path: out) {} else {
            if loop != nil { throw ValidationError("--loop applies to .gif output, not '\(out)'") }
            if dither != nil { throw ValidationError("--dither applies to .gif output, not '\(out)'") }
        }
        if let to, to <= start {
            throw ValidationError("--to must be after the first frame's time (\(Tick.text(start)) s), got \(Tick.text(to))")
        }
    }

    /// The first frame's time.
    var start: Double { from ?? at ?? 0 }

    /// How many frames: one for a PNG, else what --frames, --duration or --to say (3 s by default).
    func frameCount(for output: RenderOutput) -> Int {
        if output.isSingleFrame { return 1 }
        if let frames { return frames }
        let seconds = to.map { $0 - start } ?? duration ?? 3
        return max(Int((seconds * fps).rounded()), 1)
    }

    func run() throws {
        let output = RenderOutput(path: out)
        let runner: SceneRunner
        do { runner = try ScriptLauncher.start(script, seed: seed, size: size, budget: limits.budget) } catch { throw ExitCode(1) }
        defer { runner.close() }

        let settings = RenderSettings(width: Int(size.width), height: Int(size.height), fps: fps,
                                      frameCount: frameCount(for: output), startTime: start, background: .black,
                                      dither: dither != .off, loopCount: loop ?? 0)
        let progress = ProgressBar(total: settings.frameCount)
        let log = input.log
        do {
            try HeadlessRenderer().render(settings: settings, to: output, progress: { done, _ in progress.update(done) }) { time, draw in
                runner.advance(to: Tick.index(atOrBefore: time), log: log)
                runner.withFrame(at: time, draw)
            }
        } catch {
            progress.finish()
            FileHandle.standardError.write(Data("snowglobe: \(error)\n".utf8))
            throw ExitCode(1)
        }
        progress.finish()
        if !runner.host.errors.isEmpty { throw ExitCode(1) }
    }
}

/// A one-line progress bar on standard error, shown only on a terminal and for long renders.
final class ProgressBar {
    private let total: Int
    private let enabled: Bool
    private var last = -1

    init(total: Int) {
        self.total = total
        enabled = total >= 30 && isatty(STDERR_FILENO) != 0
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let percent = total > 0 ? done * 100 / total : 100
        guard percent != last else { return }
        last = percent
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(percent)% (\(done)/\(total) frames)".utf8))
    }

    func finish() {
        if enabled && last >= 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
