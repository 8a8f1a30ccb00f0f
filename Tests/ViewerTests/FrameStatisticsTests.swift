import Testing
@testable import Viewer

/// `--stats`: the figures people read to judge their effect's frame times.
struct FrameStatisticsTests {
    @Test func summarisesFrameTimesAgainstTheBudget() {
        var stats = FrameStatistics(budget: 1.0 / 60)
        for ms in [2.0, 4, 4, 6, 8, 10, 12, 14, 20, 40] { stats.record(ms / 1000) }
        stats.record(.nan)
        stats.record(-1)
        #expect(stats.count == 10)
        #expect(abs(stats.mean - 0.012) < 1e-12)
        #expect(stats.percentile(0.5) == 0.008)
        #expect(stats.percentile(0.95) == 0.040)
        #expect(stats.worst == 0.040)
        #expect(stats.overBudget == 2)
        let report = stats.report(elapsed: 2)
        #expect(report.contains("frames: 10 in 2.0 s (5.0 fps)"))
        #expect(report.contains("mean 12.00 ms, p50 8.00 ms, p95 40.00 ms, max 40.00 ms"))
        #expect(report.contains("over budget (16.67 ms): 2 of 10 frames"))
    }

    @Test func saysHowManyFramesMeasuredAPausedScene() {
        var stats = FrameStatistics(budget: 1.0 / 60)
        for ms in [2.0, 4, 6] { stats.record(ms / 1000) }
        #expect(!stats.report(elapsed: 1).contains("paused"))
        stats.record(0.001, paused: true)
        #expect(stats.report(elapsed: 1).hasSuffix(
            "\npaused for 1 of 4 frames: those measure a still scene, not its animation (F6 plays it)"))
    }

    @Test func anEmptyRunReportsZeroes() {
        let stats = FrameStatistics(budget: 1.0 / 60)
        #expect(stats.report(elapsed: 0).contains("frames: 0 in 0.0 s (0.0 fps)"))
        #expect(stats.percentile(0.95) == 0)
    }
}
