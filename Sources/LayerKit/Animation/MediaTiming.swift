/// What an animation shows outside its active time (CAMediaTimingFillMode).
public enum FillMode: String, ChoiceValue {
    case removed, forwards, backwards, both
    public static var fallback: FillMode { .removed }

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// Where an animation is in its life at some parent time.
public enum TimingPhase: Sendable, Equatable {
    /// Before its begin time.
    case before
    /// Between its begin time and the end of its active duration.
    case active
    /// After its active duration.
    case after
}

/// An animation's timing at one parent time: which phase, whether its value shows, and where in
/// its simple duration it is.
public struct TimingSample: Sendable, Equatable {
    public var phase: TimingPhase
    /// Whether the animation's value applies (active, or filling).
    public var isEffective: Bool
    /// Progress through the simple duration, 0…1, after repeats and autoreverse, before the
    /// timing function.
    public var fraction: Double
    /// Completed cycles (forward, or forward and back with autoreverses) before this one.
    public var iteration: Int
}

/// The CAMediaTiming properties of an animation, with Core Animation's arithmetic.
///
/// Local time is `(parent − beginTime) × speed`; the active duration is `repeatDuration`, else
/// `repeatCount` cycles, else one cycle, where a cycle is the duration, doubled by autoreverses;
/// `timeOffset` shifts the time inside the active duration and wraps around it (paused, at
/// speed 0, an offset at the end stands at the end); the fill mode
/// decides what shows before and after. A negative speed runs the active duration backwards
/// from `timeOffset`, wrapping the same way (an endless one, which has no end to wrap to, stops
/// at its start).
public struct MediaTiming: Sendable, Equatable {
    public var beginTime: Double = 0
    /// The simple duration (already resolved: never 0, NaN or negative).
    public var duration: Double = 0.25
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode = FillMode.removed

    public init() {}

    /// One cycle: the duration, twice when autoreversing.
    @inline(__always) public var cycleDuration: Double { autoreverses ? duration * 2 : duration }

    /// The time from begin to end: `repeatDuration`, else `repeatCount` cycles, else one cycle
    /// (infinite for `repeatCount = .infinity`).
    @inline(__always) public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycleDuration }
        return cycleDuration
    }

    /// The end of the active duration in parent time (infinite for endless animations and a
    /// speed of 0).
    public var endTime: Double {
        if speed > 0 { return beginTime + activeDuration / speed }
        if speed < 0 { return beginTime + MediaTiming.reversedRun(timeOffset: timeOffset, active: activeDuration) / -speed }
        return .infinity
    }

    /// The timing at `parentTime`.
    @inline(__always)
    public func sample(at parentTime: Double) -> TimingSample {
        sample(at: parentTime, active: activeDuration)
    }

    /// The timing at `parentTime`, given the active duration (which a compiled program keeps).
    @inline(__always)
    func sample(at parentTime: Double, active: Double) -> TimingSample {
        MediaTiming.sample(at: parentTime, beginTime: beginTime, speed: speed, timeOffset: timeOffset,
                           duration: duration, active: active, autoreverses: autoreverses,
                           fillsForwards: fillMode.fillsForwards, fillsBackwards: fillMode.fillsBackwards)
    }

    /// The arithmetic of `sample(at:)` on plain numbers, shared with compiled programs.
    @inline(__always)
    static func sample(at parentTime: Double, beginTime: Double, speed: Double, timeOffset: Double,
                       duration: Double, active: Double, autoreverses: Bool,
                       fillsForwards: Bool, fillsBackwards: Bool) -> TimingSample {
        if speed < 0 {
            return reversedSample(elapsed: (parentTime - beginTime) * -speed, timeOffset: timeOffset, duration: duration,
                                  active: active, autoreverses: autoreverses,
                                  fillsForwards: fillsForwards, fillsBackwards: fillsBackwards)
        }
        let raw = (parentTime - beginTime) * speed
        let phase: TimingPhase
        let effective: Double
        if raw < 0 {
            phase = .before
            guard fillsBackwards else { return TimingSample(phase: .before, isEffective: false, fraction: 0, iteration: 0) }
            effective = wrap(timeOffset, active, atEnd: false)
        } else if raw >= active {
            phase = .after
            guard fillsForwards else { return TimingSample(phase: .after, isEffective: false, fraction: 1, iteration: 0) }
            effective = timeOffset == 0 ? active : wrap(active + timeOffset, active, atEnd: true)
        } else {
            phase = .active
            // Paused (speed 0), the offset is where the animation stands, so an offset at its
            // end shows the end rather than wrapping round to the start.
            effective = timeOffset == 0 ? raw : wrap(raw + timeOffset, active, atEnd: speed == 0)
        }
        let (fraction, iteration) = simpleFraction(at: effective, active: active, duration: duration,
                                                   autoreverses: autoreverses)
        return TimingSample(phase: phase, isEffective: true, fraction: fraction, iteration: iteration)
    }

    /// `sample` for a negative speed, `elapsed` seconds of local time after the begin time: the
    /// time into the active duration falls from `timeOffset`, wrapping from 0 to the end (so an
    /// offset of 0, the same moment as the end, plays all of it backwards), for one active
    /// duration; an endless animation runs down to 0 and stops.
    private static func reversedSample(elapsed: Double, timeOffset: Double, duration: Double, active: Double,
                                       autoreverses: Bool, fillsForwards: Bool, fillsBackwards: Bool) -> TimingSample {
        let run = reversedRun(timeOffset: timeOffset, active: active)
        let wraps = active.isFinite && active > 0
        let phase: TimingPhase
        let effective: Double
        if elapsed < 0 {
            phase = .before
            guard fillsBackwards else { return TimingSample(phase: .before, isEffective: false, fraction: 0, iteration: 0) }
            effective = wraps ? active - wrap(-timeOffset, active, atEnd: false) : timeOffset
        } else if elapsed >= run {
            phase = .after
            guard fillsForwards else { return TimingSample(phase: .after, isEffective: false, fraction: 0, iteration: 0) }
            effective = wraps ? wrap(timeOffset, active, atEnd: false) : 0
        } else {
            phase = .active
            effective = wraps ? active - wrap(elapsed - timeOffset, active, atEnd: false) : timeOffset - elapsed
        }
        let (fraction, iteration) = simpleFraction(at: effective, active: active, duration: duration,
                                                   autoreverses: autoreverses)
        return TimingSample(phase: phase, isEffective: true, fraction: fraction, iteration: iteration)
    }

    /// How much local time a reversed animation runs for: its whole active duration, which it
    /// wraps around, or for an endless one the time from its offset down to 0.
    static func reversedRun(timeOffset: Double, active: Double) -> Double {
        active.isFinite ? active : max(timeOffset, 0)
    }

    /// Fraction of the simple duration and completed cycles at time `t` in 0…active.
    @inline(__always)
    static func simpleFraction(at t: Double, active: Double, duration: Double,
                                       autoreverses: Bool) -> (Double, Int) {
        let cycle = autoreverses ? duration * 2 : duration
        guard cycle > 0, cycle.isFinite, t.isFinite else { return (0, 0) }
        var (inCycle, iteration) = cyclePosition(at: t, cycle: cycle)
        // The very end of the active duration shows the end of the last cycle, not the start of the next.
        if inCycle <= 0 && t > 0 && t >= active {
            iteration -= 1
            inCycle = cycle
        }
        let f = fraction(inCycle: inCycle, duration: duration, autoreverses: autoreverses)
        return (f, iteration < 4.0e18 ? Int(iteration) : Int.max / 2)
    }

    /// `simpleFraction` for an endless active duration (which has no end to show), at `t` ≥ 0;
    /// the completed cycles stay a whole Double.
    @inline(__always)
    static func endlessFraction(at t: Double, duration: Double, autoreverses: Bool) -> (Double, Double) {
        let cycle = autoreverses ? duration * 2 : duration
        guard cycle > 0, cycle.isFinite, t.isFinite else { return (0, 0) }
        let (inCycle, iteration) = cyclePosition(at: t, cycle: cycle)
        return (fraction(inCycle: inCycle, duration: duration, autoreverses: autoreverses), iteration)
    }

    /// Time into the current cycle, and the cycles completed, at `t` ≥ 0.
    @inline(__always)
    private static func cyclePosition(at t: Double, cycle: Double) -> (inCycle: Double, iteration: Double) {
        guard t >= cycle else { return (t, 0) }
        let q = t / cycle
        // Truncation is floor for the non-negative times here, and much cheaper than floor().
        let iteration = q < 9.0e15 ? Double(Int64(q)) : q.rounded(.down)
        return (t - iteration * cycle, iteration)
    }

    /// The fraction of the simple duration for a time into the cycle, folded back on the reverse
    /// half when the animation autoreverses.
    @inline(__always)
    private static func fraction(inCycle: Double, duration: Double, autoreverses: Bool) -> Double {
        let folded = autoreverses && inCycle > duration ? 2 * duration - inCycle : inCycle
        let fraction = folded / duration
        return fraction > 1 ? 1 : fraction < 0 ? 0 : fraction
    }

    /// `t` wrapped into 0…length; exact multiples land on `length` when `atEnd`, else on 0.
    @inline(__always)
    private static func wrap(_ t: Double, _ length: Double, atEnd: Bool) -> Double {
        guard length.isFinite, length > 0 else { return t }
        var r = t.truncatingRemainder(dividingBy: length)
        if r < 0 { r += length }
        if r == 0 && atEnd && t != 0 { return length }
        return r
    }
}
