import Foundation

/// A peer benchmark from ../shared/peers, run as a child process; its `RESULT k=v …` line is parsed.
struct Peer {
    let executable: String
    let arguments: [String]

    /// Runs the peer once; nil when it is not installed or printed no RESULT line.
    func run() -> [String: String]? {
        guard let path = Peer.which(executable), let text = capturedOutput(path, arguments) else { return nil }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }) else { return nil }
        var fields: [String: String] = [:]
        for pair in line.split(separator: " ").dropFirst() {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        return fields
    }

    /// This benchmark program's own path, for sections that run in a child process of their own.
    static let thisProgram = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]

    /// `name` found on PATH, or `name` itself when it is a path.
    static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in paths {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Runs `executable` to its end and returns what it printed on standard output (nil when it
/// could not start). `environment` nil keeps the benchmark's own.
func capturedOutput(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> String? {
    capturedRun(executable, arguments, environment: environment).map { String(decoding: $0.output, as: UTF8.self) }
}

/// Runs `executable` to its end and returns the bytes it printed on standard output and its exit
/// status (nil when it could not start). `environment` nil keeps the benchmark's own.
func capturedRun(_ executable: String, _ arguments: [String],
                 environment: [String: String]? = nil) -> (output: Data, status: Int32)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (data, process.terminationStatus)
}
