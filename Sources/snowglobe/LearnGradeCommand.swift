import ArgumentParser
import Foundation
import Learn

/// `snowglobe learn grade EXERCISE DIR`: checks every .lua file in a folder, one per student,
/// each in a process of its own, and prints a table (or JSON) in the files' order.
struct LearnGradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Check a folder of submissions against an exercise and print a table.",
        discussion: """
            Each .lua file directly in DIR is one submission, checked as `learn check` checks one: \
            sandboxed, limited, in a process of its own, so that a crash or a hang is that \
            submission's error. The same files give the same table. Exits 0 when every submission \
            was checked (whatever the verdicts), 2 when the exercise or the folder is wrong.
            """
    )

    @Argument(help: "The exercise: a name from `snowglobe learn list`, its number, or a folder.")
    var exercise: String

    @Argument(help: "The folder of submissions (.lua files).")
    var folder: String

    @Flag(help: "Print a JSON array of reports: exercise, file, verdict, maxError, findings.")
    var json = false

    @Option(parsing: .unconditional, help: "How many submissions to check at once.")
    var jobs: Int = 1

    @OptionGroup var limits: LearnLimits

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 64, got \(jobs)") }
    }

    func run() throws {
        let exercise = try LearnRun.exercise(self.exercise)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            standardError("snowglobe: cannot open \(folder) (no such folder)")
            throw ExitCode(2)
        }
        let files = Grader.submissions(in: folder)
        guard !files.isEmpty else {
            standardError("snowglobe: \(folder) has no .lua files to grade")
            throw ExitCode(2)
        }
        let checker = ExerciseChecker(exercise: exercise, libraryPath: ResourceFolders.locate().scripts, budget: limits.budget)
        let isolated = LearnRun.isolated(limits, target: try LearnRun.checkTarget(checker))
        defer { isolated.removeTarget() }
        let reports = Grader(isolated: isolated, jobs: jobs).grade(exercise: exercise, folder: folder, files: files)
        if json {
            print("[\n" + reports.map { "  " + $0.json }.joined(separator: ",\n") + "\n]")
        } else {
            print(GradeTable.text(reports))
        }
    }
}
