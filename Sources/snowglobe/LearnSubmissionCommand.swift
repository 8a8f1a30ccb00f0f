import ArgumentParser
import Foundation
import Learn
import LuaBridge

/// The hidden `learn run-submission`: what `learn check` and `learn grade` run in a process of
/// their own for each submission. It limits itself (processor time, address space, file size),
/// moves into the submission's folder, checks it and prints the report as JSON.
struct LearnSubmissionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run-submission",
        abstract: "Check one submission in this process, limited; print JSON (used by check and grade).",
        shouldDisplay: false
    )

    @Argument var exerciseFolder: String
    @Argument var submission: String
    @Option var file: String
    @Option(parsing: .unconditional) var timeLimit: Double = 1
    @Option(parsing: .unconditional) var memoryLimit: Int = 128
    @Option var library: String?
    /// Where to write the submission's sampled curves (JSON), for a chart.
    @Option var curves: String?
    /// The target's curves, recorded once by the process that asked (JSON); else the solution runs here.
    @Option var target: String?

    func run() throws {
        let failed = SubmissionLimits().apply()
        let exerciseName = URL(fileURLWithPath: exerciseFolder).lastPathComponent
        guard failed.isEmpty else {
            print(CheckReport.error(exercise: exerciseName, file: file, .scriptError,
                                    "could not limit the check's \(failed.joined(separator: ", "))").json)
            return
        }
        let folder = URL(fileURLWithPath: submission).deletingLastPathComponent().path
        guard FileManager.default.changeCurrentDirectoryPath(folder) else {
            print(CheckReport.error(exercise: exerciseName, file: file, .scriptError, "cannot enter \(folder)").json)
            return
        }
        let report: CheckReport
        do {
            let exercise = try Exercise(folder: exerciseFolder)
            let budget = LuaBudget(timeLimit: timeLimit, memoryLimit: memoryLimit << 20)
            var checker = ExerciseChecker(exercise: exercise, libraryPath: library, budget: budget)
            checker.knownTarget = target.flatMap(IsolatedCheck.readCurves).map(Behaviour.init(curves:))
            // Run from its own folder by its name, so that its messages say "name.lua:3:".
            let name = URL(fileURLWithPath: submission).lastPathComponent
            let checked = try checker.checkRecording(submission: name, file: file)
            report = checked.report
            if let curves, let data = try? JSONEncoder().encode(checked.behaviour.curves) {
                try? data.write(to: URL(fileURLWithPath: curves))
            }
        } catch {
            report = .error(exercise: exerciseName, file: file, .scriptError, error.message)
        }
        print(report.json)
    }
}
