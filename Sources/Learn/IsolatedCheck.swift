import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Checks a submission in a process of its own: the `snowglobe` binary, run with its hidden
/// subcommand that limits itself (`SubmissionLimits`), moves into the submission's folder and
/// prints the report as JSON. A crash or a hang is that submission's error, never the caller's:
/// past `wallSeconds` the process is killed.
public struct IsolatedCheck: Sendable {
    /// The `snowglobe` binary.
    public var executable: String
    /// The arguments after the binary that name the hidden subcommand and its options; the
    /// exercise's folder and the submission's path follow.
    public var arguments: [String]
    /// Seconds of wall-clock time before the process is killed.
    public var wallSeconds: Double
    /// A file holding the target's curves (`writeTarget`), so that each process does not run
    /// the solution again; nil: each does.
    public var targetFile: String?

    public init(executable: String, arguments: [String], wallSeconds: Double) {
        self.executable = executable
        self.arguments = arguments
        self.wallSeconds = wallSeconds
    }

    /// The report on the submission at `path` (named `file` in it) against the exercise
    /// `exercise`; with `curves`, the submission's sampled curves are written to that file too.
    public func run(exercise: Exercise, submission path: String, file: String, curves: String? = nil) -> CheckReport {
        let output = NSTemporaryDirectory() + "snowglobe-learn-\(getpid())-\(UUID().uuidString).json"
        defer { unlink(output) }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let argv = [executable] + arguments + [exercise.folder, absolute, "--file", file]
            + (curves.map { ["--curves", $0] } ?? []) + (targetFile.map { ["--target", $0] } ?? [])
        let started = spawn(argv, output: output)
        guard case .success(let pid) = started else {
            return .error(exercise: exercise.name, file: file, .scriptError, "could not start a process to check it")
        }
        let ending = wait(pid)
        let text = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
        switch ending {
        case .killedAtDeadline:
            return .error(exercise: exercise.name, file: file, .timeout,
                          "the check ran longer than \(Numbers.seconds(wallSeconds)) and was stopped")
        case .signal(let number) where number == SIGXCPU || number == SIGKILL:
            return .error(exercise: exercise.name, file: file, .timeout, "the check used too much processor time and was stopped")
        case .signal(let number):
            let reason = number == SIGSEGV || number == SIGABRT || number == SIGBUS || number == SIGTRAP
                ? " (most often: out of memory)" : ""
            return .error(exercise: exercise.name, file: file, number == SIGXFSZ ? .scriptError : .memory,
                          "the check crashed with signal \(number)\(reason)")
        case .exited:
            guard let report = CheckReport.decode(text) else {
                let said = text.trimmingCharacters(in: .whitespacesAndNewlines)
                return .error(exercise: exercise.name, file: file, .scriptError,
                              said.isEmpty ? "the check ended without a report" : String(said.prefix(400)))
            }
            return report
        }
    }

    /// Writes `target`'s curves to a new temporary file for `targetFile`; nil when it cannot.
    public static func writeTarget(_ target: Behaviour) -> String? {
        let path = NSTemporaryDirectory() + "snowglobe-learn-target-\(getpid())-\(UUID().uuidString).json"
        guard let data = try? JSONEncoder().encode(target.curves),
              (try? data.write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)) != nil else { return nil }
        return path
    }

    /// Removes the target's file.
    public func removeTarget() {
        if let targetFile { unlink(targetFile) }
    }

    /// The curves an isolated check wrote with `curves`, or nil when it wrote none that read.
    public static func readCurves(_ path: String) -> Behaviour.Curves? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(Behaviour.Curves.self, from: data)
    }

    private enum Ending {
        case exited(Int32)
        case signal(Int32)
        case killedAtDeadline
    }

    private func spawn(_ argv: [String], output: String) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let pointers = argv.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let variables: [String] = ["LC_ALL=C"]
        let environment = variables.map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, pointers, environment)
        return status == 0 ? .success(pid) : .failure(Errno(status))
    }

    private func wait(_ pid: pid_t) -> Ending {
        let deadline = Date().addingTimeInterval(wallSeconds)
        var status: Int32 = 0
        var pause = 0.001
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { return .exited(-1) }
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return .killedAtDeadline
            }
            Thread.sleep(forTimeInterval: pause)
            pause = min(pause * 2, 0.02)
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signal(signal)
    }
}

/// An error number from a system call.
struct Errno: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}
