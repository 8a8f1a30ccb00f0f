import Foundation

/// Lottie export (issue 34): an example's 0–10 s at 30 fps, 320×240, exported to Lottie JSON
/// against rendered to a PNG sequence (both on one thread, processor time), and the bytes of the
/// JSON.
struct LottieBenchmark {
    let snowglobe: String

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
        guard let export = cpuSeconds(common + ["--out", json]),
              let render = cpuSeconds(common + ["--out", folder + "/frames/", "--threads", "1"]),
              let size = (try? FileManager.default.attributesOfItem(atPath: json))?[.size] as? Int
        else { return nil }
        return Result(exportCPU: export, renderCPU: render, bytes: size)
    }

    /// The processor time (user and system) of one run of `snowglobe`, or nil when it failed.
    private func cpuSeconds(_ arguments: [String]) -> Double? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([snowglobe] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, snowglobe, &actions, nil, argv, envp) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        guard status == 0 else { return nil }
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
