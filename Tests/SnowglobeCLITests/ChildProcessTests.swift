import Foundation
import TestSupport
import Testing

/// Tests run `snowglobe` and Xvfb as child processes; waiting for one must end even when the
/// child leaves a process of its own running (Foundation alone would wait for ever), and a child
/// must be able to receive the signals that stop it.
struct ChildProcessTests {
    private func shell(_ command: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        return process
    }

    @Test func aChildThatLeavesAGrandchildRunningIsReapedWithItsStatus() throws {
        let began = Date()
        let process = try shell("sleep 60 & exit 3")
        #expect(process.exitStatus(killingAfter: 30) == 3)
        #expect(Date().timeIntervalSince(began) < 10)
    }

    @Test func aChildStillRunningAtTheDeadlineIsKilled() throws {
        let process = try shell("sleep 60")
        #expect(process.exitStatus(killingAfter: 0.2) == SIGKILL)
    }

    @Test func aChildStartedWithSignalsUnblockedStopsOnSIGTERM() throws {
        // As the test runner's threads do: SIGTERM blocked in the thread that starts the child.
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["60"]
        try process.runWithSignalsUnblocked()
        let began = Date()
        process.terminate()
        #expect(process.exitStatus(killingAfter: 10) == SIGTERM)
        #expect(Date().timeIntervalSince(began) < 5)
    }

    @Test func aChildThatExitsOnItsOwnGivesItsStatus() throws {
        let process = try shell("exit 5")
        #expect(process.exitStatus(killingAfter: 30) == 5)
    }
}
