import ArgumentParser
import Foundation
import LayerKit
import LuaHost

/// `snowglobe check SCRIPT`: runs a script headless on virtual time, exactly as the window would
/// (timers, display links, completions, tasks), without drawing; prints what it prints and every
/// error; exits 1 if there was one.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run a script headless for a while and report its errors.",
        discussion: "Exits 0 when the script ran without an error, 1 otherwise. The same seed gives the same output."
    )

    @Argument(help: "The Lua script to run.")
    var script: String

    @Option(help: "Seconds of virtual time to run.")
    var duration: Double = 5

    @Option(help: "Frames per second.")
    var fps: Double = 60

    @Option(help: "Seed for math.random and every seeded generator.")
    var seed: UInt64 = 0

    @OptionGroup var limits: BudgetOptions

    @Option(help: "The scene's size, WxH.")
    var size: SceneSize = SceneSize(width: 800, height: 600)

    @OptionGroup var input: ScriptedInput

    func validate() throws {
        guard duration.isFinite, duration >= 0, duration <= 86_400 else {
            throw ValidationError("--duration must be between 0 and 86400 seconds")
        }
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be between 1 and 1000") }
    }

    func run() throws {
        let host: ScriptHost
        do { host = try ScriptLauncher.start(script, seed: seed, size: size, fps: fps, budget: limits.budget) } catch { throw ExitCode(1) }
        defer { host.close() }
        var schedule = InputSchedule(input)
        schedule.deliver(until: 0, to: host)
        let frames = Int((duration * fps).rounded())
        if frames > 0 {
            for frame in 1...frames {
                let time = Double(frame) / fps
                schedule.deliver(until: time, to: host)
                host.scene.step(to: time)
            }
        }
        if !host.errors.isEmpty { throw ExitCode(1) }
    }
}
