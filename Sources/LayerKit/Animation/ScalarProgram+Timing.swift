/// A tick that draws nothing needs no values: only each animation's begin time settled and its
/// start and end recorded, so that callbacks and completions come on the tick they belong to.
/// This pass does that and writes no presentation slot; the values are made when a frame is
/// drawn or a script reads them (`Scene.ensurePresentation`).
extension ScalarProgram {
    /// Settles begin times and records the starts and ends due at the layer's local time
    /// `time`, as `run(…records: true)` does, without evaluating a value.
    func recordTiming(at time: Double, layer: Unmanaged<Layer>, scene: Scene) {
        withUnsafeMutablePointers { header, steps in
            let h = UnsafePointer(header)
            for i in 0..<h.pointee.count {
                let step = steps + i
                if step.pointee.flags.contains(.needsBeginTime) {
                    ScalarProgram.setBeginTime(of: step, h.pointee.owners[i], to: time)
                }
                let flags = step.pointee.flags
                // Begun and endless: nothing more can happen to it.
                if flags.contains([.endless, .started]) { continue }
                if flags.contains([.started, .ended]) { continue }
                let sample = MediaTiming.sample(
                    at: time, beginTime: step.pointee.beginTime, speed: step.pointee.speed,
                    timeOffset: step.pointee.timeOffset, duration: step.pointee.duration,
                    active: step.pointee.active, autoreverses: flags.contains(.autoreverses),
                    fillsForwards: flags.contains(.fillsForwards), fillsBackwards: flags.contains(.fillsBackwards))
                if sample.phase != .before && !flags.contains(.started) {
                    ScalarProgram.recordStart(of: step, h.pointee.owners[i], scene: scene)
                }
                if sample.phase == .after && !flags.contains(.ended) {
                    ScalarProgram.recordEnd(of: step, h.pointee.owners[i], layer: layer, scene: scene)
                }
            }
        }
    }
}
