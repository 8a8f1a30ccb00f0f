import Foundation

/// An exercise: a folder holding goal.md (what to achieve), start.lua (where the learner
/// starts), solution.lua (a reference), check.lua (how a submission is compared) and hints.md
/// (hints, one at a time), and optionally the target's curve as target.csv.
public struct Exercise: Sendable {
    /// The folder's name: `03-ease-out`.
    public var name: String
    public var folder: String
    public var check: ExerciseCheck

    /// The file names an exercise folder holds.
    public enum File {
        public static let goal = "goal.md"
        public static let start = "start.lua"
        public static let solution = "solution.lua"
        public static let check = "check.lua"
        public static let hints = "hints.md"
    }

    /// Reads the exercise in `folder`; throws naming the file that is missing or wrong.
    public init(folder: String) throws(ExerciseError) {
        let folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        self.folder = folder
        name = URL(fileURLWithPath: folder).lastPathComponent
        for file in [File.goal, File.start, File.check] where !FileManager.default.fileExists(atPath: folder + "/" + file) {
            throw ExerciseError("\(folder) is not an exercise: it has no \(file)")
        }
        check = try ExerciseCheck.load(path: folder + "/" + File.check)
        if check.targetCSV == nil, !FileManager.default.fileExists(atPath: folder + "/" + File.solution) {
            throw ExerciseError("\(folder) has neither a solution.lua nor a 'target' CSV named in check.lua")
        }
    }

    public var startPath: String { folder + "/" + File.start }
    public var solutionPath: String { folder + "/" + File.solution }

    /// What to achieve: goal.md's text, trimmed.
    public var goal: String {
        read(File.goal)
    }

    /// The hints: hints.md's paragraphs (or its `- ` list items), in order.
    public var hints: [String] {
        let text = read(File.hints)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.contains(where: { $0.hasPrefix("- ") }) {
            var items: [String] = []
            for line in lines {
                if line.hasPrefix("- ") {
                    items.append(String(line.dropFirst(2)))
                } else if !line.trimmingCharacters(in: .whitespaces).isEmpty, let last = items.indices.last {
                    items[last] += " " + line.trimmingCharacters(in: .whitespaces)
                }
            }
            return items
        }
        return text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    private func read(_ file: String) -> String {
        let data = FileManager.default.contents(atPath: folder + "/" + file) ?? Data()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The exercises in `folder`: its subfolders holding a check.lua, by name.
    public static func names(in folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.filter { FileManager.default.fileExists(atPath: folder + "/" + $0 + "/" + File.check) }.sorted()
    }
}
