/// The presentation walk laid out flat: the layers of the tree that a frame must visit, in tree
/// order, each with what the frame needs of it at hand, so that a frame reads one array from
/// start to end instead of every layer object.
///
/// A layer object is a line of memory of its own, reached through its superlayer's list: with
/// a large tree every layer's first read waits on memory, and nothing else can run meanwhile.
/// A plan's entries are read in order, so the processor fetches ahead of the loop.
///
/// The plan holds what it read of each layer: whether it is animated, its compiled program,
/// whether its timing is its own, its sublayers. Changing any of these marks the scene's plan
/// stale (see `Layer`), and the next frame makes it again before evaluating. Layers that a frame
/// has nothing to do for (not animated, not emitting, with no timing of their own to pass down)
/// have no entry.
struct PresentationPlan {
    /// One layer to visit.
    struct Entry {
        /// Held by its superlayer while the plan is current: any change to the tree makes the plan
        /// stale before the layer can go.
        let layer: Unmanaged<Layer>
        /// The layer's program, for a layer that is evaluated by running it alone: no timing of
        /// its own, not an emitter. Nil for a layer that takes the general path (`Scene.evaluate`).
        /// Held by the layer while the plan is current: compiling it again makes the plan stale.
        let program: Unmanaged<ScalarProgram>?
        /// The layer's presentation slot.
        let presented: UnsafeMutablePointer<Double>
        /// Where the superlayer's local time is in `times`.
        let parentTimeIndex: Int32
        /// Where the layer's local time goes for its sublayers; -1 when they have none of their
        /// own to take (the layer's time is its superlayer's, or it has no sublayers).
        let timeIndex: Int32
    }

    private var entries: [Entry] = []
    /// Every replicator in the tree, in tree order (the scene evaluates their delayed instances
    /// after the entries).
    private(set) var replicators: [Unmanaged<ReplicatorLayer>] = []
    /// Local times that sublayers take: the root's first, then each layer's whose timing is its
    /// own and that has sublayers.
    private var times: [Double] = [0]
    /// The walk that makes the plan: layers whose sublayers are being visited, with the next one
    /// and the index of their local time in `times`.
    private var stack: [(layer: Unmanaged<Layer>, next: Int, timeIndex: Int32)] = []

    /// Makes the plan for the tree under `root` (the root itself is evaluated apart, its local
    /// time at index 0). Compiles stale programs on the way.
    mutating func make(root: Layer) {
        entries.removeAll(keepingCapacity: true)
        replicators.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        var timeCount: Int32 = 1
        stack.append((.passUnretained(root), 0, 0))
        walk: while let frame = stack.popLast() {
            let sublayers = frame.layer.takeUnretainedValue().timedSublayers
            var i = frame.next
            while i < sublayers.count {
                let layer = sublayers[i]
                i += 1
                let isParent = !layer.sublayers.isEmpty || layer.mask != nil
                var timeIndex = frame.timeIndex
                if layer.hasOwnTiming && isParent {
                    timeIndex = timeCount
                    timeCount += 1
                }
                let isEmitter = layer.kind == .emitter
                if layer.kind == .replicator { replicators.append(.passUnretained(unsafeDowncast(layer, to: ReplicatorLayer.self))) }
                if layer.isAnimated || isEmitter || timeIndex != frame.timeIndex {
                    let program = layer.isAnimated && !layer.hasOwnTiming && !isEmitter ? layer.currentProgram() : nil
                    entries.append(Entry(layer: .passUnretained(layer), program: program.map { .passUnretained($0) },
                                         presented: layer.storage + layer.slotSize, parentTimeIndex: frame.timeIndex,
                                         timeIndex: timeIndex != frame.timeIndex ? timeIndex : -1))
                }
                if isParent {
                    stack.append((frame.layer, i, frame.timeIndex))
                    stack.append((.passUnretained(layer), 0, timeIndex))
                    continue walk
                }
            }
        }
        times = Array(repeating: 0, count: Int(timeCount))
    }

    /// What a run of the plan makes.
    enum Pass {
        /// A frame's evaluation: every value, starts and ends recorded, emitters stepped.
        case whole
        /// A tick that draws nothing: animations only settle their begin times and record starts
        /// and ends, the presentation left as it was; the times layers pass down are still made.
        /// Emitters are evaluated whole: the particles they emit are needed on every tick.
        case timing
        /// A moment drawn: every value written into the presentation, with no other trace
        /// (nothing recorded or settled, no particle stepped); `evaluation` keeps the general
        /// path's animations as they were.
        case moment(TimeShiftedEvaluation)
    }

    /// Runs `pass` over every entry, the root's local time being `rootTime`.
    mutating func run(rootTime: Double, scene: Scene, offsets: StorageOffsets, pass: Pass) {
        times.withUnsafeMutableBufferPointer { times in
            guard let times = times.baseAddress else { return }
            times[0] = rootTime
            entries.withUnsafeBufferPointer { entries in
                for entry in entries {
                    let parentTime = times[Int(entry.parentTimeIndex)]
                    if let program = entry.program {
                        program._withUnsafeGuaranteedRef { program in
                            switch pass {
                            case .whole:
                                program.run(at: parentTime, layer: entry.layer, presented: entry.presented,
                                            scene: scene, offsets: offsets, records: true)
                            case .moment:
                                program.run(at: parentTime, layer: entry.layer, presented: entry.presented,
                                            scene: scene, offsets: offsets, records: false)
                            case .timing:
                                program.recordTiming(at: parentTime, layer: entry.layer, scene: scene)
                            }
                        }
                        continue
                    }
                    let local = entry.layer._withUnsafeGuaranteedRef { layer in
                        switch pass {
                        case .whole:
                            return scene.evaluate(layer, parentTime: parentTime, offsets: offsets)
                        case .timing:
                            return scene.evaluateTiming(layer, parentTime: parentTime, offsets: offsets)
                        case .moment(let evaluation):
                            let local = layer.localTime(parentTime: parentTime, offsets: offsets)
                            if layer.isAnimated { evaluation.apply(layer, at: local, scene: scene) }
                            return local
                        }
                    }
                    if entry.timeIndex >= 0 { times[Int(entry.timeIndex)] = local }
                }
            }
        }
    }
}
