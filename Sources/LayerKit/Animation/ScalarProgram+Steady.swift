/// Steady frames: the loop a compiled program runs once every one of its steps is endless and
/// has begun (`Header.steady`), which is how a large scene spends nearly all its frames. Nothing
/// is left to record, each step's timing is the endless path's, and the targets are slots and a
/// simple transform's components; the values are those of the general loop in `run`, which
/// takes over for any frame the steady loop gives up on.
extension ScalarProgram {
    /// Whether frames take the steady loop: every step is endless and has begun, and writes a
    /// slot or a component of a simple transform.
    var isSteady: Bool { header.steady }

    /// A frame of a steady program (see `steadyFrame`), for a caller with one layer to evaluate.
    func runSteady(at time: Double, layer: Unmanaged<Layer>, presented: UnsafeMutablePointer<Double>,
                   offsets: StorageOffsets) -> Bool {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: SimpleBase.count) { buffer in
            guard let components = buffer.baseAddress else { return false }
            return steadyFrame(at: time, layer: layer, presented: presented, offsets: offsets, components: components)
        }
    }

    /// Evaluates the steady programs of the plan's entries from `start` on, as long as they come
    /// one after another: one call for a run of layers, instead of one each. Returns the index of
    /// the first entry it did not evaluate: one whose program is not steady, or whose steady frame
    /// gave up (the caller runs it on the general path).
    static func runSteady(_ entries: UnsafeBufferPointer<PresentationPlan.Entry>, from start: Int,
                          times: UnsafePointer<Double>, offsets: StorageOffsets) -> Int {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: SimpleBase.count) { buffer in
            guard let components = buffer.baseAddress else { return start }
            var i = start
            while i < entries.count {
                let entry = entries[i]
                guard let program = entry.program, program.header.steady,
                      program.steadyFrame(at: times[Int(entry.parentSlot)], layer: entry.layer, presented: entry.presented,
                                          offsets: offsets, components: components) else { break }
                i += 1
            }
            return i
        }
    }

    /// A frame of a steady program: every step is endless and has begun, so none has anything to
    /// record and each takes the endless timing path; the targets are slots and a simple
    /// transform's components. The same values as the general loop in `run`, with none of its
    /// checks for other cases. Returns false when a step's time is before its begin time (time
    /// went back, or a speed is negative): the general loop then does the whole frame again.
    /// `components` is room for a simple transform's numbers, which the steps work on.
    @inline(__always)
    private func steadyFrame(at time: Double, layer: Unmanaged<Layer>, presented: UnsafeMutablePointer<Double>,
                             offsets: StorageOffsets, components: UnsafeMutablePointer<Double>) -> Bool {
        // The header's fields are read where they are needed, not copied whole.
        let h = UnsafePointer(block.assumingMemoryBound(to: Header.self))
        let steps = (block + ScalarProgram.stepsAt).assumingMemoryBound(to: Step.self)
        let easings = (block + Int(h.pointee.easingsAt)).assumingMemoryBound(to: Easing.self)
        let tracks = (block + Int(h.pointee.tracksAt)).assumingMemoryBound(to: NumberKeyframes.self)
        if h.pointee.partialMask != 0 { ScalarProgram.reset(layer, bits: h.pointee.partialMask, offsets: offsets) }
        var written = h.pointee.partialMask
        // The transform's components are worked on in memory, not in registers: a call on the way
        // (an easing of another family, a curve) would otherwise save and restore all seven.
        if h.pointee.simpleTransform {
            (block + Int(h.pointee.simpleBaseAt)).assumingMemoryBound(to: SimpleBase.self).pointee.store(to: components)
        }
        var fraction = 0.0, iteration = 0.0, eased = 0.0
        for i in 0..<Int(h.pointee.count) {
            let step = steps + i
            let flags = step.pointee.flags
            if !flags.contains(.sharesTiming) {
                let raw = (time - step.pointee.beginTime) * step.pointee.speed
                guard raw >= 0 else { return false }
                let offset = step.pointee.timeOffset
                (fraction, iteration) = MediaTiming.endlessFraction(
                    validCycleAt: offset == 0 ? raw : raw + offset, duration: step.pointee.duration,
                    autoreverses: flags.contains(.autoreverses))
            }
            if !flags.contains(.sharesCurve) {
                let curve = Int(step.pointee.curve)
                if curve == -1 {
                    eased = fraction
                } else if curve < -1 {
                    let easing = easings[-2 - curve]
                    let t = min(max(fraction, 0), 1)
                    eased = easing.family == .sine ? EasingFamily.sineValue(at: t, mode: easing.mode)
                        : ScalarProgram.value(of: easing, at: t)
                } else {
                    eased = ScalarProgram.evaluate(curveAt: curve, of: block, header: h.pointee, fraction)
                }
            }
            let track = Int(step.pointee.keyframes)
            var v = track >= 0 ? tracks[track].value(at: eased)
                : step.pointee.from + (step.pointee.to - step.pointee.from) * eased
            if flags.contains(.cumulative) && iteration > 0 {
                let change = track >= 0 ? tracks[track].last - tracks[track].first : step.pointee.to - step.pointee.from
                v += change * iteration
            }
            let additive = flags.contains(.additive)
            if step.pointee.part != nil {
                SimpleBase.write(v, at: step.pointee.bit, of: components, additive: additive)
            } else {
                let slot = presented + Int(step.pointee.offset)
                let bit: UInt64 = 1 << step.pointee.bit
                if additive && written & bit == 0 { ScalarProgram.reset(layer, bits: bit, offsets: offsets) }
                written |= bit
                slot.pointee = additive ? slot.pointee + v : v
            }
        }
        if h.pointee.writesTransform {
            let c = SimpleBase(numbers: components), at = presented + offsets.transform
            if let matrix = c.finiteMatrix {
                if h.pointee.fixedEntriesInPlace {
                    ValueSlots.storeMovingEntries(matrix, at: at, withDepthScale: h.pointee.movesDepthScale)
                } else {
                    ValueSlots.storeTransform(matrix, at: at)
                    setFixedEntriesInPlace(true)
                }
            } else {
                // Beyond finite, the general composition, which may fill any entry.
                ValueSlots.storeTransform(Transform3D(parts: c.parts), at: at)
                if h.pointee.fixedEntriesInPlace { setFixedEntriesInPlace(false) }
            }
        }
        return true
    }

    /// Notes whether the presented transform's fixed entries are in place (`Header`).
    @inline(never)
    func setFixedEntriesInPlace(_ inPlace: Bool) {
        block.assumingMemoryBound(to: Header.self).pointee.fixedEntriesInPlace = inPlace
    }

    /// `easing`'s value at `t` in 0…1, out of line: the steady loop has the sine family's inline.
    @inline(never)
    private static func value(of easing: Easing, at t: Double) -> Double {
        easing.family.value(at: t, mode: easing.mode)
    }

    /// The value of the block's curve `index` at `fraction` (a Bézier or steps: out of line).
    @inline(never)
    private static func evaluate(curveAt index: Int, of block: UnsafeMutableRawPointer, header h: Header,
                                 _ fraction: Double) -> Double {
        (block + Int(h.curvesAt)).assumingMemoryBound(to: TimingCurve.self)[index].evaluate(fraction, custom: nil)
    }
}
