import Foundation
import LayerKit
import LuaBridge
@testable import LuaHost
import Render
@testable import snowglobe
import TestSupport

/// Runs a script for a long stretch of virtual time, as the viewer would, and samples what it
/// holds: layers alive, animations running, timers and display links scheduled, tasks waiting,
/// Lua memory (after a full collection, so garbage does not count) and the process's resident
/// memory. A scene that runs forever must hold steady once it has warmed up: layers removed in
/// completion blocks are freed, invalidated timers are gone, finished tasks are collected.
///
///     let report = Soak(script: "Examples/snowfall-3d.lua").run()
///     #expect(report.problems.isEmpty, "\(report)")
struct Soak {
    /// One sample of what the running script holds.
    struct Sample: Sendable {
        var time: Double
        var layers: Int
        var animations: Int
        var timers: Int
        var displayLinks: Int
        var tasks: Int
        var luaBytes: Int
        var residentBytes: Int
    }

    var scriptPath: String
    /// Seconds of virtual time (ten minutes by default).
    var duration: Double = 600
    /// Seconds between frames: 1/60, or coarser where the script's behaviour allows.
    var frameStep: Double = 1.0 / 60
    /// Seconds of virtual time between samples.
    var sampleEvery: Double = 30
    /// Seconds before the scene is expected to be steady.
    var warmUp: Double = 60
    /// Whether resident memory must hold steady too (only meaningful when nothing else runs in
    /// the process: tests running side by side move it).
    var checksResidentMemory = false
    var options = ScriptOptions()

    init(script path: String) {
        scriptPath = path
        options.libraryPath = Soak.scriptsFolder
    }

    /// The package's Scripts/ library, if there is one.
    static let scriptsFolder: String? = {
        FileManager.default.fileExists(atPath: Project.scripts) ? Project.scripts : nil
    }()

    /// Runs the script and returns the samples and what did not hold steady.
    func run() -> SoakReport {
        let host = ScriptHost(scriptPath: scriptPath, options: options)
        var errors: [ScriptError] = []
        host.output = { _ in }
        host.onError = { errors.append($0) }
        host.images = RenderImages()
        defer { host.close() }
        do throws(ScriptError) { try host.start() } catch {}
        var samples: [Sample] = []
        // Frames by number, so that the clock does not drift from the sampling.
        let frames = Int((duration / frameStep).rounded())
        let framesPerSample = max(1, Int((sampleEvery / frameStep).rounded()))
        for frame in 0...frames {
            let time = options.startTime + Double(frame) * frameStep
            if frame > 0 { host.scene.step(to: time) }
            if frame % framesPerSample == 0 { samples.append(sample(host, at: time)) }
        }
        return SoakReport(samples: samples, warmUp: options.startTime + warmUp, errors: errors,
                          checksResidentMemory: checksResidentMemory)
    }

    private func sample(_ host: ScriptHost, at time: Double) -> Sample {
        host.lua.collectGarbage()
        var animations = 0
        var stack = [host.scene.root]
        while let layer = stack.popLast() {
            animations += layer.animationCount
            stack += layer.sublayers
        }
        return Sample(time: time, layers: host.scene.layerCount, animations: animations,
                      timers: host.scene.activeTimerCount, displayLinks: host.scene.activeDisplayLinkCount,
                      tasks: host.tasks.count, luaBytes: host.lua.memoryInUse, residentBytes: residentMemory())
    }
}

/// What a soak saw.
struct SoakReport: Sendable, CustomStringConvertible {
    let samples: [Soak.Sample]
    let warmUp: Double
    let errors: [ScriptError]
    var checksResidentMemory = false

    /// How much a measure may grow from the first third of the steady samples to the last:
    /// a fraction of its early maximum plus an allowance.
    static let slack: [(name: String, value: @Sendable (Soak.Sample) -> Int, fraction: Double, allowance: Int)] = [
        ("layers", { $0.layers }, 0.1, 4),
        ("animations", { $0.animations }, 0.1, 4),
        ("timers", { $0.timers }, 0.1, 4),
        ("display links", { $0.displayLinks }, 0.1, 4),
        ("tasks", { $0.tasks }, 0.1, 4),
        ("Lua memory", { $0.luaBytes }, 0.25, 256 << 10),
        ("resident memory", { $0.residentBytes }, 0.25, 32 << 20),
    ]

    /// The measures that grew after the warm-up, each with its early and late maximum.
    var problems: [String] {
        let steady = samples.filter { $0.time >= warmUp }
        guard steady.count >= 3 else { return ["too few samples after the warm-up (\(steady.count))"] }
        let third = max(1, steady.count / 3)
        let early = steady.prefix(third), late = steady.suffix(third)
        var result: [String] = []
        for measure in Self.slack where checksResidentMemory || measure.name != "resident memory" {
            let before = early.map(measure.value).max() ?? 0
            let after = late.map(measure.value).max() ?? 0
            let limit = before + Int(Double(before) * measure.fraction) + measure.allowance
            if after > limit { result.append("\(measure.name) grew from \(before) to \(after) (limit \(limit))") }
        }
        return result
    }

    var description: String {
        var text = "time\tlayers\tanims\ttimers\tlinks\ttasks\tLua KiB\tRSS MiB\n"
        for s in samples {
            text += "\(Int(s.time))\t\(s.layers)\t\(s.animations)\t\(s.timers)\t\(s.displayLinks)\t\(s.tasks)\t\(s.luaBytes >> 10)\t\(s.residentBytes >> 20)\n"
        }
        for problem in problems { text += "NOT FLAT: \(problem)\n" }
        for error in errors.prefix(5) { text += "error: \(error.message)\n" }
        return text
    }
}
