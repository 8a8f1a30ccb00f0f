import ArgumentParser
import Foundation
import Learn

/// `snowglobe learn list`: the exercises, in order, each marked passed or not, with its goal's
/// first sentence.
struct LearnListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the exercises and which are done."
    )

    func run() throws {
        let names = ExerciseChoice.names
        guard let folder = ExerciseChoice.folder, !names.isEmpty else {
            standardError("snowglobe: no exercises were found (looked for exercises/ beside the Scripts library)")
            throw ExitCode(2)
        }
        let progress = LearnProgress.load(path: LearnProgress.defaultPath())
        let width = names.map(\.count).max() ?? 0
        for name in names {
            let mark = progress.hasPassed(name) ? "✓" : " "
            let goal = (try? Exercise(folder: folder + "/" + name)).map { Self.firstSentence($0.goal) } ?? "(cannot be read)"
            print("\(mark) \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(goal)")
        }
        let done = names.filter(progress.hasPassed).count
        print("\(done) of \(names.count) done")
    }

    /// The text up to its first full stop, on one line.
    static func firstSentence(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        if let stop = line.range(of: ". ") { return String(line[..<stop.lowerBound]) + "." }
        return line
    }
}

/// `snowglobe learn hint [NAME]`: the next hint of the current (or named) exercise, one more
/// each time it is asked.
struct LearnHintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint",
        abstract: "Show the next hint of the current exercise (one more each time)."
    )

    @Argument(help: "The exercise (default: the first not yet passed).")
    var exercise: String?

    func run() throws {
        let path = LearnProgress.defaultPath()
        var progress = LearnProgress.load(path: path)
        guard let exercise = try LearnOpenCommand.current(named: exercise, progress: progress) else {
            print("Every exercise is done: there is nothing to hint at.")
            return
        }
        let hints = exercise.hints
        guard !hints.isEmpty else {
            print("\(exercise.name) has no hints.")
            return
        }
        let shown = min(progress.hintsShown[exercise.name] ?? 0, hints.count - 1)
        print("Hint \(shown + 1) of \(hints.count) for \(exercise.name): \(hints[shown])")
        progress.hintsShown[exercise.name] = shown + 1
        try? progress.save(path: path)
    }
}

/// `snowglobe learn reset NAME|--all`: forgets that an exercise (or every one) was passed, and
/// its hints; the learner's copy is left as it is.
struct LearnResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Forget an exercise's progress (or --all); your copies are kept."
    )

    @Argument(help: "The exercise to reset.")
    var exercise: String?

    @Flag(help: "Reset every exercise.")
    var all = false

    func validate() throws {
        if all == (exercise != nil) { throw ValidationError("give an exercise's name or --all (one of them)") }
    }

    func run() throws {
        let path = LearnProgress.defaultPath()
        var progress = LearnProgress.load(path: path)
        if all {
            progress = LearnProgress()
            print("Progress reset: every exercise is to do again.")
        } else if let exercise {
            let name = try LearnRun.exercise(exercise).name
            progress.reset(name)
            print("\(name) is to do again.")
        }
        do {
            try progress.save(path: path)
        } catch {
            standardError("snowglobe: cannot write \(path) (\(error.localizedDescription))")
            throw ExitCode(1)
        }
    }
}
