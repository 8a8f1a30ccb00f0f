import Foundation

/// Hot-reload latency: the viewer runs each example in a window; the benchmark saves the file
/// again and again (in place, with a changed comment) and reads the viewer's own report of each
/// reload — from the file's modification time to the first frame of the new scene presented.
/// (The kernel stamps files with a coarse clock, so the figure can be a few ms high, never low.)
struct ReloadBenchmark {
    let snowglobe: String
    let examples: [String]
    let scriptsFolder: String?
    let saves: Int

    /// Milliseconds of each reload, per example name.
    func run(on server: XvfbServer) -> [(name: String, latencies: [Double])] {
        examples.compactMap { example in
            let name = (example as NSString).lastPathComponent
            let folder = NSTemporaryDirectory() + "snowglobe-reload-\(getpid())-\(name)"
            try? FileManager.default.removeItem(atPath: folder)
            let source = (example as NSString).deletingLastPathComponent
            // Copy the example's folder so that its local modules come along and the original stays untouched.
            guard (try? FileManager.default.copyItem(atPath: source, toPath: folder)) != nil,
                  let original = try? String(contentsOfFile: example, encoding: .utf8) else { return nil }
            let path = folder + "/" + name
            var environment = server.environment
            if let scriptsFolder { environment["SNOWGLOBE_SCRIPTS"] = scriptsFolder }
            let viewer = Process()
            viewer.executableURL = URL(fileURLWithPath: snowglobe)
            viewer.arguments = [path, "--quit-after", "\(Double(saves) * 11 + 20)"]
            viewer.environment = environment
            viewer.currentDirectoryURL = URL(fileURLWithPath: folder)
            let lines = LineCollector()
            viewer.standardOutput = lines.pipe
            viewer.standardError = FileHandle.nullDevice
            guard (try? viewer.run()) != nil else { return nil }
            defer {
                viewer.terminate()
                viewer.waitUntilExit()
                try? FileManager.default.removeItem(atPath: folder)
            }
            Thread.sleep(forTimeInterval: 2)  // the window opens and the first run settles
            var latencies: [Double] = []
            for save in 1...saves {
                let before = lines.count
                try? Data((original + "\n-- save \(save)\n").utf8).write(to: URL(fileURLWithPath: path))
                let line = lines.wait(after: before, timeout: 10) {
                    $0.hasPrefix("snowglobe: reloaded \(name) at ") || $0.hasPrefix("snowglobe: \(name) did not load")
                }
                // An example that does not load here (it needs something this build lacks) has no figure.
                guard let line, line.hasPrefix("snowglobe: reloaded") else { break }
                // "snowglobe: reloaded NAME at 3.52 s in 16.2 ms (script …)"
                if let range = line.range(of: " in "),
                   let ms = Double(line[range.upperBound...].prefix { $0 != " " }) { latencies.append(ms) }
                Thread.sleep(forTimeInterval: 0.3)
            }
            return (name, latencies)
        }
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
