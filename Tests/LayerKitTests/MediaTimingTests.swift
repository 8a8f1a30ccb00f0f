import Testing
@testable import LayerKit
import TestSupport

/// CAMediaTiming's arithmetic: phases, repeats, autoreverse, speed, offsets and fill modes.
struct MediaTimingTests {
    func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming {
        var t = MediaTiming()
        t.duration = 1
        configure(&t)
        return t
    }

    @Test(arguments: [
        // (time, fill mode, effective, fraction)
        (-0.5, FillMode.removed, false, 0.0),
        (-0.5, FillMode.backwards, true, 0.0),
        (-0.5, FillMode.both, true, 0.0),
        (-0.5, FillMode.forwards, false, 0.0),
        (0.0, FillMode.removed, true, 0.0),
        (0.25, FillMode.removed, true, 0.25),
        (0.999, FillMode.removed, true, 0.999),
        (1.0, FillMode.removed, false, 1.0),
        (1.5, FillMode.forwards, true, 1.0),
        (1.5, FillMode.both, true, 1.0),
        (1.5, FillMode.backwards, false, 1.0),
    ])
    func fillModes(time: Double, fill: FillMode, effective: Bool, fraction: Double) {
        let s = timing { $0.fillMode = fill }.sample(at: time)
        #expect(s.isEffective == effective)
        if effective { #expect(close(s.fraction, fraction)) }
    }

    @Test func phases() {
        let t = timing { $0.beginTime = 2 }
        #expect(t.sample(at: 1.9).phase == .before)
        #expect(t.sample(at: 2.0).phase == .active)
        #expect(t.sample(at: 2.99).phase == .active)
        #expect(t.sample(at: 3.0).phase == .after)
    }

    @Test func speedScalesTime() {
        let t = timing { $0.speed = 2 }
        #expect(close(t.sample(at: 0.25).fraction, 0.5))
        #expect(t.sample(at: 0.5).phase == .after)
        #expect(close(t.endTime, 0.5))
        let slow = timing { $0.speed = 0.5 }
        #expect(close(slow.sample(at: 1).fraction, 0.5))
    }

    @Test func timeOffsetShiftsAndWrapsAroundTheDuration() {
        let t = timing { $0.timeOffset = 0.25 }
        #expect(close(t.sample(at: 0).fraction, 0.25))
        #expect(close(t.sample(at: 0.5).fraction, 0.75))
        // Past the end of the simple duration it wraps to the start …
        #expect(close(t.sample(at: 0.8).fraction, 0.05))
        // … and the active duration is unchanged.
        #expect(t.sample(at: 1.0).phase == .after)
    }

    @Test func zeroSpeedWithTimeOffsetHoldsAFrame() {
        let t = timing { $0.speed = 0; $0.timeOffset = 0.4 }
        for time in [0.0, 5, 100] {
            let s = t.sample(at: time)
            #expect(s.phase == .active)
            #expect(close(s.fraction, 0.4))
        }
    }

    /// A negative speed runs the animation backwards from its timeOffset: local time is
    /// (parent − beginTime) × speed + timeOffset, so it falls from the offset.
    @Test func negativeSpeedRunsBackwardsFromTheTimeOffset() {
        let t = timing { $0.speed = -1; $0.timeOffset = 1; $0.fillMode = .forwards }
        #expect(close(t.sample(at: 0).fraction, 1))
        #expect(close(t.sample(at: 0.25).fraction, 0.75))
        #expect(close(t.sample(at: 0.75).fraction, 0.25))
        #expect(t.sample(at: 0.75).phase == .active)
        #expect(t.sample(at: 1).phase == .after)
        #expect(close(t.sample(at: 5).fraction, 0))
        #expect(close(t.endTime, 1))
        let fast = timing { $0.speed = -2; $0.timeOffset = 1 }
        #expect(close(fast.sample(at: 0.25).fraction, 0.5))
        #expect(fast.sample(at: 0.5).phase == .after)
        #expect(close(fast.endTime, 0.5))
    }

    /// Backwards, the time wraps around the active duration as it does forwards: from an
    /// offset of 0 (the same moment as the end) a reversed animation plays all of it.
    @Test func negativeSpeedWrapsAroundTheActiveDuration() {
        let fromZero = timing { $0.speed = -1 }
        #expect(close(fromZero.sample(at: 0).fraction, 1))
        #expect(close(fromZero.sample(at: 0.25).fraction, 0.75))
        #expect(fromZero.sample(at: 1).phase == .after)
        let t = timing { $0.speed = -1; $0.timeOffset = 0.25; $0.repeatCount = 2; $0.fillMode = .both; $0.beginTime = 1 }
        #expect(close(t.sample(at: 0).fraction, 0.25))
        #expect(t.sample(at: 0).phase == .before)
        #expect(close(t.sample(at: 1.2).fraction, 0.05))
        let wrapped = t.sample(at: 1.5)
        #expect(close(wrapped.fraction, 0.75))
        #expect(wrapped.iteration == 1)
        #expect(t.sample(at: 3).phase == .after)
        #expect(close(t.sample(at: 3).fraction, 0.25))
        #expect(close(t.endTime, 3))
    }

    /// An endless animation has no end to wrap around: backwards, it stops at its start.
    @Test func negativeSpeedOnAnEndlessAnimationStopsAtItsStart() {
        let t = timing { $0.speed = -1; $0.timeOffset = 2.5; $0.repeatCount = .infinity }
        let s = t.sample(at: 1)
        #expect(close(s.fraction, 0.5))
        #expect(s.iteration == 1)
        #expect(close(t.sample(at: 2.4).fraction, 0.1))
        #expect(t.sample(at: 2.5).phase == .after)
        #expect(close(t.endTime, 2.5))
    }

    @Test func fractionalRepeatCountEndsPartWayThroughACycle() {
        let t = timing { $0.repeatCount = 2.5; $0.fillMode = .forwards }
        let mid = t.sample(at: 2.25)
        #expect(close(mid.fraction, 0.25))
        #expect(mid.iteration == 2)
        #expect(t.sample(at: 2.5).phase == .after)
        let end = t.sample(at: 10)
        #expect(close(end.fraction, 0.5))
        #expect(end.iteration == 2)
    }

    @Test func wholeRepeatCountEndsOnTheLastCycleEnd() {
        let t = timing { $0.repeatCount = 3; $0.fillMode = .forwards }
        let end = t.sample(at: 3)
        #expect(end.phase == .after)
        #expect(close(end.fraction, 1))
        #expect(end.iteration == 2)
        #expect(t.sample(at: 1.5).iteration == 1)
    }

    @Test func infiniteRepeatNeverEnds() {
        let t = timing { $0.repeatCount = .infinity }
        let s = t.sample(at: 1000.25)
        #expect(s.phase == .active)
        #expect(close(s.fraction, 0.25, 1e-6))
        #expect(s.iteration == 1000)
        #expect(t.endTime == .infinity)
    }

    @Test func repeatDurationBoundsTheActiveTime() {
        let t = timing { $0.repeatDuration = 1.5 }
        #expect(close(t.sample(at: 1.25).fraction, 0.25))
        #expect(t.sample(at: 1.25).iteration == 1)
        #expect(t.sample(at: 1.5).phase == .after)
    }

    @Test func autoreverseIsForwardThenBackInOneRepeat() {
        let t = timing { $0.autoreverses = true; $0.repeatCount = 1; $0.fillMode = .forwards }
        #expect(close(t.activeDuration, 2))
        #expect(close(t.sample(at: 0.5).fraction, 0.5))
        #expect(close(t.sample(at: 1.0).fraction, 1.0))
        #expect(close(t.sample(at: 1.75).fraction, 0.25))
        #expect(t.sample(at: 2).phase == .after)
        #expect(close(t.sample(at: 3).fraction, 0))
    }

    @Test func autoreverseWithoutRepeatCountStillReturns() {
        let t = timing { $0.autoreverses = true }
        #expect(close(t.activeDuration, 2))
        #expect(close(t.sample(at: 1.5).fraction, 0.5))
    }

    @Test func badTimingValuesAreSanitisedWhenResolved() {
        let a = Animation()
        a.duration = .nan
        a.repeatCount = -3
        a.speed = .nan
        a.beginTime = .infinity
        let t = a.resolvedTiming(defaultDuration: 0.25)
        #expect(t.duration == 0.25)
        #expect(t.repeatCount == 0)
        #expect(t.speed == 1)
        #expect(t.beginTime == 0)
        a.duration = -1
        #expect(a.resolvedTiming(defaultDuration: 0.7).duration == 0.7)
    }
}
