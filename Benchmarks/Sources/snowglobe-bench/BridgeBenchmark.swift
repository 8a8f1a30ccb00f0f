import Foundation
import LuaHost

/// The cost of the `ca` binding from Lua: a property set (`layer.opacity = x`), a property read,
/// a method call and a transform made and set (`layer.transform = T.identity:translated(…)`,
/// three calls), each against a plain Lua C-function call (`math.abs`) timed in the same script,
/// with the empty loop subtracted.
///
/// The loops take turns in short rounds, and each round gives its own ratios: a burst of load
/// on this shared machine then slows the loops it overlaps together, and the median over the
/// rounds sets such rounds aside. One long loop per kind let a burst fall on one kind only.
struct BridgeBenchmark {
    /// Calls per loop in a round.
    let iterations: Int
    /// How many rounds.
    let rounds: Int

    /// The medians over the rounds: nanoseconds per loop step for `base`, `set`, `get`, `method`
    /// and `transform`, and the ratio to the baseline for the others (as `setRatio` …).
    func run() -> [String: Double] {
        let folder = NSTemporaryDirectory() + "snowglobe-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bridge.lua"
        // Scripts see only media time, which stands still while the top level runs: the loops
        // are timed here, by the moments their marks (empty prints) reach the host.
        let script = """
            local N, rounds = \(iterations), \(rounds)
            local abs = math.abs
            local T = ca.Transform3D
            local layer = ca.Layer{}
            local loops = {
              function() for i = 1, N do end end,
              function() for i = 1, N do abs(i) end end,
              function() for i = 1, N do layer.opacity = 0.5 end end,
              function() local x for i = 1, N do x = layer.opacity end end,
              function() for i = 1, N do layer:removeAllAnimations() end end,
              function() for i = 1, N do layer.transform = T.identity:translated(i, 0, 0) end end,
            }
            for round = 1, rounds do
              print()
              for _, loop in ipairs(loops) do loop(); print() end
            end
            """
        _ = FileManager.default.createFile(atPath: path, contents: Data(script.utf8))
        var options = ScriptOptions()
        options.budget.timeLimit = 600
        let host = ScriptHost(scriptPath: path, options: options)
        var stamps: [Double] = []
        stamps.reserveCapacity(rounds * 7)
        host.output = { _ in stamps.append(BridgeBenchmark.now()) }
        defer { host.close() }
        do { try host.start() } catch { return [:] }
        guard stamps.count == rounds * 7 else { return [:] }
        let kinds = ["base", "set", "get", "method", "transform"]
        var ns: [String: [Double]] = [:], ratio: [String: [Double]] = [:]
        for round in 0..<rounds {
            let t = (0..<6).map { stamps[round * 7 + $0 + 1] - stamps[round * 7 + $0] }
            for (index, kind) in kinds.enumerated() {
                ns[kind, default: []].append((t[index + 1] - t[0]) / Double(iterations) * 1e9)
                if index > 0 { ratio[kind, default: []].append((t[index + 1] - t[0]) / (t[1] - t[0])) }
            }
        }
        func median(_ list: [Double]) -> Double { list.sorted()[list.count / 2] }
        var result: [String: Double] = [:]
        for kind in kinds { result[kind] = median(ns[kind] ?? [0]) }
        for kind in kinds.dropFirst() { result[kind + "Ratio"] = median(ratio[kind] ?? [0]) }
        return result
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
