/// Where the viewer is in a scene's time and how it moves: the playhead, the in and out marks,
/// whether it loops between them, the speed and whether it is paused. A value: the `Player`
/// keeps the scene at its playhead.
public struct Timeline: Sendable, Equatable, Codable {
    /// The media time shown.
    public var playhead: Double = 0 {
        didSet { playhead = Timeline.clamp(playhead) }
    }
    /// Where the loop starts (nil: at 0).
    public var inPoint: Double?
    /// Where the loop ends (nil: no loop).
    public var outPoint: Double?
    /// Whether playing past the out mark goes back to the in mark.
    public var loops = false
    /// Media seconds per real second while playing.
    public var speed: Double = 1
    /// Whether time stands still.
    public var isPaused = false

    /// The speeds Shift+F8 cycles through.
    public static let speeds: [Double] = [0.1, 0.25, 0.5, 1, 2, 4]

    public init() {}

    /// The range played over and over: from the in mark (or 0) to the out mark, when looping
    /// and the out mark is after the in mark.
    public var loopRange: ClosedRange<Double>? {
        guard loops, let outPoint else { return nil }
        let start = inPoint ?? 0
        return start < outPoint ? start...outPoint : nil
    }

    /// Moves the playhead on by `realSeconds` of playing (nothing while paused). Reaching the
    /// out mark while looping goes back to the in mark.
    public mutating func play(for realSeconds: Double) {
        guard !isPaused, realSeconds > 0, realSeconds.isFinite else { return }
        let next = playhead + realSeconds * speed
        if let range = loopRange, playhead <= range.upperBound, next >= range.upperBound {
            let length = range.upperBound - range.lowerBound
            playhead = range.lowerBound + (next - range.upperBound).truncatingRemainder(dividingBy: length)
        } else {
            playhead = next
        }
    }

    /// Sets the in mark at the playhead (an out mark before it is dropped).
    public mutating func markIn() {
        inPoint = playhead
        if let outPoint, outPoint <= playhead { self.outPoint = nil }
    }

    /// Sets the out mark at the playhead (an in mark after it is dropped) and starts looping.
    public mutating func markOut() {
        outPoint = playhead
        if let inPoint, inPoint >= playhead { self.inPoint = nil }
        loops = playhead > 0
    }

    /// Drops both marks and stops looping.
    public mutating func clearMarks() {
        inPoint = nil
        outPoint = nil
        loops = false
    }

    /// The next speed up the list, wrapping from the fastest to the slowest.
    public mutating func cycleSpeed() {
        let index = Timeline.speeds.firstIndex { $0 > speed + 1e-9 } ?? 0
        speed = Timeline.speeds[index]
    }

    /// `time` kept within 0 and a day.
    static func clamp(_ time: Double) -> Double {
        guard time.isFinite else { return 0 }
        return min(max(time, 0), Tick.maximumTime)
    }
}
