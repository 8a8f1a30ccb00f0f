import Foundation

/// Seeking back in the viewer: each example opens paused at 61 s in an 800×600 window (so the
/// timeline strip shows, and its ruler spans 120 s from x = 24 to 776 at y ≈ 566); the benchmark
/// presses on the ruler at 60 s — a seek back — and at 61 s again before the next, as a user
/// scrubbing back and forth would. The viewer's own reports (`--stats`) give each seek back's
/// time from the press's event time to the first frame shown at 60 s, and how it got there:
/// from a run parked near the moment (scrubbing), or by rebuilding the run and replaying its
/// 3,600 ticks (a moment not visited before).
struct SeekBenchmark {
    let snowglobe: String
    let examples: [String]
    let scriptsFolder: String?
    /// Seeks back per example.
    let seeks: Int
    /// Seconds of seeking per example after which, once three seeks back are measured, no more
    /// are made, so that a slow example does not hold up the run.
    let timeLimit: Double

    static let target = 60.0
    static let opened = 61.0
    static let width = 800, height = 600
    /// The ruler's extent in seconds once the scene has reached 61 s.
    static let extent = 120.0

    /// The window x of media time `time` on the ruler.
    static func rulerX(_ time: Double) -> Int {
        Int((24 + time / extent * Double(width - 48)).rounded())
    }

    /// Milliseconds of each seek back, per example name: those from a parked run, and those that
    /// rebuilt the run and replayed it from 0.
    func run(on server: XvfbServer) -> [(name: String, parked: [Double], rebuilt: [Double])] {
        let y = SeekBenchmark.height - 34
        let arrived = String(format: "snowglobe: seek to %.2f s ", SeekBenchmark.target)
        let back = SeekBenchmark.rulerX(SeekBenchmark.target), forth = SeekBenchmark.rulerX(SeekBenchmark.opened)
        return examples.compactMap { example in
            let arguments = ["--size", "\(SeekBenchmark.width)x\(SeekBenchmark.height)", "--at", "\(SeekBenchmark.opened)",
                             "--paused", "--stats", "--quit-after", "\(seeks * 10 + 60)"]
            guard let session = ViewerSession(example: example, snowglobe: snowglobe, arguments: arguments,
                                              scriptsFolder: scriptsFolder, server: server) else { return nil }
            // A press before the strip is drawn would reach the script: wait for the window, then
            // for the scene to be made to 61 s, and make sure a press on the ruler seeks.
            guard session.waitForWindow(timeout: 30) else { return nil }
            Thread.sleep(forTimeInterval: 2)
            let seekLine: (String) -> Bool = { $0.hasPrefix("snowglobe: seek to ") }
            var before = session.lines.count
            session.click(x: forth, y: y)
            guard session.waitForLine(after: before, timeout: 30, seekLine) != nil else {
                FileHandle.standardError.write(Data("seek \(session.name): a press on the ruler did not seek\n".utf8))
                return nil
            }
            var parked: [Double] = [], rebuilt: [Double] = []
            let started = Date()
            for _ in 0..<seeks {
                if parked.count + rebuilt.count >= 3, Date().timeIntervalSince(started) > timeLimit { break }
                for (x, isBack) in [(back, true), (forth, false)] {
                    Thread.sleep(forTimeInterval: 0.1)
                    before = session.lines.count
                    session.click(x: x, y: y)
                    // "snowglobe: seek to 60.00 s in 23 ms (3600 ticks made, the run rebuilt)"
                    guard let line = session.waitForLine(after: before, timeout: 30, seekLine) else {
                        return (session.name, parked, rebuilt)
                    }
                    guard isBack, line.hasPrefix(arrived), let ms = ViewerSession.milliseconds(in: line) else { continue }
                    if line.hasSuffix(", the run rebuilt)") { rebuilt.append(ms) } else { parked.append(ms) }
                }
            }
            return (session.name, parked, rebuilt)
        }
    }
}
