import ArgumentParser
import Foundation
import LayerKit
import LuaHost
import Playback

/// `snowglobe check SCRIPT`: runs a script headless on the tick clock, exactly as the window
/// would (timers, display links, completions, tasks), without drawing; prints what it prints
/// and every error, then its warnings (what Core Animation would quietly ignore); exits 1 if
/// there was an error.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run a script headless for a while and report its errors.",
        discussion: "Exits 0 when the script ran without an error, 1 otherwise. Warnings (keyTimes Core Animation would ignore …) go to standard error after the run. The same seed gives the same output."
    )

    @Argument(help: "The Lua script to run.")
    var script: String

    @Option(parsing: .unconditional, help: "Seconds of media time to run.")
    var duration: Double = 5

    @Option(help: "Seed for math.random and every seeded generator.")
    var seed: UInt64 = 0

    @OptionGroup var limits: BudgetOptions

    @Option(help: "The scene's size, WxH.")
    var size: SceneSize = SceneSize(width: 800, height: 600)

    @OptionGroup var input: ScriptedInput

    func validate() throws {
        try TimeArgument.check(duration, "--duration")
    }

    func run() throws {
        let runner: SceneRunner
        do { runner = try ScriptLauncher.start(script, seed: seed, size: size, budget: limits.budget) } catch { throw ExitCode(1) }
        defer { runner.close() }
        runner.advance(to: Tick.index(atOrBefore: duration), log: input.log)
        for warning in runner.host.warnings { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        if !runner.host.errors.isEmpty { throw ExitCode(1) }
    }
}
