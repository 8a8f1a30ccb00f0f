import Foundation
import TestSupport

/// Runs the `snowglobe` built beside the tests, as a user does, and tells what it did.
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `snowglobe arguments` with the environment changed by `environment`; waits up to
    /// `seconds` (killing it after).
    static func run(_ arguments: [String], environment: [String: String] = [:], seconds: Double = 300) throws -> Result {
        try run(SnowglobeBinary.path, arguments, environment: environment, seconds: seconds)
    }

    /// Runs any program the same way (ffmpeg, ffprobe).
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                    seconds: Double = 300) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outFile = temporaryFile(), errFile = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: outFile); try? FileManager.default.removeItem(atPath: errFile) }
        process.standardOutput = FileHandle(forWritingAtPath: outFile)
        process.standardError = FileHandle(forWritingAtPath: errFile)
        try process.run()
        let status = process.exitStatus(killingAfter: seconds)
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outFile))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errFile))) ?? Data()
        return Result(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    struct Usage {
        let status: Int32
        /// The largest resident set of the process and the children it waited for, in kB.
        let peakKilobytes: Int
    }

    /// Runs `snowglobe arguments` (output discarded) and measures its peak memory.
    static func runMeasured(_ arguments: [String]) throws -> Usage {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([SnowglobeBinary.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, SnowglobeBinary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return Usage(status: (status >> 8) & 0xFF, peakKilobytes: usage.ru_maxrss)
    }

    private static func temporaryFile() -> String {
        let path = NSTemporaryDirectory() + "snowglobe-run-" + UUID().uuidString
        FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }
}

extension String {
    /// Whether a `check` said only its one line of success (no error, no warning).
    var ranCleanly: Bool {
        let lines = split(separator: "\n")
        return lines.count == 1 && lines[0].hasPrefix("snowglobe: ") && lines[0].contains(" without an error; ")
    }
}
