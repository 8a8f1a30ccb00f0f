import Foundation

/// An Xvfb server of the benchmark's own, on a free display number, so that windowed runs (ours
/// and LÖVE's) are timed without xvfb-run's start-up in the figures. Programs run on it get a
/// state folder of the server's own, so that no viewer reads or writes the user's remembered
/// timelines.
final class XvfbServer {
    let display: String
    private let process = Process()
    private let stateFolder = NSTemporaryDirectory() + "snowglobe-bench-state-\(getpid())-\(UUID().uuidString)"

    /// Starts Xvfb at `width`×`height`; nil when Xvfb is not installed or does not come up.
    init?(width: Int = 1280, height: Int = 720) {
        guard let xvfb = Peer.which("Xvfb") else { return nil }
        guard let number = (90..<200).first(where: { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
                                                     && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") }) else {
            return nil
        }
        display = ":\(number)"
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.2)
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: stateFolder)
    }

    /// The environment a windowed program needs to use this server.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["SDL_AUDIODRIVER"] = "dummy"
        env["ALSOFT_DRIVERS"] = "null"
        env["XDG_STATE_HOME"] = stateFolder
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        return env
    }
}

/// Runs a program to its end and returns the wall-clock seconds it took (nil when it failed).
func timedRun(_ executable: String, _ arguments: [String], environment: [String: String]) -> Double? {
    let start = DispatchTime.now().uptimeNanoseconds
    guard let pid = spawnQuietly(executable, arguments, environment: environment) else { return nil }
    let succeeded = awaitChild(pid).succeeded
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return succeeded ? seconds : nil
}
