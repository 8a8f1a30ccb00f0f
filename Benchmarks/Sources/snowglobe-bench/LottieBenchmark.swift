import Foundation

/// Lottie export (issue 34): an example's 0–10 s at 30 fps, 320×240, exported to Lottie JSON
/// against rendered to a PNG sequence (both on one thread, processor time), and the bytes of the
/// JSON. The two alternate for `rounds` rounds and each keeps its median, as one run of either
/// can take half as long again as the next on these machines.
struct LottieBenchmark {
    let snowglobe: String
    var rounds = 3

    struct Result {
        var exportCPU: Double, renderCPU: Double, bytes: Int
    }

    /// The figures, or nil when a run failed.
    func run(script: String) -> Result? {
        let folder = NSTemporaryDirectory() + "snowglobe-lottie-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["render", script, "--from", "0", "--to", "10", "--fps", "30", "--size", "320x240"]
        let json = folder + "/scene.json"
        var exports: [Double] = [], renders: [Double] = []
        for _ in 0..<max(rounds, 1) {
            guard let export = cpuSeconds(common + ["--out", json]),
                  let render = cpuSeconds(common + ["--out", folder + "/frames/", "--threads", "1"]) else { return nil }
            exports.append(export)
            renders.append(render)
        }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: json))?[.size] as? Int else { return nil }
        return Result(exportCPU: median(exports), renderCPU: median(renders), bytes: size)
    }

    /// The processor time (user and system) of one run of `snowglobe`, or nil when it failed.
    private func cpuSeconds(_ arguments: [String]) -> Double? {
        guard let pid = spawnQuietly(snowglobe, arguments) else { return nil }
        let child = awaitChild(pid)
        return child.succeeded ? child.cpu : nil
    }
}
