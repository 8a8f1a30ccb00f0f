import ArgumentParser
import Foundation
import Learn

/// `snowglobe learn`: opens the first exercise not yet passed (or `--from NAME`): copies its
/// start.lua to the learner's folder (once; their work is never overwritten), prints the goal
/// and the copy's path, opens the copy in the viewer when there is a display, and checks it
/// again every time it is saved. After a pass, Enter moves on to the next exercise.
struct LearnOpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the next exercise: edit your copy; it is checked on every save."
    )

    @Option(help: "Start at this exercise (a name from `snowglobe learn list`, or its number).")
    var from: String?

    @Option(help: "The folder for your copies of the exercises (default $XDG_DATA_HOME/snowglobe/learn).")
    var dir: String?

    @Flag(inversion: .prefixedNo, help: "Open the copy in the viewer (default: when there is a display).")
    var window: Bool?

    @Flag(help: "Check the copy once and exit (0 pass, 1 fail) instead of watching it.")
    var once = false

    @OptionGroup var limits: LearnLimits

    /// The exercise `name` names, else the first not passed; nil when all are done.
    static func current(named name: String?, progress: LearnProgress) throws -> Exercise? {
        if let name { return try LearnRun.exercise(name) }
        guard let folder = ExerciseChoice.folder else {
            standardError("snowglobe: no exercises were found (looked for exercises/ beside the Scripts library)")
            throw ExitCode(2)
        }
        guard let next = ExerciseChoice.names.first(where: { !progress.hasPassed($0) }) else { return nil }
        return try LearnRun.exercise(folder + "/" + next)
    }

    var learnerFolder: String {
        dir ?? XDGFolder.data.path(environment: ProcessInfo.processInfo.environment) + "/snowglobe/learn"
    }

    func run() throws {
        let progressPath = LearnProgress.defaultPath()
        var progress = LearnProgress.load(path: progressPath)
        var exercise = try Self.current(named: from, progress: progress)
        let session = LearnSession(limits: limits, showsWindow: window ?? Self.hasDisplay)
        while let current = exercise {
            let copy = try copyStart(of: current)
            switch session.work(on: current, copy: copy, once: once) {
            case .notPassed(let report):
                throw ExitCode(report.exitStatus)
            case .passed:
                progress.markPassed(current.name)
                try? progress.save(path: progressPath)
                return
            case .next:
                progress.markPassed(current.name)
                try? progress.save(path: progressPath)
            }
            let names = ExerciseChoice.names
            let later = names.drop { $0 != current.name }.dropFirst()
            guard let nextName = later.first(where: { !progress.hasPassed($0) }) ?? names.first(where: { !progress.hasPassed($0) }),
                  let folder = ExerciseChoice.folder else {
                exercise = nil
                break
            }
            exercise = try LearnRun.exercise(folder + "/" + nextName)
        }
        let words = Self.lastScreen(count: ExerciseChoice.names.count)
        print("\n" + words)
        fflush(nil)
        if once || !(window ?? Self.hasDisplay) { return }
        // The last screen in the window too: the snowfall, and the same words along the top.
        let caption = NSTemporaryDirectory() + "snowglobe-learn-done-\(getpid()).txt"
        let lines = words.split(separator: "\n").map(String.init)
        let text = "✓ " + (lines.first ?? "") + "\n\n" + lines.dropFirst().joined(separator: " ")
        try? Data(text.utf8).write(to: URL(fileURLWithPath: caption))
        defer { unlink(caption) }
        let viewer = ViewerChild(script: nil, caption: caption, ghost: nil)
        print("Close the window or press Enter to finish.")
        fflush(nil)
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        while viewer?.isRunning == true {
            if poll(&descriptor, 1, 250) > 0 { break }
        }
        viewer?.stop()
    }

    /// The words after the last exercise.
    static func lastScreen(count: Int) -> String {
        """
        ❄ All \(count) exercises are done. ❄
        You have used layers, basic and keyframe animations, springs, groups, transactions,
        implicit animations, layer time, 3D, emitters, replicators, masks, transitions and
        transform layers. `snowglobe learn reset --all` starts again; `snowglobe examples` has more.
        """
    }

    /// The learner's copy of the exercise's start.lua: made from it the first time, kept after.
    func copyStart(of exercise: Exercise) throws -> String {
        let copy = learnerFolder + "/" + exercise.name + ".lua"
        guard !FileManager.default.fileExists(atPath: copy) else { return copy }
        do {
            try FileManager.default.createDirectory(atPath: learnerFolder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: exercise.startPath, toPath: copy)
        } catch {
            standardError("snowglobe: cannot copy the exercise to \(copy) (\(error.localizedDescription)); choose another folder with --dir")
            throw ExitCode(2)
        }
        return copy
    }

    static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }
}
