import Foundation
import TestSupport

/// An Xvfb server of one test's own. Xvfb picks the display number itself (`-displayfd`): it
/// takes the first number whose sockets it can bind, so no other server, stale lock file or
/// server still shutting down can be mistaken for it (`xvfb-run -a` guesses a number from the
/// lock files first, and a client could reach another server on it). Stopped when released.
final class XvfbDisplay {
    /// The display's name, as `DISPLAY` takes it (":3").
    let name: String
    private let process = Process()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts a server with one screen of `width` × `height` and waits (up to a minute, for a
    /// busy machine) until it accepts clients.
    init(width: Int = 1024, height: Int = 768) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        // Xvfb writes the number once it listens; read it off the main thread to bound the wait.
        let handle = pipe.fileHandleForReading
        let answer = Answer()
        Thread.detachNewThread {
            var data = Data()
            while !data.contains(10) {
                let more = handle.availableData
                if more.isEmpty { break }
                data.append(more)
            }
            answer.set(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard let number = answer.wait(seconds: 60), !number.isEmpty, Int(number) != nil else {
            _ = process.exitStatus(killingAfter: 0)
            throw Failure(description: "Xvfb did not say which display it took within a minute")
        }
        name = ":" + number
        // Said once it listens; answering a client may come a moment later on a busy machine.
        let deadline = Date().addingTimeInterval(30)
        while !XvfbDisplay.answers(name) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// Whether the server on `display` answers a client (xdotool asking where the pointer is).
    static func answers(_ display: String) -> Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        probe.arguments = ["getmouselocation"]
        probe.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        return probe.exitStatus(killingAfter: 10) == 0
    }

    deinit {
        if process.isRunning { process.terminate() }
        _ = process.exitStatus(killingAfter: 10)
    }

    /// A string one thread sets and another waits for.
    private final class Answer: @unchecked Sendable {
        private let condition = NSCondition()
        private var value: String?

        func set(_ text: String) {
            condition.withLock {
                value = text
                condition.signal()
            }
        }

        func wait(seconds: Double) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            return condition.withLock {
                while value == nil && condition.wait(until: deadline) {}
                return value
            }
        }
    }
}
