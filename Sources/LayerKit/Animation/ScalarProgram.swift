/// A layer's animations compiled for the per-frame loop, when every one of them is a number with
/// fixed values on a fixed target — a property slot, or a component of the transform or sublayer
/// transform (`opacity`, `position.y`, `transform.rotation.z` …): the common case, and the one
/// that scenes of thousands of layers use.
///
/// Each animation becomes a `Step` of plain numbers — its timing, values, target and curve —
/// stored after the program's `Header` in one allocation, and the frame walks the steps without
/// reference counting, dictionaries or enum payloads. The results are those of
/// `AttachedAnimation.apply`, which evaluates every other kind of animation (a test holds the two
/// together). The layer compiles its program again whenever its animations, their begin times or
/// its model transforms change; the steps keep the attached animations' start, end and
/// begin-time state in step with them.
final class ScalarProgram: ManagedBuffer<ScalarProgram.Header, ScalarProgram.Step> {
    /// What a step is and how it is at this moment.
    struct Flags: OptionSet {
        let rawValue: UInt16
        static let additive = Flags(rawValue: 1 << 0)
        static let cumulative = Flags(rawValue: 1 << 1)
        static let started = Flags(rawValue: 1 << 2)
        static let ended = Flags(rawValue: 1 << 3)
        static let needsBeginTime = Flags(rawValue: 1 << 4)
        static let autoreverses = Flags(rawValue: 1 << 5)
        static let fillsForwards = Flags(rawValue: 1 << 6)
        static let fillsBackwards = Flags(rawValue: 1 << 7)
        /// The target is a component of the sublayer transform (else of the transform).
        static let sublayerPart = Flags(rawValue: 1 << 8)
        /// The active duration is endless and time runs forwards: once begun, the animation is
        /// active for good.
        static let endless = Flags(rawValue: 1 << 9)
        /// The previous step's timing is this one's (animations added together usually share
        /// it): when that step took the endless path, this one reuses its fraction.
        static let sharesTiming = Flags(rawValue: 1 << 10)
        /// The previous step's curve is this one's as well: when the timing is reused, so is
        /// the eased fraction.
        static let sharesCurve = Flags(rawValue: 1 << 11)
    }

    /// How a step eases its fraction: most curves are linear or a Penner easing, which the step
    /// holds in two bytes; any other (a Bézier, steps) is in the header's list.
    enum Curve {
        case linear
        case easing(EasingFamily, EasingMode)
        case listed(UInt8)
    }

    /// One animation.
    struct Step {
        var beginTime: Double
        var speed: Double
        var timeOffset: Double
        var duration: Double
        var active: Double
        /// A basic animation's values.
        var from: Double
        var to: Double
        /// The slot offset written when `part` is nil.
        var offset: Int16
        var flags: Flags
        /// The transform component written; nil for a slot.
        var part: TransformComponent?
        /// The mask bit of the slot's property, as a shift.
        var bit: UInt8
        var curve: Curve
        /// Where a keyframe animation's track is in the header's list; -1 for a basic animation.
        var keyframes: Int16
    }

    /// What the program knows besides its steps: what a frame reads first, then what it reads
    /// only for transforms that are not simple, for other curves and to record starts and ends.
    struct Header {
        let count: Int
        /// Bits of the one-number properties that steps write whole: each shows its model value
        /// in a frame where no step writes it, and the first step to write it in a frame starts
        /// from the model value (so it is copied only when that step adds to it).
        let wholeMask: UInt64
        /// Bits of the other properties steps write into (`position.y` …), copied from the model
        /// before the steps run.
        let partialMask: UInt64
        /// Whether steps write components of the transform, and of the sublayer transform.
        let writesTransform: Bool, writesSublayerTransform: Bool
        /// Whether the transform stays a scale, a turn about z and a translation whatever the
        /// steps write (its model value is one, and they write only those components).
        let simpleTransform: Bool
        /// A simple model transform's components, which the first step in a frame to write one
        /// starts from.
        let simpleBase: SimpleTransform
        /// Copies of the keyframe steps' tracks, owned by the program (made as it is, they lie
        /// beside it in memory, where a frame reads them).
        let tracks: [NumberKeyframes]
        /// The curves of `Curve.listed` steps.
        let curves: [TimingCurve]
        /// The model's full components that component steps start from otherwise: the
        /// transform's when it is not simple, then the sublayer transform's (see `sublayerIndex`).
        let bases: [TransformParts]
        /// The attached animation of each step, whose start, end and begin time the program records.
        let owners: [AttachedAnimation]

        /// Where the sublayer transform's components are in `bases`.
        var sublayerIndex: Int { writesTransform && !simpleTransform ? 1 : 0 }
    }

    /// Compiles the animations of `layer`, or returns nil when one of them needs the general path.
    static func compile(_ layer: Layer) -> ScalarProgram? {
        let animations = layer.animations
        guard !animations.isEmpty,
              animations.allSatisfy({ $0.plan != .general && !$0.curve.isCustom && !$0.drivesCells }) else { return nil }
        let transformSpec = PropertyRegistry.spec(.transform), sublayerSpec = PropertyRegistry.spec(.sublayerTransform)
        var curveList: [TimingCurve] = []
        var trackList: [NumberKeyframes] = []
        var partBits: UInt64 = 0, wholeBits: UInt64 = 0, partialBits: UInt64 = 0
        var keepsSimple = true
        var stepList: [Step] = []
        for a in animations {
            var flags: Flags = []
            if a.isAdditive { flags.insert(.additive) }
            if a.isCumulative { flags.insert(.cumulative) }
            if a.hasStarted { flags.insert(.started) }
            if a.hasEnded { flags.insert(.ended) }
            if a.needsBeginTime { flags.insert(.needsBeginTime) }
            if a.timing.autoreverses { flags.insert(.autoreverses) }
            if a.timing.fillMode.fillsForwards { flags.insert(.fillsForwards) }
            if a.timing.fillMode.fillsBackwards { flags.insert(.fillsBackwards) }
            if a.timing.activeDuration == .infinity && a.timing.speed >= 0 { flags.insert(.endless) }
            var bit: UInt8 = 0
            if let part = a.scalarPart {
                if a.scalarOffset == sublayerSpec.offset {
                    flags.insert(.sublayerPart)
                    partBits |= sublayerSpec.bit
                } else {
                    partBits |= transformSpec.bit
                    keepsSimple = keepsSimple && Transform3D.keepsSimple(part)
                }
            } else if let property = a.target?.property {
                bit = UInt8(property.bit.trailingZeroBitCount)
                if property.width == 1 && property.offset == a.scalarOffset {
                    wholeBits |= property.bit
                } else {
                    partialBits |= property.bit
                }
            }
            let curve: Curve
            switch a.curve {
            case .none: curve = .linear
            case .easing(let family, let mode): curve = .easing(family, mode)
            default:
                guard curveList.count <= Int(UInt8.max) else { return nil }
                curve = .listed(UInt8(curveList.count))
                curveList.append(a.curve)
            }
            var track: Int16 = -1
            if let keyframes = a.keyframes {
                guard trackList.count < Int(Int16.max) else { return nil }
                track = Int16(trackList.count)
                trackList.append(keyframes.copy())
            }
            stepList.append(Step(
                beginTime: a.timing.beginTime, speed: a.timing.speed, timeOffset: a.timing.timeOffset,
                duration: a.timing.duration, active: a.timing.activeDuration, from: a.scalarFrom, to: a.scalarTo,
                offset: Int16(a.scalarOffset), flags: flags, part: a.scalarPart, bit: bit, curve: curve,
                keyframes: track))
        }
        // A step whose timing (and curve) is its predecessor's reuses that step's results.
        for i in stepList.indices.dropFirst() where ScalarProgram.sameTiming(stepList[i - 1], stepList[i]) {
            stepList[i].flags.insert(.sharesTiming)
            if ScalarProgram.sameCurve(stepList[i - 1].curve, stepList[i].curve) {
                stepList[i].flags.insert(.sharesCurve)
            }
        }
        let writesTransform = partBits & transformSpec.bit != 0
        let writesSublayerTransform = partBits & sublayerSpec.bit != 0
        let simple = writesTransform && keepsSimple && Transform3D.isSimple(layer.modelTransformParts)
        var bases: [TransformParts] = []
        if writesTransform && !simple { bases.append(layer.modelTransformParts) }
        if writesSublayerTransform { bases.append(layer.modelSublayerTransformParts) }
        let header = Header(
            count: stepList.count, wholeMask: wholeBits & ~partialBits, partialMask: partialBits,
            writesTransform: writesTransform, writesSublayerTransform: writesSublayerTransform, simpleTransform: simple,
            simpleBase: simple ? SimpleTransform(layer.modelTransformParts) : SimpleTransform(),
            tracks: trackList, curves: curveList, bases: bases, owners: animations)
        let program = unsafeDowncast(ScalarProgram.create(minimumCapacity: stepList.count) { _ in header },
                                     to: ScalarProgram.self)
        program.withUnsafeMutablePointerToElements { $0.initialize(from: stepList, count: stepList.count) }
        return program
    }

    deinit {
        withUnsafeMutablePointers { header, steps in
            _ = steps.deinitialize(count: header.pointee.count)
            for track in header.pointee.tracks { track.deallocate() }
        }
    }

    /// Whether step `b` has step `a`'s timing, state and begin time, so that it reaches the same
    /// fraction and iteration at every time.
    private static func sameTiming(_ a: Step, _ b: Step) -> Bool {
        let timingFlags: Flags = [.started, .ended, .needsBeginTime, .autoreverses, .fillsForwards, .fillsBackwards, .endless]
        return a.flags.intersection(timingFlags) == b.flags.intersection(timingFlags)
            && a.beginTime == b.beginTime && a.speed == b.speed && a.timeOffset == b.timeOffset
            && a.duration == b.duration && a.active == b.active
    }

    /// Whether two steps' curves are the same function: both linear, or the same easing.
    private static func sameCurve(_ a: Curve, _ b: Curve) -> Bool {
        switch (a, b) {
        case (.linear, .linear): return true
        case let (.easing(f, m), .easing(g, n)): return f == g && m == n
        default: return false
        }
    }

    /// Evaluates every step at the layer's local time `time` into its presentation slot,
    /// recording starts and ends with the scene (when `records`).
    @inline(__always)
    func run(at time: Double, layer: Layer, scene: Scene, offsets: StorageOffsets, records: Bool) {
        run(at: time, layer: .passUnretained(layer), presented: layer.storage + layer.slotSize,
            scene: scene, offsets: offsets, records: records)
    }

    /// `run` for a caller that knows where the layer's presentation slot is: a frame reads
    /// nothing of the layer object unless a step must copy a model value or record an end.
    func run(at time: Double, layer: Unmanaged<Layer>, presented: UnsafeMutablePointer<Double>, scene: Scene,
             offsets: StorageOffsets, records: Bool) {
        // Room for the working copies of full components (uninitialized until a step writes one).
        withUnsafeTemporaryAllocation(of: TransformParts.self, capacity: 2) { work in
        withUnsafeMutablePointers { header, steps in
            let h = UnsafePointer(header)
            guard let work = work.baseAddress else { return }
            if h.pointee.partialMask != 0 { ScalarProgram.reset(layer, bits: h.pointee.partialMask, offsets: offsets) }
            // Properties copied already count as written.
            var written = h.pointee.partialMask
            let simpleTransform = h.pointee.simpleTransform
            // A simple transform's components are worked on here; a general one's, and the
            // sublayer transform's, in copies of the model's made by the first step that writes one.
            var simple = SimpleTransform()
            var wroteTransform = false, wroteSublayerTransform = false
            // The last step's results, for a next step that shares its timing (and curve).
            var tookEndlessPath = false
            var fraction = 0.0, iteration = 0.0, eased = 0.0
            for i in 0..<h.pointee.count {
                let step = steps + i
                if records && step.pointee.flags.contains(.needsBeginTime) {
                    ScalarProgram.setBeginTime(of: step, h.pointee.owners[i], to: time)
                }
                let flags = step.pointee.flags
                let reusesTiming = tookEndlessPath && flags.contains([.sharesTiming, .endless, .started])
                if !reusesTiming {
                    let raw = (time - step.pointee.beginTime) * step.pointee.speed
                    if flags.contains([.endless, .started]) && raw >= 0 {
                        // An endless animation that has begun is active, with nothing to record:
                        // the general sample's arithmetic for that case, without its phase logic.
                        let offset = step.pointee.timeOffset
                        (fraction, iteration) = MediaTiming.endlessFraction(
                            at: offset == 0 ? raw : raw + offset, duration: step.pointee.duration,
                            autoreverses: flags.contains(.autoreverses))
                        tookEndlessPath = true
                    } else {
                        tookEndlessPath = false
                        let sample = MediaTiming.sample(
                            at: time, beginTime: step.pointee.beginTime, speed: step.pointee.speed,
                            timeOffset: step.pointee.timeOffset, duration: step.pointee.duration,
                            active: step.pointee.active, autoreverses: flags.contains(.autoreverses),
                            fillsForwards: flags.contains(.fillsForwards), fillsBackwards: flags.contains(.fillsBackwards))
                        if records {
                            if sample.phase != .before && !flags.contains(.started) {
                                ScalarProgram.recordStart(of: step, h.pointee.owners[i], scene: scene)
                            }
                            if sample.phase == .after && !flags.contains(.ended) {
                                ScalarProgram.recordEnd(of: step, h.pointee.owners[i], layer: layer, scene: scene)
                            }
                        }
                        guard sample.isEffective else { continue }
                        fraction = sample.fraction
                        iteration = Double(sample.iteration)
                    }
                }
                if !(reusesTiming && flags.contains(.sharesCurve)) {
                    switch step.pointee.curve {
                    case .linear: eased = fraction
                    case .easing(let family, let mode): eased = family.value(at: min(max(fraction, 0), 1), mode: mode)
                    case .listed(let k): eased = h.pointee.curves[Int(k)].evaluate(fraction, custom: nil)
                    }
                }
                let track = Int(step.pointee.keyframes)
                let v = AttachedAnimation.scalarValue(at: eased, iteration: iteration, cumulative: flags.contains(.cumulative),
                                                      autoreverses: flags.contains(.autoreverses),
                                                      from: step.pointee.from, to: step.pointee.to,
                                                      keyframes: track >= 0 ? h.pointee.tracks[track] : nil)
                let additive = flags.contains(.additive)
                if let part = step.pointee.part {
                    if flags.contains(.sublayerPart) {
                        if !wroteSublayerTransform {
                            (work + 1).initialize(to: h.pointee.bases[h.pointee.sublayerIndex])
                            wroteSublayerTransform = true
                        }
                        work[1].setNumber(part, v, additive: additive)
                    } else if simpleTransform {
                        if !wroteTransform {
                            simple = h.pointee.simpleBase
                            wroteTransform = true
                        }
                        _ = simple.setSimpleNumber(part, v, additive: additive)  // a simple program writes no other
                    } else {
                        if !wroteTransform {
                            work.initialize(to: h.pointee.bases[0])
                            wroteTransform = true
                        }
                        work[0].setNumber(part, v, additive: additive)
                    }
                } else {
                    let slot = presented + Int(step.pointee.offset)
                    let bit: UInt64 = 1 << step.pointee.bit
                    if written & bit == 0 {
                        // The first write this frame: one that adds, adds to the model value.
                        written |= bit
                        if additive { ScalarProgram.reset(layer, bits: bit, offsets: offsets) }
                    }
                    slot.pointee = additive ? slot.pointee + v : v
                }
            }
            let unwritten = h.pointee.wholeMask & ~written
            if unwritten != 0 { ScalarProgram.reset(layer, bits: unwritten, offsets: offsets) }
            // A transform no step wrote this frame shows its model value.
            if wroteTransform {
                let matrix = simpleTransform ? simple.matrix : Transform3D(parts: work[0])
                FlatValues.storeTransform(matrix, at: presented + offsets.transform)
            } else if h.pointee.writesTransform {
                ScalarProgram.reset(layer, bits: offsets.transformBit, offsets: offsets)
            }
            if wroteSublayerTransform {
                FlatValues.storeTransform(Transform3D(parts: work[1]), at: presented + offsets.sublayerTransform)
            } else if h.pointee.writesSublayerTransform {
                ScalarProgram.reset(layer, bits: offsets.sublayerTransformBit, offsets: offsets)
            }
        }
        }
    }

    /// Copies model values into the presentation: rare in a frame, so kept out of the loop.
    @inline(never)
    static func reset(_ layer: Unmanaged<Layer>, bits: UInt64, offsets: StorageOffsets) {
        layer.takeUnretainedValue().resetPresentation(bits: bits, offsets: offsets)
    }

    /// An animation added outside any evaluated frame begins at the first time it is evaluated.
    static func setBeginTime(of step: UnsafeMutablePointer<Step>, _ owner: AttachedAnimation, to time: Double) {
        step.pointee.beginTime = time
        step.pointee.flags.remove(.needsBeginTime)
        owner.timing.beginTime = time
        owner.needsBeginTime = false
    }

    static func recordStart(of step: UnsafeMutablePointer<Step>, _ owner: AttachedAnimation, scene: Scene) {
        step.pointee.flags.insert(.started)
        owner.hasStarted = true
        scene.recordStart(owner)
    }

    static func recordEnd(of step: UnsafeMutablePointer<Step>, _ owner: AttachedAnimation,
                                  layer: Unmanaged<Layer>, scene: Scene) {
        step.pointee.flags.insert(.ended)
        owner.hasEnded = true
        scene.recordEnd(owner, on: layer.takeUnretainedValue())
    }
}
