import Foundation
import Learn
import LuaBridge
import TestSupport

/// The project's exercises and the known submissions the tests check against them.
enum ExerciseFolders {
    static let root = Project.root + "/exercises"
    static let submissions = Project.root + "/Tests/LearnTests/Submissions"

    static var names: [String] { Exercise.names(in: root) }

    /// A checker for the exercise `name`, with the project's Scripts library and a test budget.
    static func checker(_ name: String) throws -> ExerciseChecker {
        ExerciseChecker(exercise: try Exercise(folder: root + "/" + name), libraryPath: Project.scripts,
                        budget: LuaBudget(timeLimit: 2, memoryLimit: 256 << 20))
    }

    /// A known submission: the exercise it is for, its file, and what its first line says a
    /// check must find (`-- expect: pass` or `-- expect: fail code code …`).
    struct Submission: CustomStringConvertible, Sendable {
        let exercise: String
        let path: String
        let verdict: CheckReport.Verdict
        let codes: [Finding.Code]

        var description: String { exercise + "/" + (path as NSString).lastPathComponent }
    }

    static var allSubmissions: [Submission] {
        names.flatMap { name -> [Submission] in
            let folder = submissions + "/" + name
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".lua") }.sorted()
            return files.compactMap { file in
                let path = folder + "/" + file
                guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                      let first = text.split(separator: "\n").first, first.hasPrefix("-- expect: ") else { return nil }
                let words = first.dropFirst("-- expect: ".count).split(separator: " ").map(String.init)
                guard let verdict = words.first.flatMap(CheckReport.Verdict.init(rawValue:)) else { return nil }
                return Submission(exercise: name, path: path, verdict: verdict,
                                  codes: words.dropFirst().compactMap(Finding.Code.init(rawValue:)))
            }
        }
    }
}
