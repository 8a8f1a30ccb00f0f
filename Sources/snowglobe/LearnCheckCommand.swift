import ArgumentParser
import Foundation
import Learn

/// `snowglobe learn check EXERCISE SUBMISSION.lua`: checks one submission, in a process of its
/// own, and says pass or fail with one line per finding; exits 0 pass, 1 fail, 2 error.
struct LearnCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check one submission against an exercise (exit 0 pass, 1 fail, 2 error).",
        discussion: """
            The submission is untrusted: it runs sandboxed (no io, no os.execute, require only from \
            its own folder and the Scripts library) in a process of its own with limits on time and \
            memory. EXERCISE is a name from `snowglobe learn list`, its number, or an exercise's folder.
            """
    )

    @Argument(help: "The exercise: a name from `snowglobe learn list`, its number, or a folder.")
    var exercise: String

    @Argument(help: "The submission, a Lua script.")
    var submission: String

    @Flag(help: "Print the report as JSON: exercise, file, verdict, maxError, findings.")
    var json = false

    @Option(help: "Also chart the submission's curves against the target's: FILE.svg or FILE.png.")
    var chart: String?

    @OptionGroup var limits: LearnLimits

    func validate() throws {
        if let chart, !(chart.lowercased().hasSuffix(".svg") || chart.lowercased().hasSuffix(".png")) {
            throw ValidationError("--chart must name a .svg or .png file, got '\(chart)'")
        }
    }

    func run() throws {
        let exercise = try LearnRun.exercise(self.exercise)
        try LearnRun.requireReadable(submission)
        let checker = ExerciseChecker(exercise: exercise, libraryPath: ResourceFolders.locate().scripts, budget: limits.budget)
        let target = try LearnRun.checkTarget(checker)
        let curves = chart.map { _ in NSTemporaryDirectory() + "snowglobe-learn-curves-\(getpid()).json" }
        defer { if let curves { unlink(curves) } }
        let isolated = LearnRun.isolated(limits, target: target)
        defer { isolated.removeTarget() }
        let report = isolated.run(exercise: exercise, submission: submission, file: submission, curves: curves)
        print(json ? report.json : report.text(tolerance: exercise.check.tolerance))
        if let chart, let curves {
            guard let own = IsolatedCheck.readCurves(curves) else {
                standardError("snowglobe: no chart: the submission stopped before it was sampled")
                throw ExitCode(report.exitStatus)
            }
            do {
                try LearnChart.write(LearnChart.chart(exercise: exercise, target: target, own: own, file: submission), to: chart)
            } catch {
                standardError("snowglobe: \(error)")
                throw ExitCode(2)
            }
        }
        throw ExitCode(report.exitStatus)
    }
}

/// What the learn commands share: finding the exercise, checking its target, the isolated run.
enum LearnRun {
    /// The exercise `text` names; a message and exit 2 otherwise.
    static func exercise(_ text: String) throws -> Exercise {
        do {
            return try ExerciseChoice.exercise(text)
        } catch let error as ValidationError {
            standardError("snowglobe: \(error.message)")
            throw ExitCode(2)
        }
    }

    /// Returns when `path` is a readable file; a message and exit 2 otherwise.
    static func requireReadable(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              FileManager.default.isReadableFile(atPath: path) else {
            standardError("snowglobe: cannot open \(path) (\(isFolder.boolValue ? "a folder, not a script" : "no such file, or not readable"))")
            throw ExitCode(2)
        }
    }

    /// Runs the exercise's target once, so that a broken exercise is the teacher's error (exit 2)
    /// before any submission runs; returns its behaviour.
    @discardableResult
    static func checkTarget(_ checker: ExerciseChecker) throws -> Behaviour {
        do {
            return try checker.target()
        } catch {
            standardError("snowglobe: exercise \(checker.exercise.name): \(error.message)")
            throw ExitCode(2)
        }
    }

    /// Checks in a process of its own under `limits`, given the `target` recorded here (written
    /// to a file that `removeTarget()` removes).
    static func isolated(_ limits: LearnLimits, target: Behaviour?) -> IsolatedCheck {
        var isolated = IsolatedCheck(executable: ResourceFolders.executablePath, arguments: limits.submissionArguments,
                                     wallSeconds: limits.wallLimit)
        isolated.targetFile = target.flatMap(IsolatedCheck.writeTarget)
        return isolated
    }
}
