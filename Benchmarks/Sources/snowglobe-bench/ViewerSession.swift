import Foundation

/// One example open in the viewer on the benchmark's Xvfb, driven from outside as a user would
/// drive it: the file saved, the window clicked (xdotool), and the viewer's own reports read as
/// it prints them. The viewer runs on a copy of the example's folder (its local modules come
/// along and the original stays untouched), with a state folder of its own, so that it neither
/// reads a timeline remembered by an earlier run nor leaves one behind.
final class ViewerSession {
    /// The example's file name.
    let name: String
    /// The viewer's output lines as they come.
    let lines = LineCollector()
    private let folder: String
    private let path: String
    private let original: String
    private let environment: [String: String]
    private let viewer = Process()
    private var window: String?

    /// Opens `example` in the viewer with `arguments` after the script's path; nil when the
    /// example cannot be copied or the viewer does not start.
    init?(example: String, snowglobe: String, arguments: [String], scriptsFolder: String?, server: XvfbServer) {
        name = (example as NSString).lastPathComponent
        folder = NSTemporaryDirectory() + "snowglobe-bench-\(getpid())-\(name)"
        let copy = folder + "/script"
        path = copy + "/" + name
        try? FileManager.default.removeItem(atPath: folder)
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
              (try? FileManager.default.copyItem(atPath: (example as NSString).deletingLastPathComponent, toPath: copy)) != nil,
              let text = try? String(contentsOfFile: example, encoding: .utf8) else { return nil }
        original = text
        var environment = server.environment
        environment["XDG_STATE_HOME"] = folder + "/state"
        if let scriptsFolder { environment["SNOWGLOBE_SCRIPTS"] = scriptsFolder }
        self.environment = environment
        viewer.executableURL = URL(fileURLWithPath: snowglobe)
        viewer.arguments = [path] + arguments
        viewer.environment = environment
        viewer.currentDirectoryURL = URL(fileURLWithPath: copy)
        viewer.standardOutput = lines.pipe
        viewer.standardError = FileHandle.nullDevice
        guard (try? viewer.run()) != nil else {
            try? FileManager.default.removeItem(atPath: folder)
            return nil
        }
    }

    deinit {
        if viewer.isRunning {
            viewer.terminate()
            viewer.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Saves the script in place, changed only by a comment numbered `number` at its end.
    func save(_ number: Int) {
        try? Data((original + "\n-- save \(number)\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Waits up to `timeout` seconds for the viewer's window; whether it appeared.
    func waitForWindow(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while window == nil && Date() < deadline && viewer.isRunning {
            window = xdotool(["search", "--name", "snowglobe"])?.split(separator: "\n").first.map(String.init)
            if window == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        return window != nil
    }

    /// Presses and releases the left button at (`x`, `y`) in the window (window points).
    func click(x: Int, y: Int) {
        guard let window else { return }
        _ = xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "click", "1"])
    }

    /// Presses and releases `key` (an X key name: "F4") with the pointer in the window.
    func press(_ key: String) {
        guard let window else { return }
        _ = xdotool(["mousemove", "--window", window, "5", "5"])
        _ = xdotool(["key", key])
    }

    /// Waits up to `timeout` seconds for the viewer to exit by itself; whether it did.
    func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while viewer.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return !viewer.isRunning
    }

    /// The first line printed after the first `after` that satisfies `match`, waiting up to
    /// `timeout` seconds.
    func waitForLine(after: Int, timeout: Double, _ match: (String) -> Bool) -> String? {
        lines.wait(after: after, timeout: timeout, match)
    }

    /// The milliseconds a report line gives: "… in 16.2 ms …".
    static func milliseconds(in line: String) -> Double? {
        guard let range = line.range(of: " in ") else { return nil }
        return Double(line[range.upperBound...].prefix { $0 != " " })
    }

    private func xdotool(_ arguments: [String]) -> String? {
        guard let tool = Peer.which("xdotool"), let text = capturedOutput(tool, arguments, environment: environment) else {
            return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Collects a child's output lines as they come.
final class LineCollector: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []

    init() {
        let handle = pipe.fileHandleForReading
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
    }

    var count: Int { lock.withLock { lines.count } }

    /// The first line after the first `after` that matches, waiting up to `timeout` seconds.
    func wait(after: Int, timeout: Double, _ match: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = lock.withLock({ lines.dropFirst(after).first(where: match) }) { return line }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }
}
