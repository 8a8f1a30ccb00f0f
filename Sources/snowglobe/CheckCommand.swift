import ArgumentParser
import Foundation
import LayerKit
import LuaHost
import Playback

/// `snowglobe check SCRIPT`: runs a script headless on the tick clock, exactly as the window
/// would (timers, display links, completions, tasks), without drawing; prints what it prints
/// and every error, and warns of assignments to undeclared globals and of what Core Animation
/// would quietly ignore (keyTimes that break its rules); exits 1 if there was an error, else
/// says on standard error what it ran.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run a script headless for a while and report its errors.",
        discussion: """
            Exits 0 when the script ran without an error (saying on standard error what ran), 1 otherwise. \
            Warns of an assignment that makes a new global (usually a misspelt local; declare a global \
            on purpose with rawset(_G, "name", value)) and of keyTimes Core Animation would ignore. \
            The same seed gives the same output.
            """
    )

    @OptionGroup var choice: ScriptChoice

    @Option(parsing: .unconditional, help: "Seconds of media time to run.")
    var duration: Double = 5

    @OptionGroup var seed: SeedOption

    @OptionGroup var limits: BudgetOptions

    @Option(parsing: .unconditional, help: "The scene's size, WxH.")
    var size: SceneSize = SceneSize(width: 800, height: 600)

    @OptionGroup var input: ScriptedInput

    func validate() throws {
        try choice.requireOne()
        try TimeArgument.check(duration, "--duration")
        try size.check("--size")
    }

    func run() throws {
        let runner: SceneRunner
        do {
            runner = try ScriptLauncher.start(choice, seed: seed.value, size: size, budget: limits.budget, warnsOfGlobals: true)
        } catch {
            throw ExitCode(1)
        }
        defer { runner.close() }
        let ticks = Tick.index(atOrBefore: duration)
        runner.advance(to: ticks, log: input.log)
        if !runner.host.errors.isEmpty { throw ExitCode(1) }
        standardError(CheckCommand.summary(script: choice.script ?? choice.displayName, seconds: duration, ticks: ticks, host: runner.host))
    }

    /// The line a run without an error ends with: what ran, for how long, and what it left.
    static func summary(script: String, seconds: Double, ticks: Int, host: ScriptHost) -> String {
        var layers = -1
        host.scene.root.forEachInSubtree { _ in layers += 1 }
        let noun = { (count: Int, one: String) in "\(count) \(one)\(count == 1 ? "" : "s")" }
        let warnings = host.warnings.isEmpty ? "" : " (\(noun(host.warnings.count, "warning")))"
        return "snowglobe: \(script) ran \(Tick.text(seconds)) s (\(noun(ticks, "tick"))) without an error\(warnings); "
            + "\(noun(layers, "layer")) in the tree at the end"
    }
}
