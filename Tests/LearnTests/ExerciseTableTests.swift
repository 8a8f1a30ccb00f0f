import Foundation
import Learn
import Testing

/// Every exercise as a learner meets it: its solution passes, its start fails, and known
/// submissions fail with the finding they were written to show (or pass, written another way).
struct ExerciseTableTests {
    @Test func thereIsAnExerciseForEachLesson() {
        let numbers = Set(ExerciseFolders.names.compactMap { Int($0.prefix(2)) })
        #expect(numbers.isSuperset(of: Set(1...15)), "exercises: \(ExerciseFolders.names)")
    }

    @Test(arguments: ExerciseFolders.names)
    func solutionPasses(name: String) throws {
        let checker = try ExerciseFolders.checker(name)
        let report = try checker.check(submission: checker.exercise.solutionPath)
        #expect(report.verdict == .pass, "\(report.text(tolerance: nil))")
        #expect(report.maxError == 0)
    }

    @Test(arguments: ExerciseFolders.names)
    func startFailsWithAFinding(name: String) throws {
        let checker = try ExerciseFolders.checker(name)
        let report = try checker.check(submission: checker.exercise.startPath)
        #expect(report.verdict == .fail)
        #expect(report.findings.contains { $0.code != .different },
                "start.lua should fail for a reason with a name: \(report.text(tolerance: nil))")
    }

    @Test(arguments: ExerciseFolders.names)
    func exerciseHasThreeWrongSubmissions(name: String) {
        let wrong = ExerciseFolders.allSubmissions.filter { $0.exercise == name && $0.verdict == .fail }
        #expect(wrong.count >= 3)
    }

    @Test(arguments: ExerciseFolders.allSubmissions)
    func knownSubmissionGetsItsVerdictAndFindings(submission: ExerciseFolders.Submission) throws {
        let report = try ExerciseFolders.checker(submission.exercise).check(submission: submission.path)
        #expect(report.verdict == submission.verdict, "\(report.text(tolerance: nil))")
        let codes = Set(report.findings.map(\.code))
        for code in submission.codes {
            #expect(codes.contains(code), "expected \(code.rawValue): \(report.text(tolerance: nil))")
        }
    }

    @Test(arguments: ExerciseFolders.names)
    func exerciseHasGoalAndHints(name: String) throws {
        let exercise = try ExerciseFolders.checker(name).exercise
        #expect(!exercise.goal.isEmpty)
        #expect(exercise.hints.count >= 2)
    }
}
