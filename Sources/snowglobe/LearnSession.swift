import Export
import Foundation
import Learn

/// One learner at work on an exercise: shows the goal and the copy's path, opens the viewer on
/// the copy with the goal and the last check along its top, and checks the copy on every save
/// until it passes.
struct LearnSession {
    let limits: LearnLimits
    let showsWindow: Bool

    /// How often the copy is looked at for a save, in seconds.
    static let pollInterval = 0.25

    /// How a piece of work ended.
    enum Outcome {
        /// It passed, and the learner asked for the next exercise (Enter, or PageDown in the window).
        case next
        /// It passed with `once`, or stdin closed after a pass.
        case passed
        /// It did not pass (with `once`): the report.
        case notPassed(CheckReport)
    }

    /// Works on `exercise` through the learner's `copy` until it passes and the learner moves
    /// on (or, with `once`, checks once).
    func work(on exercise: Exercise, copy: String, once: Bool) -> Outcome {
        let names = ExerciseChoice.names
        let position = names.firstIndex(of: exercise.name).map { "exercise \($0 + 1) of \(names.count)" } ?? "exercise"
        print("\(exercise.name) (\(position))\n\n\(exercise.goal)\n")
        print("Your copy: \(copy)")
        print(once ? "" : "Edit it and save: it is checked every time. `snowglobe learn hint` gives a hint.\n")
        let caption = CaptionWriter(exercise: exercise, position: position)
        defer { caption.remove() }
        caption.write(status: ["checking…"])
        let ghost = exercise.check.targetCSV == nil ? exercise.solutionPath : nil
        let viewer = showsWindow && !once ? ViewerChild(script: copy, caption: caption.path, ghost: ghost) : nil
        defer { viewer?.stop() }
        let target = try? ExerciseChecker(exercise: exercise, libraryPath: ResourceFolders.locate().scripts,
                                          budget: limits.budget).target()
        let isolated = LearnRun.isolated(limits, target: target)
        defer { isolated.removeTarget() }
        var lastStamp: FileStamp?
        while true {
            let stamp = FileStamp(copy)
            if stamp != lastStamp {
                lastStamp = stamp
                let file = (copy as NSString).lastPathComponent
                let curves = NSTemporaryDirectory() + "snowglobe-learn-curves-\(getpid()).json"
                let report = isolated.run(exercise: exercise, submission: copy, file: file, curves: curves)
                print(report.text(tolerance: exercise.check.tolerance))
                // After a fail, the window shows the two curves beside the findings.
                let own = report.verdict == .fail ? IsolatedCheck.readCurves(curves) : nil
                unlink(curves)
                caption.writeChart(own.flatMap { own in
                    target.map { LearnChart.chart(exercise: exercise, target: $0, own: own, file: file) }
                })
                caption.write(status: caption.lines(for: report))
                fflush(nil)
                if once { return report.verdict == .pass ? .passed : .notPassed(report) }
                if report.verdict == .pass {
                    print("\nPassed! Press Enter (or PageDown in the window) for the next exercise, or Ctrl-C to stop here.")
                    fflush(nil)
                    return waitForNext(viewer: viewer)
                }
            }
            if viewer?.exitedForNext() == true { continue }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    /// Waits for Enter on standard input or PageDown in the window.
    private func waitForNext(viewer: ViewerChild?) -> Outcome {
        while true {
            if viewer?.exitedForNext() == true { return .next }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 250) > 0 {
                return readLine() == nil ? .passed : .next
            }
        }
    }
}

/// The text the window shows along its top: the last check, then the goal; written to a file
/// of its own that the viewer reads whenever it changes.
struct CaptionWriter {
    let exercise: Exercise
    let position: String
    let path = NSTemporaryDirectory() + "snowglobe-learn-caption-\(getpid())-\(UUID().uuidString).txt"

    /// The check in a few lines: the verdict, then one line per finding.
    func lines(for report: CheckReport) -> [String] {
        let tolerance = exercise.check.tolerance
        switch report.verdict {
        case .pass:
            return ["pass ✓ — PageDown here (or Enter in the terminal): the next exercise"]
        case .fail:
            return ["fail — \(report.maxErrorText) off the target (\(CheckReport.percent(tolerance)) passes)"]
                + report.findings.map { "• " + $0.message }
        case .error:
            return ["error — the script stopped:"] + report.findings.map { "• " + $0.message }
        }
    }

    func write(status: [String]) {
        let text = (status + ["", "\(exercise.name) (\(position)): \(exercise.goal)"]).joined(separator: "\n")
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Where the chart of the last check's curves goes, which the viewer shows under the caption.
    var chartPath: String { path + ".png" }

    /// Writes `chart` for the window (nil: removes the last one).
    func writeChart(_ chart: Chart?) {
        guard let chart else {
            unlink(chartPath)
            return
        }
        try? LearnChart.write(chart, to: chartPath, width: CaptionWriter.chartSize.width,
                              height: CaptionWriter.chartSize.height)
    }

    /// The chart's size in the window: small beside the scene, its text still readable.
    static let chartSize = (width: 480, height: 270)

    func remove() {
        unlink(path)
        unlink(chartPath)
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
/// ends it too), with the learn caption along its top and the target as a ghost; the viewer reloads the script on every
/// save itself.
final class ViewerChild {
    private var pid: pid_t = 0

    /// Opens `script` (nil: the built-in example) with the caption file and the ghost.
    init?(script: String?, caption: String, ghost: String?) {
        let words: [String] = [ResourceFolders.executablePath, "view"] + (script.map { [$0] } ?? []) + ["--caption-file", caption]
            + (ghost.map { ["--ghost", $0] } ?? [])
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, ResourceFolders.executablePath, nil, nil, argv, environ) == 0 else { return nil }
    }

    /// Whether the window has closed with PageDown (once it has closed, it is no longer asked).
    func exitedForNext() -> Bool {
        guard pid > 0 else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        pid = 0
        return status & 0x7f == 0 && (status >> 8) & 0xff == ViewCommand.nextExerciseStatus
    }

    /// Whether the window is still open.
    var isRunning: Bool {
        guard pid > 0 else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        pid = 0
        return false
    }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
    }
}
