import ArgumentParser
import Foundation
import LayerKit
import LuaHost
import Render

/// `snowglobe render SCRIPT --out FILE|DIR`: runs a script headless on virtual time and writes
/// what it shows: one PNG, a numbered PNG sequence, or an animated GIF. Same inputs, same bytes.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a script headless to PNG or GIF.",
        discussion: """
            --out decides the output: a .png file is one frame (at --at, default 0); a .gif file \
            an animated GIF; a path with %04d (or %d) a numbered sequence; anything else a folder \
            of frame_0000.png, frame_0001.png, … Runs without a display or GPU.
            """
    )

    @Argument(help: "The Lua script to run.")
    var script: String

    @Option(help: "Where to write: FILE.png, FILE.gif, a %04d pattern or a folder.")
    var out: String

    @Option(help: "How many frames (default: 1 for a .png, else the duration's worth).")
    var frames: Int?

    @Option(help: "Seconds to render (default 3; ignored with --frames).")
    var duration: Double?

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(help: "The image size, WxH.")
    var size: SceneSize = SceneSize(width: 800, height: 600)

    @Option(help: "Seed for math.random and every seeded generator.")
    var seed: UInt64 = 0

    @OptionGroup var limits: BudgetOptions

    @Option(help: "The time of the first frame, in seconds.")
    var at: Double = 0

    @OptionGroup var input: ScriptedInput

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
        if let frames, !(1...100_000).contains(frames) { throw ValidationError("--frames must be between 1 and 100000") }
        if let duration, !(duration.isFinite && duration > 0 && duration <= 3600) {
            throw ValidationError("--duration must be more than 0 and at most 3600 seconds")
        }
        guard at.isFinite, at >= 0, at <= 86_400 else { throw ValidationError("--at must be between 0 and 86400 seconds") }
        if frames != nil && duration != nil { throw ValidationError("give --frames or --duration, not both") }
    }

    func run() throws {
        let output = RenderOutput(path: out)
        let host: ScriptHost
        do { host = try ScriptLauncher.start(script, seed: seed, size: size, fps: fps, budget: limits.budget) } catch { throw ExitCode(1) }
        defer { host.close() }

        let count = output.isSingleFrame ? 1 : (frames ?? Int(((duration ?? 3) * fps).rounded()))
        let settings = RenderSettings(width: Int(size.width), height: Int(size.height), fps: fps,
                                      frameCount: max(count, 1), startTime: at, background: .black)
        let progress = ProgressBar(total: settings.frameCount)
        do {
            var schedule = InputSchedule(input)
            schedule.deliver(until: 0, to: host)
            try HeadlessRenderer().render(host.scene, settings: settings, to: output,
                                          progress: { done, _ in progress.update(done) },
                                          beforeFrame: { time in schedule.deliver(until: time, to: host) })
        } catch {
            progress.finish()
            FileHandle.standardError.write(Data("snowglobe: \(error)\n".utf8))
            throw ExitCode(1)
        }
        progress.finish()
        if !host.errors.isEmpty { throw ExitCode(1) }
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
