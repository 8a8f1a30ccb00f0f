import Foundation
import Learn

/// One learner at work on an exercise: shows the goal and the copy's path, opens the viewer on
/// the copy, and checks it on every save until it passes.
struct LearnSession {
    let limits: LearnLimits
    let showsWindow: Bool

    /// How often the copy is looked at for a save, in seconds.
    static let pollInterval = 0.25

    /// Works on `exercise` through the learner's `copy`; returns the first passing report (or,
    /// with `once`, the first report).
    func work(on exercise: Exercise, copy: String, once: Bool) -> CheckReport {
        let names = ExerciseChoice.names
        let position = names.firstIndex(of: exercise.name).map { "Exercise \($0 + 1) of \(names.count): " } ?? ""
        print("\(position)\(exercise.name)\n\n\(exercise.goal)\n")
        print("Your copy: \(copy)")
        print(once ? "" : "Edit it and save: it is checked every time. `snowglobe learn hint` gives a hint.\n")
        let viewer = showsWindow && !once ? ViewerChild(script: copy) : nil
        defer { viewer?.stop() }
        let isolated = LearnRun.isolated(limits)
        var lastStamp: FileStamp?
        while true {
            let stamp = FileStamp(copy)
            if stamp != lastStamp {
                lastStamp = stamp
                let report = isolated.run(exercise: exercise, submission: copy, file: (copy as NSString).lastPathComponent)
                print(report.text(tolerance: exercise.check.tolerance))
                fflush(nil)
                if report.verdict == .pass || once { return report }
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }
}

/// A file's modification time and size: a save changes it.
struct FileStamp: Equatable {
    let modified: Date?
    let size: Int?

    init(_ path: String) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        modified = attributes?[.modificationDate] as? Date
        size = (attributes?[.size] as? NSNumber)?.intValue
    }
}

/// `snowglobe view SCRIPT` in a child process, in the terminal's process group (so that Ctrl-C
/// ends it too); the viewer reloads the script on every save itself.
final class ViewerChild {
    private var pid: pid_t = 0

    init?(script: String) {
        let words: [String] = [ResourceFolders.executablePath, "view", script]
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, ResourceFolders.executablePath, nil, nil, argv, environ) == 0 else { return nil }
    }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
    }
}
