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

/// A one-frame script through `check` and `render`, from exec to exit: what every run of the
/// command line pays before the script's own work. No display needed.
struct CommandStartupBenchmark {
    let snowglobe: String
    let runs: Int

    /// Milliseconds for each run of `check` (one tick) and `render` (one 320×240 PNG).
    func run() -> (check: [Double], render: [Double]) {
        let folder = NSTemporaryDirectory() + "snowglobe-command-startup-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/hello.lua"
        try? Data("ca.root:addSublayer(ca.TextLayer{ string = 'hello', fontSize = 14, bounds = {0, 0, 100, 20}, position = {60, 20} })\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        let environment = ProcessInfo.processInfo.environment
        var check: [Double] = [], render: [Double] = []
        for run in 0..<(runs + 2) {
            let a = timedRun(snowglobe, ["check", script, "--duration", "0.0167"], environment: environment)
            let b = timedRun(snowglobe, ["render", script, "--out", folder + "/hello.png", "--size", "320x240"],
                             environment: environment)
            guard run >= 2 else { continue }
            if let a { check.append(a * 1000) }
            if let b { render.append(b * 1000) }
        }
        return (check, render)
    }
}
