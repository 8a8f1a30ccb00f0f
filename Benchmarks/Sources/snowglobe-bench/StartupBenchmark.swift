import Foundation

/// Start-up to first frame: `snowglobe` opening a window on a trivial script and quitting after
/// its first frame, against LÖVE's trivial game (peers/love-startup) that does the same, on the
/// same running Xvfb, in alternating runs.
struct StartupBenchmark {
    let snowglobe: String
    let peersDir: String
    let runs: Int

    /// Milliseconds for each run: ours, theirs (nil when LÖVE is missing), and the ratios pair by pair.
    func run(on server: XvfbServer) -> (ours: [Double], theirs: [Double], ratios: [Double]) {
        let folder = NSTemporaryDirectory() + "snowglobe-startup-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = folder + "/hello.lua"
        try? Data("ca.root:addSublayer(ca.TextLayer{ string = 'hello', fontSize = 14, bounds = {0, 0, 100, 20}, position = {60, 20} })\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        let love = Peer.which("love")
        var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = []
        for run in 0..<(runs + 2) {
            let mine = timedRun(snowglobe, [script, "--quit-after", "0"], environment: server.environment)
            let peer = love.flatMap { timedRun($0, ["\(peersDir)/love-startup"], environment: server.environment) }
            guard run >= 2 else { continue }  // two warm-ups each, as the peer's hyperfine run does
            if let mine { ours.append(mine * 1000) }
            if let peer { theirs.append(peer * 1000) }
            if let mine, let peer, peer > 0 { ratios.append(mine / peer) }
        }
        return (ours, theirs, ratios)
    }
}
