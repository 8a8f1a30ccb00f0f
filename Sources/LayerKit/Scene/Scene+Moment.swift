extension Scene {
    /// Calls `body` with the presentation tree as it is at `time` (replicators' delayed instances
    /// included). Nothing else changes: no animation starts, ends or has its begin time settled,
    /// and emitters are not stepped (their particles show as of the last frame); an animation
    /// added since the last tick shows as if it began at the scene's time. Afterwards the
    /// presentation is made again when read (`ensurePresentation`).
    ///
    /// This is how a frame between two of the scene's steps is drawn — slow motion, a render at a
    /// rate the steps do not divide — and how a step's frame is drawn with the changes its
    /// callbacks made after it was evaluated, the same way whether or not anything was drawn.
    public func withPresentation(at time: Double, _ body: () -> Void) {
        let moment = time.isFinite ? time : self.time
        showingMoment += 1
        defer { showingMoment -= 1 }
        if presentByPlan(at: moment) { return body() }
        momentEvaluation.withPresentation(of: [root], parentTime: self.time, shiftedTo: moment) { changes in
            instanceCapture.withInstances(of: momentEvaluation.replicators(in: changes), body)
        }
    }
}
