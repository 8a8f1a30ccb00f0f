import Foundation
import LuaHost

/// The cost of the `ca` binding from Lua: a property set (`layer.opacity = x`), a property read
/// and a method call, each against a plain Lua C-function call (`math.abs`) timed in the same
/// script, with the empty loop subtracted.
///
/// The loops take turns in short rounds, and each round gives its own ratios: a burst of load
/// on this shared machine then slows the loops it overlaps together, and the median over the
/// rounds sets such rounds aside. One long loop per kind let a burst fall on one kind only.
struct BridgeBenchmark {
    /// Calls per loop in a round.
    let iterations: Int
    /// How many rounds.
    let rounds: Int

    /// The medians over the rounds: nanoseconds per call for `base`, `set`, `get` and `method`,
    /// and the ratio to the baseline for `set`, `get` and `method` (as `setRatio` …).
    func run() -> [String: Double] {
        let folder = NSTemporaryDirectory() + "snowglobe-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bridge.lua"
        let script = """
            local N, rounds = \(iterations), \(rounds)
            local clock, abs = os.clock, math.abs
            local layer = ca.Layer{}
            local loops = {
              empty = function() for i = 1, N do end end,
              base = function() for i = 1, N do abs(i) end end,
              set = function() for i = 1, N do layer.opacity = 0.5 end end,
              get = function() local x for i = 1, N do x = layer.opacity end end,
              method = function() for i = 1, N do layer:removeAllAnimations() end end,
            }
            local order = {"empty", "base", "set", "get", "method"}
            local ns, ratio = {base = {}, set = {}, get = {}, method = {}}, {set = {}, get = {}, method = {}}
            for round = 1, rounds do
              local t = {}
              for _, k in ipairs(order) do local t0 = clock(); loops[k](); t[k] = clock() - t0 end
              for k, list in pairs(ns) do list[#list + 1] = (t[k] - t.empty) / N * 1e9 end
              for k, list in pairs(ratio) do list[#list + 1] = (t[k] - t.empty) / (t.base - t.empty) end
            end
            local function median(list) table.sort(list); return list[#list // 2 + 1] end
            print(string.format("%.3f %.3f %.3f %.3f %.4f %.4f %.4f", median(ns.base), median(ns.set),
              median(ns.get), median(ns.method), median(ratio.set), median(ratio.get), median(ratio.method)))
            """
        _ = FileManager.default.createFile(atPath: path, contents: Data(script.utf8))
        var options = ScriptOptions()
        options.budget.timeLimit = 600
        let host = ScriptHost(scriptPath: path, options: options)
        var line = ""
        host.output = { line = $0 }
        defer { host.close() }
        do { try host.start() } catch { return [:] }
        let values = line.split(separator: " ").compactMap { Double($0) }
        let keys = ["base", "set", "get", "method", "setRatio", "getRatio", "methodRatio"]
        guard values.count == keys.count else { return [:] }
        return Dictionary(uniqueKeysWithValues: zip(keys, values))
    }
}
