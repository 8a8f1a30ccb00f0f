import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Process {
    /// Waits at most `seconds` for the process to exit, then kills its process group; returns its
    /// exit status (the signal's number when a signal ended it), or -1 if it could not be reaped.
    ///
    /// Never `waitUntilExit` alone: on Linux, Foundation learns that a child exited only when a
    /// socket the child inherited closes, and a grandchild left running (an Xvfb that outlives
    /// xvfb-run) holds it open for ever, so `isRunning` stays true and `waitUntilExit` never
    /// returns. Foundation starts each child in a process group of its own: once the child has
    /// exited, or the time is up, killing the group ends such grandchildren too, and the child is
    /// reaped here if Foundation still has not.
    public func exitStatus(killingAfter seconds: Double) -> Int32 {
        let pid = processIdentifier
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && !Process.isZombie(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if !isRunning { return terminationStatus }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        let reapDeadline = Date().addingTimeInterval(5)
        while Date() < reapDeadline {
            if !isRunning { return terminationStatus }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return -1
    }

    /// Whether process `pid` has exited and waits to be reaped (its state in /proc is Z).
    private static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ") ", options: .backwards) else { return false }
        return stat[end.upperBound...].first == "Z"
    }
}
