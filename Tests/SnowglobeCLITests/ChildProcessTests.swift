import Foundation
import TestSupport
import Testing

/// Tests run `snowglobe` and xvfb-run as child processes; waiting for one must end even when the
/// child leaves a process of its own running (Foundation alone would wait for ever).
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

    @Test func aChildThatExitsOnItsOwnGivesItsStatus() throws {
        let process = try shell("exit 5")
        #expect(process.exitStatus(killingAfter: 30) == 5)
    }
}
