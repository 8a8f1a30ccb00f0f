/// A moment worth marking on a graph of an animated value: where a keyframe animation passes one
/// of its key times, or where a spring comes to rest.
public struct AnimationMark: Equatable, Sendable {
    public enum Kind: Sendable {
        /// A keyframe animation reaches one of its values.
        case keyTime
        /// A spring's motion falls below its rest threshold for good.
        case settled
    }

    public var kind: Kind
    /// The moment, in the time space the marks were asked in.
    public var time: Double

    public init(kind: Kind, time: Double) {
        self.kind = kind
        self.time = time
    }
}

extension AnimationMark {
    /// `marks` in time order, each moment once for each kind (within a nanosecond: one cycle's
    /// last key time is the next one's first).
    public static func unique(_ marks: [AnimationMark]) -> [AnimationMark] {
        var unique: [AnimationMark] = []
        var last: [Kind: Double] = [:]
        for mark in marks.sorted(by: { $0.time < $1.time }) where last[mark.kind].map({ mark.time - $0 > 1e-9 }) ?? true {
            unique.append(mark)
            last[mark.kind] = mark.time
        }
        return unique
    }
}
