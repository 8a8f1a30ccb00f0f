/// Frame times collected while the viewer runs, summarised for `--stats`: mean, median, 95th
/// percentile, worst, and how many frames took longer than the frame budget.
public struct FrameStatistics: Sendable {
    /// Seconds each frame's work took (events, script, evaluation, drawing, presenting).
    public private(set) var frameTimes: [Double] = []
    /// Seconds a frame may take at the target rate.
    public let budget: Double
    /// Frames recorded while the scene was paused: they measure a still scene, which costs
    /// little to show, not its animation.
    public private(set) var pausedCount = 0

    /// Statistics against `budget` seconds a frame.
    public init(budget: Double) {
        self.budget = budget
    }

    /// Records one frame that took `seconds`, shown while the scene was `paused` or not.
    public mutating func record(_ seconds: Double, paused: Bool = false) {
        guard seconds.isFinite && seconds >= 0 else { return }
        frameTimes.append(seconds)
        if paused { pausedCount += 1 }
    }

    /// Frames recorded.
    public var count: Int { frameTimes.count }

    /// The mean frame time in seconds (0 with no frames).
    public var mean: Double {
        frameTimes.isEmpty ? 0 : frameTimes.reduce(0, +) / Double(frameTimes.count)
    }

    /// The frame time that `fraction` (0…1) of frames stay at or under (nearest rank).
    public func percentile(_ fraction: Double) -> Double {
        guard !frameTimes.isEmpty else { return 0 }
        let sorted = frameTimes.sorted()
        let rank = Int((min(max(fraction, 0), 1) * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The longest frame.
    public var worst: Double { frameTimes.max() ?? 0 }

    /// Frames that took longer than the budget.
    public var overBudget: Int { frameTimes.filter { $0 > budget }.count }

    /// The summary `--stats` prints, over `elapsed` seconds of running.
    public func report(elapsed: Double) -> String {
        let fps = elapsed > 0 ? Double(count) / elapsed : 0
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        return """
            frames: \(count) in \(String(format: "%.1f", elapsed)) s (\(String(format: "%.1f", fps)) fps)
            frame time: mean \(ms(mean)), p50 \(ms(percentile(0.5))), p95 \(ms(percentile(0.95))), max \(ms(worst))
            over budget (\(ms(budget))): \(overBudget) of \(count) frames
            """ + pausedNote
    }

    /// Says how much of the run measured a paused scene, when any did.
    private var pausedNote: String {
        guard pausedCount > 0 else { return "" }
        let share = pausedCount == count ? "all \(count) frames" : "\(pausedCount) of \(count) frames"
        return "\npaused for \(share): those measure a still scene, not its animation (F6 plays it)"
    }
}
