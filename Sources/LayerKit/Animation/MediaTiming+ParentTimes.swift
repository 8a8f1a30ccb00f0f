extension MediaTiming {
    /// The times in the parent's time space, up to `limit` and at most `maxCount` of them, at
    /// which the animation is `simpleTime` seconds into its simple duration (0…duration): once
    /// a cycle, and once more on the way back when it autoreverses; `timeOffset` shifts them as
    /// it shifts the animation. Sorted; empty when the speed is not positive (a paused or
    /// reversed animation passes no moment at a time of its own). Where a graph of the
    /// animated value marks a key time or a spring's settling.
    public func parentTimes(atSimpleTime simpleTime: Double, through limit: Double, maxCount: Int = 1000) -> [Double] {
        guard speed > 0, speed.isFinite, duration > 0, duration.isFinite, beginTime.isFinite,
              simpleTime >= 0, simpleTime <= duration, !limit.isNaN, maxCount > 0 else { return [] }
        let cycle = cycleDuration, active = activeDuration
        let points = autoreverses && simpleTime < duration ? [simpleTime, 2 * duration - simpleTime] : [simpleTime]
        // Without a time offset (or with an endless active duration, which it does not wrap
        // around) the times rise with the cycle, so the walk stops at `limit`.
        let rising = timeOffset == 0 || !active.isFinite
        var times: [Double] = []
        var cycleIndex = 0
        while cycleIndex < maxCount && times.count < maxCount {
            let start = Double(cycleIndex) * cycle
            // A cycle that would start where the active duration ends never runs.
            if start > 0 && start >= active { break }
            if rising && beginTime + (start - timeOffset) / speed > limit { break }
            for point in points {
                let effective = start + point
                guard effective <= active else { continue }
                var activeTime = effective - timeOffset
                if !rising {
                    activeTime = activeTime.truncatingRemainder(dividingBy: active)
                    if activeTime < 0 { activeTime += active }
                }
                guard activeTime >= 0 else { continue }
                let parent = beginTime + activeTime / speed
                if parent <= limit { times.append(parent) }
            }
            cycleIndex += 1
        }
        times.sort()
        var unique: [Double] = []
        for time in times where unique.last.map({ time - $0 > 1e-12 }) ?? true { unique.append(time) }
        return Array(unique.prefix(maxCount))
    }
}
