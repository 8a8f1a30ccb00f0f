import Foundation

/// Hot-reload latency: the viewer runs each example in a window; the benchmark saves the file
/// again and again (in place, with a changed comment) and reads the viewer's own report of each
/// reload — from the file's modification time to the first frame of the new scene presented.
/// (The kernel stamps files with a coarse clock, so the figure can be a few ms high, never low.)
/// Opened at a media time `at`, paused, each reload replays the new script to that moment.
struct ReloadBenchmark {
    let snowglobe: String
    let examples: [String]
    let scriptsFolder: String?
    let saves: Int
    /// Where the viewer opens, paused (nil: at 0, playing).
    var at: Double? = nil
    /// Seconds between one reload's report and the next save.
    var pause = 0.3
    /// Seconds of saving per example after which, once three reloads are measured, no more
    /// saves are made (nil: all `saves`), so that a slow example does not hold up the run.
    var timeLimit: Double? = nil

    /// Milliseconds of each reload, per example name.
    func run(on server: XvfbServer) -> [(name: String, latencies: [Double])] {
        examples.compactMap { example in
            var arguments = ["--quit-after", "\(Double(saves) * 11 + 20)"]
            if let at { arguments += ["--at", "\(at)", "--paused"] }
            guard let session = ViewerSession(example: example, snowglobe: snowglobe, arguments: arguments,
                                              scriptsFolder: scriptsFolder, server: server) else { return nil }
            let name = session.name
            // Opened at a time, each reload must report that time.
            let reloaded = "snowglobe: reloaded \(name) at " + (at.map { String(format: "%.2f s ", $0) } ?? "")
            Thread.sleep(forTimeInterval: 2)  // the window opens and the first run settles
            var latencies: [Double] = []
            let started = Date()
            for save in 1...saves {
                if let timeLimit, latencies.count >= 3, Date().timeIntervalSince(started) > timeLimit { break }
                let before = session.lines.count
                session.save(save)
                let line = session.waitForLine(after: before, timeout: 30) {
                    $0.hasPrefix(reloaded) || $0.hasPrefix("snowglobe: \(name) did not load")
                }
                // An example that does not load here (it needs something this build lacks) has no figure.
                guard let line, line.hasPrefix(reloaded) else {
                    let said = line.map { ": " + $0 } ?? ""
                    FileHandle.standardError.write(Data("reload \(name): no report of save \(save)\(said)\n".utf8))
                    break
                }
                // "snowglobe: reloaded NAME at 3.52 s in 16.2 ms (script …)"
                if let ms = ViewerSession.milliseconds(in: line) { latencies.append(ms) }
                Thread.sleep(forTimeInterval: pause)
            }
            return (name, latencies)
        }
    }
}
