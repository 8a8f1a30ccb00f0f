import Foundation

/// Drawing in a window: `count` animated sprites (Benchmarks/scenes/snowfall.lua, the same
/// scene as peers/love-snow) in the viewer at 1280×720 on a private Xvfb, against LÖVE drawing
/// its version (variant A, a draw per sprite), in alternating runs. Both figures are the median
/// work time of a frame — script, evaluation, drawing and presenting, without waiting.
struct WindowBenchmark {
    let snowglobe: String
    let peersDir: String
    let scenePath: String
    let count: Int
    let seconds: Double

    /// Median milliseconds a frame for each run: ours, theirs, and ratios pair by pair.
    func run(on server: XvfbServer, repeats: Int) -> (ours: [Double], theirs: [Double], ratios: [Double]) {
        guard let template = try? String(contentsOfFile: scenePath, encoding: .utf8) else { return ([], [], []) }
        let script = NSTemporaryDirectory() + "snowglobe-window-\(getpid())-\(count).lua"
        try? Data(template.replacingOccurrences(of: "COUNT", with: "\(count)").utf8).write(to: URL(fileURLWithPath: script))
        defer { try? FileManager.default.removeItem(atPath: script) }
        var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = []
        for _ in 0..<repeats {
            let mine = output(snowglobe, [script, "--size", "1280x720", "--quit-after", "\(seconds)", "--stats"], server)
                .flatMap { text -> Double? in
                    // "frame time: mean 3.20 ms, p50 3.00 ms, …"
                    guard let range = text.range(of: "p50 ") else { return nil }
                    return Double(text[range.upperBound...].prefix { $0 != " " })
                }
            let peer = Peer.which("love").flatMap { love in
                output(love, ["\(peersDir)/love-snow", "A", "\(count)", "\(Int(seconds * 40))", "30"], server)
            }.flatMap { text -> Double? in
                guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }),
                      let field = line.split(separator: " ").first(where: { $0.hasPrefix("median_ms=") }) else { return nil }
                return Double(field.dropFirst("median_ms=".count))
            }
            if let mine { ours.append(mine) }
            if let peer { theirs.append(peer) }
            if let mine, let peer, peer > 0 { ratios.append(mine / peer) }
        }
        return (ours, theirs, ratios)
    }

    private func output(_ executable: String, _ arguments: [String], _ server: XvfbServer) -> String? {
        capturedOutput(executable, arguments, environment: server.environment)
    }
}
