extension Layer {
    /// The marks of `state`, an animation attached to this layer, in media time up to
    /// `mediaLimit`: where it passes a key time or its spring settles, for the animations in it
    /// that touch `keyPath` (all of them when nil). What `plot` and the inspector's graph mark.
    public func mediaMarks(of state: AttachedAnimationState, touching keyPath: String?,
                           through mediaLimit: Double) -> [AnimationMark] {
        state.marks(touching: keyPath, through: localTime(mediaTime: mediaLimit)).compactMap { mark in
            guard let time = mediaTime(localTime: mark.time), time.isFinite else { return nil }
            return AnimationMark(kind: mark.kind, time: time)
        }
    }
}
