import Foundation
import LuaHost

/// The cost of the `ca` binding from Lua: a property set (`layer.opacity = x`), a property read
/// and a method call, each against a plain Lua C-function call (`math.abs`) timed in the same
/// script, with the empty loop subtracted.
struct BridgeBenchmark {
    let iterations: Int

    /// Nanoseconds per call: baseline, set, get, method.
    func run() -> [String: Double] {
        let folder = NSTemporaryDirectory() + "snowglobe-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bridge.lua"
        let script = """
            local N = \(iterations)
            local clock, abs = os.clock, math.abs
            local layer = ca.Layer{}
            local function time(f) local t0 = clock(); f(); return clock() - t0 end
            local empty = time(function() for i = 1, N do end end)
            local function ns(seconds) return (seconds - empty) / N * 1e9 end
            local base = ns(time(function() for i = 1, N do abs(i) end end))
            local set = ns(time(function() for i = 1, N do layer.opacity = 0.5 end end))
            local get = ns(time(function() local x for i = 1, N do x = layer.opacity end end))
            local method = ns(time(function() for i = 1, N do layer:removeAllAnimations() end end))
            print(string.format("%.3f %.3f %.3f %.3f", base, set, get, method))
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
        guard values.count == 4 else { return [:] }
        return ["base": values[0], "set": values[1], "get": values[2], "method": values[3]]
    }
}
