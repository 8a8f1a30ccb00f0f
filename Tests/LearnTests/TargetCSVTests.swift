import Foundation
import Learn
import LuaBridge
import Testing
import TestSupport

/// An exercise whose target is a curve in a CSV file (as `snowglobe plot --csv` writes it), so
/// that the answer stays out of sight.
struct TargetCSVTests {
    /// An exercise: the box of 01-stay-put, its target the straight ramp from 100 to 500 in 2 s.
    static func exercise(_ folder: TemporaryFolder, csv: String) throws -> ExerciseChecker {
        let stayPut = ExerciseFolders.root + "/01-stay-put"
        for file in ["goal.md", "start.lua", "hints.md"] {
            try folder.write(file, try String(contentsOfFile: stayPut + "/" + file, encoding: .utf8))
        }
        try folder.write("check.lua", """
            return { layer = "box", keyPaths = { "position.x" }, from = 0, to = 3, target = "target.csv" }
            """)
        try folder.write("target.csv", csv)
        return ExerciseChecker(exercise: try Exercise(folder: folder.path), libraryPath: Project.scripts,
                               budget: LuaBudget(timeLimit: 2, memoryLimit: 64 << 20))
    }

    static let ramp = "time,value\n" + stride(from: 0.0, through: 3.0, by: 0.05).map { time in
        "\(time),\(100 + 400 * min(time / 2, 1))"
    }.joined(separator: "\n") + "\n"

    @Test func aSubmissionIsComparedWithTheCurveInTheFile() throws {
        let folder = try TemporaryFolder()
        let checker = try Self.exercise(folder, csv: Self.ramp)
        let solution = ExerciseFolders.root + "/01-stay-put/solution.lua"
        #expect(try checker.check(submission: solution).verdict == .pass)
        let start = try checker.check(submission: checker.exercise.startPath)
        #expect(start.verdict == .fail)
        #expect(start.findings.map(\.code) == [.snapsBack])
    }

    @Test(arguments: [
        ("", "the first line must be 'time,' and the components (as snowglobe plot --csv writes)"),
        ("time,value\n0,1\n0.5\n", "target.csv:3: expected 2 numbers"),
        ("time,value\n", "no samples"),
    ])
    func aBrokenCSVIsTheExercisesError(csv: String, message: String) throws {
        let folder = try TemporaryFolder()
        let checker = try Self.exercise(folder, csv: csv)
        #expect(throws: ExerciseError(csv.isEmpty || csv == "time,value\n"
                                      ? folder.path + "/target.csv: " + message : folder.path + "/" + message)) {
            try checker.target()
        }
    }
}
