import Foundation

/// Renders in parts (issue 38): an example's 0–30 s at 30 fps as one render and as two parts
/// (`--chunk 1/2`, `--chunk 2/2`, each replaying the scene up to its first frame), as PNG
/// sequences. The processor time the two parts take together against the one render's, both on
/// one thread (what splitting costs, replay included), and the wall time of the two parts run side
/// by side against one render drawing on two threads.
struct PartsBenchmark {
    let snowglobe: String

    /// How many times the whole render and the two parts are timed, alternately: one sample
    /// each swings by a tenth on a shared machine, as much as the overhead being measured.
    static let rounds = 5

    struct Result {
        /// Medians over the rounds, and the median of each round's parts over whole.
        var wholeCPU: Double, partsCPU: Double, ratioCPU: Double
        var wholeWall: Double, partsWall: Double
    }

    /// Seconds of processor time (user and system) and of wall time of each run, or nil when a
    /// render failed.
    func run(script: String) -> Result? {
        let folder = NSTemporaryDirectory() + "snowglobe-parts-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["render", script, "--from", "0", "--to", "30", "--fps", "30", "--size", "320x240"]
        func out(_ name: String) -> [String] { ["--out", folder + "/" + name + "/"] }
        func whole() -> Double? { wait([spawn(common + out("whole") + ["--threads", "1"])])?.cpu }
        func parts() -> Double? {
            guard let first = wait([spawn(common + out("parts") + ["--threads", "1", "--chunk", "1/2"])]),
                  let second = wait([spawn(common + out("parts") + ["--threads", "1", "--chunk", "2/2"])]) else { return nil }
            return first.cpu + second.cpu
        }
        var wholeTimes: [Double] = [], partsTimes: [Double] = [], ratios: [Double] = []
        for round in 0..<Self.rounds {
            // Which goes first alternates, so that a machine growing busier favours neither.
            let pair: (Double?, Double?) = round % 2 == 0 ? (whole(), parts()) : { let p = parts(); return (whole(), p) }()
            guard let w = pair.0, let p = pair.1 else { return nil }
            wholeTimes.append(w)
            partsTimes.append(p)
            ratios.append(p / w)
        }
        guard let wholeTwo = wait([spawn(common + out("whole2") + ["--threads", "2"])]),
              let sideBySide = wait([spawn(common + out("side") + ["--threads", "1", "--chunk", "1/2"]),
                                     spawn(common + out("side") + ["--threads", "1", "--chunk", "2/2"])])
        else { return nil }
        return Result(wholeCPU: median(wholeTimes), partsCPU: median(partsTimes), ratioCPU: median(ratios),
                      wholeWall: wholeTwo.wall, partsWall: sideBySide.wall)
    }

    private func spawn(_ arguments: [String]) -> pid_t? {
        spawnQuietly(snowglobe, arguments)
    }

    /// Waits for the processes started together: their processor time added up, and the wall
    /// time from now until the last has exited (nil when one failed).
    private func wait(_ pids: [pid_t?]) -> (cpu: Double, wall: Double)? {
        let start = DispatchTime.now().uptimeNanoseconds
        var cpu = 0.0
        var ok = true
        for pid in pids {
            guard let pid else { ok = false; continue }
            let child = awaitChild(pid)
            ok = ok && child.succeeded
            cpu += child.cpu
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return ok ? (cpu, wall) : nil
    }
}
