import Foundation
import LayerKit
import Render
import TestSupport

/// The `snowglobe` viewer running in a real window on its own Xvfb display, driven as a user
/// would: files saved on disk, keys and clicks sent through the X server (xdotool), screenshots
/// taken with F12 and read back as images.
final class ViewerProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    /// The X server the window is on, the test's own.
    private let display: XvfbDisplay
    private let environment: [String: String]
    /// How the search for the window at start went, for failure reports.
    private var windowSearch = ""
    let folder: String

    /// The `snowglobe` binary built beside the test bundle.
    static var binary: String { SnowglobeBinary.path }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts the viewer on `script` (in `folder`) with `arguments`, on a new Xvfb display, and
    /// waits until its window exists.
    init(script: String, folder: String, arguments: [String] = []) throws {
        self.folder = folder
        display = try XvfbDisplay()
        environment = ["DISPLAY": display.name, "PATH": "/usr/bin:/bin"]
        process.executableURL = URL(fileURLWithPath: ViewerProcess.binary)
        process.arguments = [script, "--screenshots", folder, "--quit-after", "300"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var inherited = ProcessInfo.processInfo.environment
        inherited["DISPLAY"] = display.name
        for name in ["XAUTHORITY", "WAYLAND_DISPLAY"] { inherited.removeValue(forKey: name) }
        // The viewer remembers timelines in the state folder: the test's own, not the user's.
        inherited["XDG_STATE_HOME"] = folder + "/state"
        // Where a test fails for a viewer that stopped answering, its threads' stacks are printed.
        inherited["SWIFT_BACKTRACE"] = "enable=yes,threads=all,interactive=no,color=no"
        process.environment = inherited
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let handle = pipe.fileHandleForReading
        try process.runWithSignalsUnblocked()
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending.append(data)
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lock.withLock { lines.append(line) }
                }
            }
        }
        // The window is there when xdotool finds it (a machine busy with other tests can take a
        // long while); then put the pointer inside it, where keys reach it (no window manager
        // runs). Past 60 s, go on with the pointer at the screen's centre, where the window
        // opens (SDLWindow centres it), and let the screenshot's retries find the window later.
        let deadline = Date().addingTimeInterval(60)
        var window = ""
        let searchStarted = Date()
        while window.isEmpty && Date() < deadline {
            window = (try? findWindow()) ?? ""
            if window.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        windowSearch = window.isEmpty ? "no window found in 60 s"
            : String(format: "window %@ found after %.1f s", window, Date().timeIntervalSince(searchStarted))
        try pointInsideWindow(window)
    }

    /// Puts the pointer inside the window `window` (as `findWindow` gives it), or at the
    /// screen's centre when there is none yet.
    private func pointInsideWindow(_ window: String) throws {
        try xdotool(window.isEmpty ? ["mousemove", "512", "384"] : ["mousemove", "--window", window, "5", "5"])
    }

    deinit {
        if process.isRunning { _ = process.exitStatus(killingAfter: 0) }
    }

    /// Waits up to `seconds` for the viewer to exit by itself: its exit status, or nil while it runs.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Every line the viewer printed so far.
    var output: [String] { lock.withLock { lines } }

    /// Waits up to `timeout` seconds for a printed line (after the first `after` lines) that
    /// satisfies `match`, and returns it.
    @discardableResult
    /// A timeout is reported with a `diagnosis()` (which aborts the viewer) unless `diagnosing`
    /// is false, for a wait that is tried again.
    func waitForLine(after: Int = 0, timeout: Double = 30, diagnosing: Bool = true,
                     _ match: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = output.dropFirst(after).first(where: match) { return line }
            if !process.isRunning && output.dropFirst(after).first(where: match) == nil {
                Thread.sleep(forTimeInterval: 0.2)
                if let line = output.dropFirst(after).first(where: match) { return line }
                let how = process.terminationReason == .uncaughtSignal ? "signal" : "status"
                throw Failure(description: "the viewer exited (\(how) \(process.terminationStatus)); it printed:\n"
                              + output.joined(separator: "\n"))
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw Failure(description: "timed out waiting for a line; the viewer printed:\n" + output.joined(separator: "\n")
                      + (diagnosing ? "\n" + diagnosis() : ""))
    }

    /// Runs xdotool against the viewer's display and returns what it printed.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        tool.arguments = arguments
        tool.environment = environment
        let pipe = Pipe()
        tool.standardOutput = pipe
        tool.standardError = FileHandle.nullDevice
        try tool.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        guard tool.exitStatus(killingAfter: 10) == 0 else {
            throw Failure(description: "xdotool \(arguments.joined(separator: " ")) failed")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Presses and releases `keys` (X key names: "F6", "t", "Escape").
    func press(_ keys: String...) throws {
        try xdotool(["key"] + keys)
    }

    /// Clicks the left button at (`x`, `y`) in the window.
    func click(x: Int, y: Int) throws {
        try xdotool(["mousemove", "--window", try findWindow(), String(x), String(y), "click", "1"])
    }

    /// The viewer's window id, as xdotool finds it by name ("" when it finds none).
    private func findWindow() throws -> String {
        try xdotool(["search", "--name", "snowglobe"]).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Takes a screenshot of the window as shown (Shift+F12; of the scene alone, F12, with
    /// `sceneAlone`) and reads it back. The key is pressed again while nothing answers, every 10 s
    /// for a minute: a key sent before the window is there is lost.
    func screenshot(sceneAlone: Bool = false) throws -> Image {
        let before = output.count
        let prefix = "snowglobe: screenshot of the \(sceneAlone ? "scene" : "window") saved to "
        let saved: (String) -> Bool = { $0.hasPrefix(prefix) }
        for attempt in 0..<6 {
            // Unanswered: the pointer may have been left outside a window that appeared late.
            if attempt > 0 { try pointInsideWindow((try? findWindow()) ?? "") }
            try press(sceneAlone ? "F12" : "shift+F12")
            if (try? waitForLine(after: before, timeout: 10, diagnosing: false, saved)) != nil { break }
        }
        guard let line = try? waitForLine(after: before, diagnosing: false, saved) else {
            throw Failure(description: "F12 was not answered; the viewer printed:\n" + output.joined(separator: "\n")
                          + "\n" + diagnosis())
        }
        let path = String(line.dropFirst(prefix.count))
        return try ImageLoader.load(path: path)
    }

    /// What the X server and the viewer's process say about why the window does not answer: the
    /// windows by name, the focus and pointer, and the state of each of the viewer's threads
    /// (and their stacks, for which the viewer is aborted).
    func diagnosis() -> String {
        var report = ["at start: \(windowSearch)"]
        for query in [["search", "--name", "snowglobe"], ["getwindowfocus"], ["getmouselocation", "--shell"]] {
            let answer = (try? xdotool(query)) ?? "(failed)"
            report.append("xdotool \(query.joined(separator: " ")): \(answer.replacingOccurrences(of: "\n", with: " "))")
        }
        let pid = process.processIdentifier
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
           let end = stat.range(of: ") ", options: .backwards) {
            report.append("viewer \(pid): state \(stat[end.upperBound...].prefix(1))")
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks.sorted() {
                let taskStat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8)) ?? ""
                let state = taskStat.range(of: ") ", options: .backwards).map { taskStat[$0.upperBound...].prefix(1) } ?? "?"
                let wchan = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "?"
                report.append("  thread \(task): state \(state), waiting in \(wchan)")
            }
        }
        if process.isRunning {
            // The Swift runtime's backtracer prints every thread's stack when the viewer aborts
            // (SWIFT_BACKTRACE is set at start); the viewer is failing the test anyway.
            let before = output.count
            kill(pid, SIGABRT)
            _ = process.exitStatus(killingAfter: 60)
            Thread.sleep(forTimeInterval: 0.5)
            report.append("after SIGABRT:")
            report.append(contentsOf: output.dropFirst(before))
        }
        return report.joined(separator: "\n")
    }

    /// Quits with Esc and returns the exit status (killing the viewer if it does not quit).
    @discardableResult
    func quit() -> Int32 {
        try? press("Escape")
        return process.exitStatus(killingAfter: 10)
    }
}

extension Image {
    /// The colour at (`x`, `y`) as 0…255 components.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 4
        guard x >= 0, y >= 0, x < width, y < height else { return (-1, -1, -1) }
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }
}
