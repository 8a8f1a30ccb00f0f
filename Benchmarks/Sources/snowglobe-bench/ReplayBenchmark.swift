import Foundation

/// Replaying a display-link scene (issue 36): the display-link gallery snowfall run by `snowglobe
/// check` from its tap at 0.5 s to 60 s, in processor time with the start-up and the first
/// 0.5 s taken off, against the script's own Lua for the same ticks in plain lua5.4
/// (Benchmarks/scenes/displaylink-floor.lua), and against that Lua with its touches of `ca`
/// going to C functions that do nothing: the least a host that answers those touches can cost.
struct ReplayBenchmark {
    let snowglobe: String
    /// The display-link example, a path.
    let example: String
    let runs: Int

    /// The display link runs from the tap at 0.5 s to 60 s: 3570 ticks at 60 a second.
    static let tap = 0.5, end = 60.0
    static var ticks: Int { Int(((end - tap) * 60).rounded()) }

    /// Milliseconds of processor time per run: the replay, the floor, the floor with the calls.
    struct Result {
        var replay: [Double] = []
        var floor: [Double] = []
        var calls: [Double] = []
    }

    func run() -> Result {
        var result = Result()
        let floor = Peer(executable: "lua5.4", arguments: ["scenes/displaylink-floor.lua", "\(Self.ticks)", "3"])
        for run in 0..<(runs + 1) {
            let whole = processorTime(["check", example, "--duration", "\(Self.end)"])
            let before = processorTime(["check", example, "--duration", "\(Self.tap)"])
            let plain = floor.run()
            guard run >= 1 else { continue }
            if let whole, let before { result.replay.append((whole - before) * 1000) }
            if let ms = plain?["ms"].flatMap(Double.init), let calls = plain?["calls_ms"].flatMap(Double.init) {
                result.floor.append(ms)
                result.calls.append(calls)
            }
        }
        return result
    }

    /// The processor time `snowglobe arguments` took, in seconds; nil when it failed.
    private func processorTime(_ arguments: [String]) -> Double? {
        guard let pid = spawnQuietly(snowglobe, arguments) else { return nil }
        let (succeeded, cpu) = awaitChild(pid)
        return succeeded ? cpu : nil
    }
}
