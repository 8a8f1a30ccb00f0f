import Foundation

/// Tweak latency: the viewer opens each example paused at a media time, the tweak panel is
/// opened (Shift+F4) and the selected number is stepped up and down again and again (Up, Down),
/// and the viewer's own report of each change is read — from the change (the key handled) to
/// the first frame of the scene run again with the new value, at the same moment. A value the
/// script refuses is dropped (Esc) and the next literal tried (Tab), as is one whose change the
/// viewer does not report within a few seconds.
struct TweakBenchmark {
    let snowglobe: String
    let examples: [String]
    let scriptsFolder: String?
    let changes: Int
    /// Where the viewer opens, paused.
    let at: Double
    /// Seconds between one change's report and the next key.
    var pause = 0.15
    /// Seconds per example after which, once three changes are measured, no more are made.
    var timeLimit: Double? = nil

    /// Milliseconds of each change, per example name.
    func run(on server: XvfbServer) -> [(name: String, latencies: [Double])] {
        examples.compactMap { example in
            let arguments = ["--quit-after", "\(Double(changes) * 3 + 60)", "--at", "\(at)", "--paused"]
            guard let session = ViewerSession(example: example, snowglobe: snowglobe, arguments: arguments,
                                              scriptsFolder: scriptsFolder, server: server),
                  session.waitForWindow(timeout: 30) else { return nil }
            let name = session.name
            let tweaked = "snowglobe: tweaked \(name) at " + String(format: "%.2f s ", at)
            Thread.sleep(forTimeInterval: 2)  // the window opens and the first run settles
            session.press("shift+F4")
            Thread.sleep(forTimeInterval: 0.3)
            var latencies: [Double] = []
            var refused = 0
            let started = Date()
            for change in 1...changes {
                if let timeLimit, latencies.count >= 3, Date().timeIntervalSince(started) > timeLimit { break }
                let before = session.lines.count
                session.press(change % 2 == 1 ? "Up" : "Down")
                let line = session.waitForLine(after: before, timeout: 30) {
                    $0.hasPrefix(tweaked) || $0.contains("did not load with the change")
                }
                if line?.hasPrefix(tweaked) != true {
                    // The script refuses this literal's new value (drop it: Esc), or nothing was
                    // reported: try the next literal.
                    refused += 1
                    if refused > 20 {
                        FileHandle.standardError.write(Data("tweak \(name): no change reported after \(refused) literals\n".utf8))
                        break
                    }
                    if line != nil { session.press("Escape") }
                    session.press("Tab")
                    Thread.sleep(forTimeInterval: pause)
                    continue
                }
                // "snowglobe: tweaked NAME at 10.00 s in 16.2 ms (script …)"
                if let line, let ms = ViewerSession.milliseconds(in: line) { latencies.append(ms) }
                Thread.sleep(forTimeInterval: pause)
            }
            return (name, latencies)
        }
    }
}
