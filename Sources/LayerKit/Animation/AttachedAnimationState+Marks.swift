extension AttachedAnimationState {
    /// Whether it, or an animation in it, animates `keyPath` or a part or whole of it
    /// (`"position"` and `"position.y"` touch each other; `"position"` and `"positionX"` do not).
    public func touches(keyPath other: String) -> Bool {
        if let keyPath, KeyPathOverlap.overlaps(keyPath, other) { return true }
        return children.contains { $0.touches(keyPath: other) }
    }

    /// The moments, in its parent's time space and up to `limit`, at which the animation passes
    /// a key time or its spring settles, in every cycle, through the timing function (a key time
    /// k is passed where the eased progress reaches k). A group's marks are those of its
    /// animations that touch `keyPath` (all of them when nil), carried through the group's own
    /// timing. In time order, each moment once for each kind; at most `maxCount`.
    public func marks(touching keyPath: String? = nil, through limit: Double, maxCount: Int = 1000) -> [AnimationMark] {
        var marks: [AnimationMark] = []
        for (kind, simpleTime) in simpleMarks(touching: keyPath) {
            for time in timing.parentTimes(atSimpleTime: simpleTime, through: limit, maxCount: maxCount) {
                marks.append(AnimationMark(kind: kind, time: time))
            }
        }
        return Array(AnimationMark.unique(marks).prefix(maxCount))
    }

    /// The marks as times into the simple duration (0…duration), once.
    private func simpleMarks(touching keyPath: String?) -> [(AnimationMark.Kind, Double)] {
        let duration = timing.duration
        let curve = animation.timingFunction ?? .linear
        /// The time into the duration at which the eased progress reaches `progress`.
        func simpleTime(reaching progress: Double) -> Double {
            curve.firstProgress(reaching: progress) * duration
        }
        if !children.isEmpty {
            return children.filter { child in keyPath.map { child.touches(keyPath: $0) } ?? true }.flatMap { child in
                // A child's time is the group's eased progress times the group's duration.
                child.marks(touching: keyPath, through: duration).map { mark in
                    (mark.kind, simpleTime(reaching: mark.time / duration))
                }
            }
        }
        if let keyPath, let own = self.keyPath, !KeyPathOverlap.overlaps(own, keyPath) { return [] }
        var marks = keyTimes.map { (AnimationMark.Kind.keyTime, simpleTime(reaching: $0)) }
        if let settling = settlingDuration, settling <= duration {
            // A spring runs by its own clock at the eased progress times the duration.
            marks.append((.settled, simpleTime(reaching: settling / duration)))
        }
        return marks
    }
}

/// Whether two key paths name the same value or one contains the other.
enum KeyPathOverlap {
    static func overlaps(_ a: String, _ b: String) -> Bool {
        a == b || a.hasPrefix(b + ".") || b.hasPrefix(a + ".")
    }
}
