import Foundation

/// The inspector's cost in the viewer: each example runs for a few seconds in an 800×600 window,
/// once with the inspector closed and once with it open on the layer at the window's centre
/// (F4, then a press there), and the viewer's own frame statistics (`--stats`) are read at exit.
/// Closed, the inspector should cost nothing; open, the scene should keep the display's rate.
struct InspectorBenchmark {
    let snowglobe: String
    let examples: [String]
    let scriptsFolder: String?
    /// Seconds each run lasts.
    let seconds: Double

    /// What one run's statistics say.
    struct Figures {
        var framesPerSecond: Double
        var medianFrame: Double
        var p95Frame: Double
    }

    /// Per example: the figures with the inspector closed, and open.
    func run(on server: XvfbServer) -> [(name: String, closed: Figures, open: Figures)] {
        examples.compactMap { example in
            guard let closed = measure(example, inspecting: false, on: server),
                  let open = measure(example, inspecting: true, on: server) else { return nil }
            return ((example as NSString).lastPathComponent, closed, open)
        }
    }

    private func measure(_ example: String, inspecting: Bool, on server: XvfbServer) -> Figures? {
        let arguments = ["--size", "800x600", "--stats", "--quit-after", String(seconds)]
        guard let session = ViewerSession(example: example, snowglobe: snowglobe, arguments: arguments,
                                          scriptsFolder: scriptsFolder, server: server),
              session.waitForWindow(timeout: 30) else { return nil }
        if inspecting {
            session.press("F4")
            session.click(x: 400, y: 300)
        }
        guard session.waitForExit(timeout: seconds + 30) else { return nil }
        let frames = session.waitForLine(after: 0, timeout: 1) { $0.hasPrefix("frames: ") }
        let times = session.waitForLine(after: 0, timeout: 1) { $0.hasPrefix("frame time: ") }
        guard let frames, let times,
              let fps = InspectorBenchmark.number(in: frames, after: "s ("),
              let p50 = InspectorBenchmark.number(in: times, after: "p50 "),
              let p95 = InspectorBenchmark.number(in: times, after: "p95 ") else { return nil }
        return Figures(framesPerSecond: fps, medianFrame: p50, p95Frame: p95)
    }

    /// The number that follows `marker` in `line`.
    static func number(in line: String, after marker: String) -> Double? {
        guard let range = line.range(of: marker) else { return nil }
        return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }
}
