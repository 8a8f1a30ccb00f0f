/// A layer's animations compiled for the per-frame loop, when every one of them is a number with
/// fixed values on a fixed target — a property slot, or a component of the transform or sublayer
/// transform (`opacity`, `position.y`, `transform.rotation.z` …): the common case, and the one
/// that scenes of thousands of layers use.
///
/// Each animation becomes a step of one cache line — its timing, values, target and curve — and
/// the frame walks the steps without reference counting, dictionaries or enum payloads. The
/// results are those of `AttachedAnimation.apply`, which evaluates every other kind of animation.
/// The layer compiles its program again whenever its animations, their begin times or its model
/// transform change; the steps keep the attached animations' start, end and begin-time state in
/// step with them.
struct ScalarProgram {
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
        /// The active duration is endless: once begun, the animation is active for good.
        static let endless = Flags(rawValue: 1 << 9)
        /// The previous step's timing is this one's (animations added together usually share
        /// it): when that step took the endless path, this one reuses its fraction.
        static let sharesTiming = Flags(rawValue: 1 << 10)
        /// The previous step's curve is this one's as well: when the timing is reused, so is
        /// the eased fraction.
        static let sharesCurve = Flags(rawValue: 1 << 11)
    }

    /// One animation, in 64 bytes.
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
        /// Index into the program's curves; -1 for linear; -2 - i for the program's easing i.
        var curve: Int8
        /// Index into the program's keyframe tracks; negative for a basic animation.
        var keyframes: Int8
        /// The transform component written; nil for a slot.
        var part: TransformComponent?
        /// The mask bit of the slot's property; for a component of a simple transform, its place
        /// among `SimpleBase`'s numbers (`SimpleBase.allScales` for `scale`).
        var bit: UInt8
    }

    /// How many steps, curves and keyframe tracks a program may have (their indices are `Int8`).
    static let maxEntries = 126

    /// The components of a simple model transform (the others are the identity's): what a
    /// program with a simple transform reads each frame, in one cache line instead of two or three.
    struct SimpleBase: SimpleTransformComponents {
        var translationX, translationY, translationZ, scaleX, scaleY, scaleZ, rotationZ: Double

        /// The identity's components.
        init() {
            (translationX, translationY, translationZ) = (0, 0, 0)
            (scaleX, scaleY, scaleZ, rotationZ) = (1, 1, 1, 0)
        }

        init(_ p: TransformParts) {
            (translationX, translationY, translationZ) = (p.translationX, p.translationY, p.translationZ)
            (scaleX, scaleY, scaleZ, rotationZ) = (p.scaleX, p.scaleY, p.scaleZ, p.rotationZ)
        }

        var parts: TransformParts {
            var p = TransformParts.identity
            (p.translationX, p.translationY, p.translationZ) = (translationX, translationY, translationZ)
            (p.scaleX, p.scaleY, p.scaleZ, p.rotationZ) = (scaleX, scaleY, scaleZ, rotationZ)
            return p
        }

        /// How many numbers the components are, in the order declared above.
        static let count = 7
        /// The `Step.bit` of a step that writes all three scales (`transform.scale`).
        static let allScales: UInt8 = 7

        /// Where `part` is among the numbers, for a component that keeps a transform simple
        /// (`allScales` for `scale`, which writes three).
        static func place(of part: TransformComponent) -> UInt8 {
            switch part {
            case .translationX: 0
            case .translationY: 1
            case .translationZ: 2
            case .scaleX: 3
            case .scaleY: 4
            case .scaleZ: 5
            case .rotation, .rotationZ: 6
            case .scale: allScales
            // Not simple: a program that writes these never takes the steady loop, which alone
            // reads the place.
            case .translation, .rotationX, .rotationY: allScales
            }
        }

        /// The components as numbers, into `c` (room for `count`).
        @inline(__always)
        func store(to c: UnsafeMutablePointer<Double>) {
            (c[0], c[1], c[2]) = (translationX, translationY, translationZ)
            (c[3], c[4], c[5], c[6]) = (scaleX, scaleY, scaleZ, rotationZ)
        }

        /// The components from numbers stored by `store(to:)`.
        @inline(__always)
        init(numbers c: UnsafePointer<Double>) {
            (translationX, translationY, translationZ) = (c[0], c[1], c[2])
            (scaleX, scaleY, scaleZ, rotationZ) = (c[3], c[4], c[5], c[6])
        }

        /// Writes `v` to the component at `place` (see `place(of:)`) of the numbers at `c`: sets it,
        /// or adds to it (multiplies, for a scale) when `additive`, as `setSimpleNumber` does.
        @inline(__always)
        static func write(_ v: Double, at place: UInt8, of c: UnsafeMutablePointer<Double>, additive: Bool) {
            if place == allScales {
                for k in 3...5 { c[k] = additive ? c[k] * v : v }
                return
            }
            let k = Int(place)
            if !additive {
                c[k] = v
            } else {
                c[k] = k >= 3 && k <= 5 ? c[k] * v : c[k] + v
            }
        }

        /// The transform these components make.
        @inline(__always)
        var matrix: Transform3D { finiteMatrix ?? Transform3D(parts: parts) }

        /// The transform multiplied out, when the components are finite; nil otherwise (the
        /// general composition then makes it, and may fill any entry).
        @inline(__always)
        var finiteMatrix: Transform3D? {
            guard Transform3D.areFinite(translationX, translationY, translationZ, scaleX, scaleY, scaleZ, rotationZ) else {
                return nil
            }
            return Transform3D(scale: (scaleX, scaleY, scaleZ), rotationZ: rotationZ,
                               translation: (translationX, translationY, translationZ))
        }
    }

    /// A Penner easing, in two bytes: most curves are one, and a frame reads only these bytes
    /// of it instead of a whole `TimingCurve` (a cubic Bézier's solved coefficients included).
    struct Easing {
        let family: EasingFamily
        let mode: EasingMode
    }

    /// What the block starts with, in one cache line: the masks, the count, and where each
    /// array begins (the steps begin at the second line).
    struct Header {
        /// Bits of the one-number properties that steps write whole: each shows its model value
        /// in a frame where no step writes it, and the first step to write it in a frame starts
        /// from the model value (so it is copied only when that step adds to it).
        var wholeMask: UInt64 = 0
        /// Bits of the other properties steps write into (`position.y` …), copied from the model
        /// before the steps run.
        var partialMask: UInt64 = 0
        var count: UInt16 = 0
        /// Whether steps write components of the transform, and of the sublayer transform.
        var writesTransform = false, writesSublayerTransform = false
        /// Whether the transform stays a scale, a turn about z and a translation whatever the
        /// steps write (its model value is one, and they write only those components).
        var simpleTransform = false
        /// Whether every step is endless with a cycle time divides into (`MediaTiming.hasValidCycle`),
        /// and no step writes a sublayer transform or a transform that is not simple: once every
        /// step has begun, such a program is `steady`.
        var steadyShape = false
        /// Whether frames take the steady loop (`runSteady`): the shape is steady, and every step
        /// has begun and has its begin time. Kept up to date as steps record their start.
        var steady = false
        /// Whether the presented transform's entries that steady frames never change (those a
        /// simple transform keeps at 0 or 1, and m33 unless `movesDepthScale`) are in place from
        /// an earlier steady frame, which then stores only the others. Cleared by any other frame.
        var fixedEntriesInPlace = false
        /// Whether steps write a scale along z (`scale` or `scale.z`), which moves m33.
        var movesDepthScale = false
        var ownersAt: UInt32 = 0, curvesAt: UInt32 = 0, easingsAt: UInt32 = 0, tracksAt: UInt32 = 0
        var basesAt: UInt32 = 0, workAt: UInt32 = 0, numbersAt: UInt32 = 0, simpleBaseAt: UInt32 = 0
        /// The block's size in bytes, for giving it back to the arena.
        var byteCount: UInt32 = 0
    }

    /// Where the steps begin: the header has the first cache line to itself.
    static let stepsAt = 64
    /// The header's size, which must leave it within the first line.
    static let headerSize = MemoryLayout<Header>.size

    /// One block of the layer's `ProgramArena`, aligned to a cache line: the header, the steps, a
    /// simple model transform's components, the easings, the keyframe tracks (views of the
    /// attached animations' tracks, which own their curves) and their key times and values, the
    /// full model components that component steps start from (a transform's that is not simple,
    /// a sublayer transform's) and their working copies, the other curves, and the attached
    /// animation of each step (kept alive by the layer's list of them). A frame reads nothing of
    /// a layer's animations outside it.
    let block: UnsafeMutableRawPointer

    var header: Header { block.load(as: Header.self) }
    private var steps: UnsafeMutablePointer<Step> { (block + ScalarProgram.stepsAt).assumingMemoryBound(to: Step.self) }
    private var owners: UnsafeMutablePointer<Unmanaged<AttachedAnimation>> {
        (block + Int(header.ownersAt)).assumingMemoryBound(to: Unmanaged<AttachedAnimation>.self)
    }

    /// Compiles the animations of `layer`, or returns nil when one of them needs the general path.
    init?(layer: Layer) {
        let animations = layer.animations
        guard !animations.isEmpty, animations.count <= ScalarProgram.maxEntries,
              animations.allSatisfy({ $0.plan != .general && !$0.curve.isCustom && !$0.drivesCells }) else { return nil }
        let transform = PropertyRegistry.spec(.transform), sublayer = PropertyRegistry.spec(.sublayerTransform)
        var curveList: [TimingCurve] = []
        var easingList: [Easing] = []
        var trackList: [NumberKeyframes] = []
        var partBits: UInt64 = 0, wholeBits: UInt64 = 0, partialBits: UInt64 = 0
        var simple = true
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
            if a.timing.activeDuration == .infinity { flags.insert(.endless) }
            var bit: UInt8 = 0
            if let part = a.scalarPart {
                bit = SimpleBase.place(of: part)
                if a.scalarOffset == sublayer.offset {
                    flags.insert(.sublayerPart)
                    partBits |= sublayer.bit
                } else {
                    partBits |= transform.bit
                    simple = simple && a.scalarPart.map(Transform3D.keepsSimple) == true
                }
            } else if let property = a.target?.property {
                bit = UInt8(property.bit.trailingZeroBitCount)
                if property.width == 1 && property.offset == a.scalarOffset {
                    wholeBits |= property.bit
                } else {
                    partialBits |= property.bit
                }
            }
            var curve: Int8 = -1
            switch a.curve {
            case .none: break
            case .easing(let family, let mode):
                curve = -2 - Int8(easingList.count)
                easingList.append(Easing(family: family, mode: mode))
            default:
                curve = Int8(curveList.count)
                curveList.append(a.curve)
            }
            var track: Int8 = -1
            if let keyframes = a.keyframes {
                track = Int8(trackList.count)
                trackList.append(keyframes)
            }
            stepList.append(Step(
                beginTime: a.timing.beginTime, speed: a.timing.speed, timeOffset: a.timing.timeOffset,
                duration: a.timing.duration, active: a.timing.activeDuration, from: a.scalarFrom, to: a.scalarTo,
                offset: Int16(a.scalarOffset), flags: flags, curve: curve, keyframes: track, part: a.scalarPart, bit: bit))
        }
        // A step whose timing (and curve) is its predecessor's reuses that step's results.
        for i in stepList.indices.dropFirst() where ScalarProgram.sameTiming(stepList[i - 1], stepList[i]) {
            stepList[i].flags.insert(.sharesTiming)
            if ScalarProgram.sameCurve(stepList[i - 1].curve, stepList[i].curve, easingList) {
                stepList[i].flags.insert(.sharesCurve)
            }
        }
        var h = Header()
        h.count = UInt16(stepList.count)
        h.partialMask = partialBits
        h.wholeMask = wholeBits & ~partialBits
        h.writesTransform = partBits & transform.bit != 0
        h.writesSublayerTransform = partBits & sublayer.bit != 0
        h.simpleTransform = simple && h.writesTransform && Transform3D.isSimple(layer.modelTransformParts)
        h.steadyShape = stepList.allSatisfy {
            $0.flags.contains(.endless)
                && MediaTiming.hasValidCycle(duration: $0.duration, autoreverses: $0.flags.contains(.autoreverses))
        }
            && !h.writesSublayerTransform && (!h.writesTransform || h.simpleTransform)
        h.steady = h.steadyShape && ScalarProgram.haveBegun(stepList)
        h.movesDepthScale = stepList.contains { $0.part == .scale || $0.part == .scaleZ }
        // A simple transform starts from its seven components; the full model components (and
        // working copies of them) only for what steps write otherwise: the transform's when it
        // is not simple, then the sublayer transform's (see `sublayerIndex`).
        let simpleBase = h.simpleTransform ? SimpleBase(layer.modelTransformParts) : nil
        var baseList: [TransformParts] = []
        if h.writesTransform && !h.simpleTransform { baseList.append(layer.modelTransformParts) }
        if h.writesSublayerTransform { baseList.append(layer.modelSublayerTransformParts) }
        var size = ScalarProgram.stepsAt
        func place<T>(_ type: T.Type, _ n: Int) -> UInt32 {
            let at = (size + MemoryLayout<T>.alignment - 1) / MemoryLayout<T>.alignment * MemoryLayout<T>.alignment
            size = at + MemoryLayout<T>.stride * n
            return UInt32(truncatingIfNeeded: at)
        }
        // What every frame reads comes first, in the order it reads it: the steps from the
        // second line, then a simple transform's components, with the easings in the rest of
        // their line, and the keyframe tracks. The general transforms' components (and their
        // working copies), the other curves and the owners (read only to record a start or an
        // end) come last.
        size += MemoryLayout<Step>.stride * stepList.count
        h.simpleBaseAt = place(SimpleBase.self, simpleBase == nil ? 0 : 1)
        h.easingsAt = place(Easing.self, easingList.count)
        h.tracksAt = place(NumberKeyframes.self, trackList.count)
        h.numbersAt = place(Double.self, trackList.reduce(0) { $0 + $1.numberCount })
        h.basesAt = place(TransformParts.self, baseList.count)
        h.workAt = place(TransformParts.self, baseList.count)
        h.curvesAt = place(TimingCurve.self, curveList.count)
        h.ownersAt = place(Unmanaged<AttachedAnimation>.self, stepList.count)
        guard size <= Int(UInt32.max) else { return nil }  // keyframes by the hundred million
        h.byteCount = UInt32(size)
        block = layer.programArena.allocate(byteCount: size)
        block.initializeMemory(as: Header.self, repeating: h, count: 1)
        (block + ScalarProgram.stepsAt).initializeMemory(as: Step.self, from: stepList, count: stepList.count)
        (block + Int(h.ownersAt)).initializeMemory(as: Unmanaged<AttachedAnimation>.self,
                                                   from: animations.map { .passUnretained($0) }, count: animations.count)
        (block + Int(h.curvesAt)).initializeMemory(as: TimingCurve.self, from: curveList, count: curveList.count)
        (block + Int(h.easingsAt)).initializeMemory(as: Easing.self, from: easingList, count: easingList.count)
        // The tracks' numbers are copied beside the steps, where a frame finds them.
        var numbers = (block + Int(h.numbersAt)).assumingMemoryBound(to: Double.self)
        let tracks = (block + Int(h.tracksAt)).assumingMemoryBound(to: NumberKeyframes.self)
        for (i, track) in trackList.enumerated() {
            (tracks + i).initialize(to: NumberKeyframes(copying: track, to: numbers))
            numbers += track.numberCount
        }
        (block + Int(h.basesAt)).initializeMemory(as: TransformParts.self, from: baseList, count: baseList.count)
        (block + Int(h.workAt)).initializeMemory(as: TransformParts.self, from: baseList, count: baseList.count)
        if let simpleBase {
            (block + Int(h.simpleBaseAt)).initializeMemory(as: SimpleBase.self, repeating: simpleBase, count: 1)
        }
    }

    /// Whether every step has begun and has its begin time: nothing left to record or set.
    private static func haveBegun<Steps: Sequence<Step>>(_ steps: Steps) -> Bool {
        steps.allSatisfy { $0.flags.contains(.started) && !$0.flags.contains(.needsBeginTime) }
    }

    /// Sets `Header.steady` again after a step's flags changed.
    private func refreshSteady() {
        let h = header
        guard h.steadyShape else { return }
        let steps = UnsafeBufferPointer(start: self.steps, count: Int(h.count))
        block.assumingMemoryBound(to: Header.self).pointee.steady = ScalarProgram.haveBegun(steps)
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
    private static func sameCurve(_ a: Int8, _ b: Int8, _ easings: [Easing]) -> Bool {
        if a == -1 || b == -1 { return a == b }
        guard a < -1, b < -1 else { return false }
        let x = easings[Int(-2 - a)], y = easings[Int(-2 - b)]
        return x.family == y.family && x.mode == y.mode
    }

    /// Where the block starts (for tests of its placement).
    var blockAddress: UnsafeRawPointer { UnsafeRawPointer(block) }

    /// Frees the program into `arena`, the one it came from (by the layer, once, when it drops
    /// it; everything in it is plain data).
    func deallocate(in arena: ProgramArena) {
        arena.deallocate(block, byteCount: Int(header.byteCount))
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
    @inline(__always)
    func run(at time: Double, layer: Unmanaged<Layer>, presented: UnsafeMutablePointer<Double>, scene: Scene,
             offsets: StorageOffsets, records: Bool) {
        // The header once: each array's place comes from it.
        let h = header
        if h.steady && runSteady(at: time, layer: layer, presented: presented, offsets: offsets) { return }
        // This frame may store a transform of another kind (or the model's): the next steady
        // frame stores all of it again.
        if h.fixedEntriesInPlace { setFixedEntriesInPlace(false) }
        let steps = (block + ScalarProgram.stepsAt).assumingMemoryBound(to: Step.self)
        let curves = (block + Int(h.curvesAt)).assumingMemoryBound(to: TimingCurve.self)
        let easings = (block + Int(h.easingsAt)).assumingMemoryBound(to: Easing.self)
        let tracks = (block + Int(h.tracksAt)).assumingMemoryBound(to: NumberKeyframes.self)
        let work = (block + Int(h.workAt)).assumingMemoryBound(to: TransformParts.self)
        if h.partialMask != 0 { ScalarProgram.reset(layer, bits: h.partialMask, offsets: offsets) }
        // Properties copied already count as written.
        var written = h.partialMask
        let simpleTransform = h.simpleTransform
        // A simple transform's components are worked on here; a general one's in the block's
        // working copies (a copy of the model's, made by the first step that writes one).
        var simple = SimpleBase()
        var wroteTransform = false, wroteSublayerTransform = false
        // The last step's results, for a next step that shares its timing (and curve).
        var tookEndlessPath = false
        var fraction = 0.0, iteration = 0.0, eased = 0.0
        for i in 0..<Int(h.count) {
            let step = steps + i
            if records && step.pointee.flags.contains(.needsBeginTime) { setBeginTime(of: i, to: time) }
            let flags = step.pointee.flags
            let reusesTiming = tookEndlessPath && flags.contains([.sharesTiming, .endless, .started])
            if !reusesTiming {
                let raw = (time - step.pointee.beginTime) * step.pointee.speed
                if flags.contains([.endless, .started]) && raw >= 0 {
                    // An endless animation that has begun is active, with nothing to record: the
                    // general sample's arithmetic for that case, without its phase logic.
                    let offset = step.pointee.timeOffset
                    (fraction, iteration) = MediaTiming.endlessFraction(
                        at: offset == 0 ? raw : raw + offset, duration: step.pointee.duration,
                        autoreverses: flags.contains(.autoreverses))
                    tookEndlessPath = true
                } else {
                    tookEndlessPath = false
                    let sample = MediaTiming.sample(
                        at: time, beginTime: step.pointee.beginTime, speed: step.pointee.speed,
                        timeOffset: step.pointee.timeOffset, duration: step.pointee.duration, active: step.pointee.active,
                        autoreverses: flags.contains(.autoreverses), fillsForwards: flags.contains(.fillsForwards),
                        fillsBackwards: flags.contains(.fillsBackwards))
                    if records {
                        if sample.phase != .before && !flags.contains(.started) { recordStart(of: i, scene: scene) }
                        if sample.phase == .after && !flags.contains(.ended) { recordEnd(of: i, layer: layer, scene: scene) }
                    }
                    guard sample.isEffective else { continue }
                    fraction = sample.fraction
                    iteration = Double(sample.iteration)
                }
            }
            if !(reusesTiming && flags.contains(.sharesCurve)) {
                let curve = Int(step.pointee.curve)
                if curve == -1 {
                    eased = fraction
                } else if curve < -1 {
                    let easing = easings[-2 - curve]
                    eased = easing.family.value(at: min(max(fraction, 0), 1), mode: easing.mode)
                } else {
                    eased = curves[curve].evaluate(fraction, custom: nil)
                }
            }
            let track = Int(step.pointee.keyframes)
            let v = AttachedAnimation.scalarValue(at: eased, iteration: iteration, cumulative: flags.contains(.cumulative),
                                                  from: step.pointee.from, to: step.pointee.to,
                                                  keyframes: track >= 0 ? tracks[track] : nil)
            let additive = flags.contains(.additive)
            if let part = step.pointee.part {
                if flags.contains(.sublayerPart) {
                    let k = ScalarProgram.sublayerIndex(h)
                    if !wroteSublayerTransform {
                        ScalarProgram.startWork(work + k, block: block, header: h, index: k)
                        wroteSublayerTransform = true
                    }
                    work[k].setNumber(part, v, additive: additive)
                } else if simpleTransform {
                    if !wroteTransform {
                        simple = (block + Int(h.simpleBaseAt)).assumingMemoryBound(to: SimpleBase.self).pointee
                        wroteTransform = true
                    }
                    _ = simple.setSimpleNumber(part, v, additive: additive)  // a simple program writes no other
                } else {
                    if !wroteTransform {
                        ScalarProgram.startWork(work, block: block, header: h, index: 0)
                        wroteTransform = true
                    }
                    work.pointee.setNumber(part, v, additive: additive)
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
        let unwritten = h.wholeMask & ~written
        if unwritten != 0 { ScalarProgram.reset(layer, bits: unwritten, offsets: offsets) }
        // A transform no step wrote this frame shows its model value.
        if wroteTransform {
            let matrix = simpleTransform ? simple.matrix : Transform3D(parts: work.pointee)
            ValueSlots.storeTransform(matrix, at: presented + offsets.transform)
        } else if h.writesTransform {
            ScalarProgram.reset(layer, bits: offsets.transformBit, offsets: offsets)
        }
        if wroteSublayerTransform {
            let matrix = Transform3D(parts: work[ScalarProgram.sublayerIndex(h)])
            ValueSlots.storeTransform(matrix, at: presented + offsets.sublayerTransform)
        } else if h.writesSublayerTransform {
            ScalarProgram.reset(layer, bits: offsets.sublayerTransformBit, offsets: offsets)
        }
    }

    /// Where the sublayer transform's components are among the full ones: after the
    /// transform's, which are kept only for a transform that is not simple.
    @inline(__always)
    private static func sublayerIndex(_ h: Header) -> Int {
        h.writesTransform && !h.simpleTransform ? 1 : 0
    }

    /// Copies the model components `index` into their working copy at `work`, for a frame's first
    /// step that writes one of them.
    @inline(never)
    private static func startWork(_ work: UnsafeMutablePointer<TransformParts>, block: UnsafeMutableRawPointer,
                                  header h: Header, index: Int) {
        work.pointee = (block + Int(h.basesAt)).assumingMemoryBound(to: TransformParts.self)[index]
    }

    /// Copies model values into the presentation: rare in a frame, so kept out of the loop.
    @inline(never)
    static func reset(_ layer: Unmanaged<Layer>, bits: UInt64, offsets: StorageOffsets) {
        layer.takeUnretainedValue().resetPresentation(bits: bits, offsets: offsets)
    }

    /// An animation added outside any evaluated frame begins at the first time it is evaluated.
    private func setBeginTime(of i: Int, to time: Double) {
        steps[i].beginTime = time
        steps[i].flags.remove(.needsBeginTime)
        let owner = owners[i].takeUnretainedValue()
        owner.timing.beginTime = time
        owner.needsBeginTime = false
        refreshSteady()
    }

    private func recordStart(of i: Int, scene: Scene) {
        steps[i].flags.insert(.started)
        refreshSteady()
        let owner = owners[i].takeUnretainedValue()
        owner.hasStarted = true
        scene.recordStart(owner)
    }

    private func recordEnd(of i: Int, layer: Unmanaged<Layer>, scene: Scene) {
        steps[i].flags.insert(.ended)
        let owner = owners[i].takeUnretainedValue()
        owner.hasEnded = true
        scene.recordEnd(owner, on: layer.takeUnretainedValue())
    }
}
