import Foundation
import Glibc
import Render

/// A program run as a child that is fed on its standard input (frames for `ffmpeg`): its
/// standard output goes nowhere, its standard error to an unlinked temporary file read back
/// when it fails, so a chatty child can never block on a full pipe.
final class EncoderProcess {
    /// The program's name, for messages.
    let name: String
    private let pid: pid_t
    private var input: Int32
    private let errors: Int32

    /// Starts `executable` (a full path) with `arguments`.
    init(executable: String, arguments: [String]) throws(EncoderProcessError) {
        name = (executable as NSString).lastPathComponent
        // A child that dies must show as a failed write (EPIPE), not kill the renderer.
        signal(SIGPIPE, SIG_IGN)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw EncoderProcessError(reason: String(cString: strerror(errno))) }
        let errorFile = EncoderProcess.temporaryErrorFile()
        guard errorFile >= 0 else {
            close(pipeEnds[0]); close(pipeEnds[1])
            throw EncoderProcessError(reason: "cannot make a temporary file: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorFile, 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(pipeEnds[0])
        guard status == 0 else {
            close(pipeEnds[1]); close(errorFile)
            throw EncoderProcessError(reason: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        // The writing end must not leak into later children (another recording's encoder).
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        pid = child
        input = pipeEnds[1]
        errors = errorFile
    }

    deinit {
        if input >= 0 { cancel() }
        close(errors)
    }

    /// Writes all of `bytes` to the child's standard input.
    func write(_ bytes: UnsafeRawBufferPointer) throws(EncoderProcessError) {
        guard input >= 0, var next = bytes.baseAddress else { throw EncoderProcessError(reason: "\(name) has stopped") }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(input, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                // The child stopped reading: what it said is the better reason.
                let status = closeAndWait()
                throw EncoderProcessError(reason: failureText(status: status) ?? reason)
            }
            left -= written
            next += written
        }
    }

    /// Closes the child's input and waits for it to end; throws with what it printed when it failed.
    func finish() throws(EncoderProcessError) {
        let status = closeAndWait()
        if let failure = failureText(status: status) { throw EncoderProcessError(reason: failure) }
    }

    /// Stops the child at once (a render that failed or was cancelled) and waits for it.
    func cancel() {
        guard input >= 0 else { return }
        kill(pid, SIGTERM)
        _ = closeAndWait()
    }

    private func closeAndWait() -> Int32 {
        if input >= 0 {
            close(input)
            input = -1
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// Nil when the child exited with status 0; else its last line of standard error (or how it ended).
    private func failureText(status: Int32) -> String? {
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        if exited && code == 0 { return nil }
        let said = lastErrorLine()
        let how = exited ? "exited with status \(code)" : "was stopped by signal \(status & 0x7F)"
        return said.map { "\(name): \($0)" } ?? "\(name) \(how)"
    }

    private func lastErrorLine() -> String? {
        let size = lseek(errors, 0, SEEK_END)
        guard size > 0 else { return nil }
        let length = min(Int(size), 4096)
        var buffer = [UInt8](repeating: 0, count: length)
        let read = pread(errors, &buffer, length, off_t(Int(size) - length))
        guard read > 0 else { return nil }
        let text = String(decoding: buffer[..<read], as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
    }

    private static func temporaryErrorFile() -> Int32 {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/snowglobe-encoder-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        if descriptor >= 0 {
            unlink(template)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return descriptor
    }
}

/// Why an encoder process failed: its own last word where it gave one.
struct EncoderProcessError: Error {
    let reason: String
}
