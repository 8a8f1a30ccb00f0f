/// Adding, finding and removing a layer's animations, and applying them each frame.
extension Layer {
    /// Adds a copy of `animation` under `key` (replacing, and stopping with finished = false, any
    /// animation already under that key). The key path is resolved now: an unknown one, or a value
    /// of the wrong kind, is an error and nothing is added.
    public func addAnimation(_ animation: Animation, forKey key: String? = nil) throws(AnimationError) {
        guard let scene else { throw .noScene }
        try Layer.checkGroups(animation, depth: 0, path: [])
        let copy = animation.copy()
        // A transition always runs under its own key (CALayer's add(_:forKey:)).
        let key = copy is Transition ? Transition.key : key
        // An animation without a from or to value starts from what is on screen now.
        scene.ensurePresentation()
        let attached = try AttachedAnimation(copy, key: key, on: self,
                                             defaultDuration: scene.transactions.animationDuration, inGroup: false)
        if let key, let index = animations.firstIndex(where: { $0.key == key }) {
            let old = animations.remove(at: index)
            scene.animationRemoved(old)
        }
        animations.append(attached)
        updateAnimatedMask()
        scene.animationAdded(attached, to: self)
        if let run = attached.transitionRun { beginTransition(run, in: scene) }
    }

    /// How deep animation groups may nest.
    public static let maxGroupDepth = 32

    /// Refuses a group that contains itself, or groups nested absurdly deep, before copying.
    static func checkGroups(_ animation: Animation, depth: Int, path: [ObjectIdentifier]) throws(AnimationError) {
        guard let group = animation as? AnimationGroup else { return }
        let id = ObjectIdentifier(group)
        if path.contains(id) { throw .groupCycle }
        if depth >= maxGroupDepth { throw .groupsTooDeep(limit: maxGroupDepth) }
        for child in group.animations { try checkGroups(child, depth: depth + 1, path: path + [id]) }
    }

    /// Removes the animation under `key`; it stops with finished = false.
    public func removeAnimation(forKey key: String) {
        guard let index = animations.firstIndex(where: { $0.key == key }) else { return }
        let old = animations.remove(at: index)
        updateAnimatedMask()
        scene?.animationRemoved(old)
    }

    /// Removes every animation; each stops with finished = false.
    public func removeAllAnimations() {
        // A layer without animations (a common, defensive call) takes no more than this test.
        if !animations.isEmpty { removeEveryAnimation() }
    }

    @inline(never)
    private func removeEveryAnimation() {
        let old = animations
        animations.removeAll()
        updateAnimatedMask()
        for animation in old { scene?.animationRemoved(animation) }
    }

    /// The keys of the attached animations, in the order they were added (unkeyed ones omitted).
    public func animationKeys() -> [String] {
        animations.compactMap(\.key)
    }

    /// The attached copy of the animation under `key`.
    public func animation(forKey key: String) -> Animation? {
        animations.first(where: { $0.key == key })?.animation
    }

    /// How many animations are attached.
    public var animationCount: Int { animations.count }

    /// Drops an attached animation that ended (after the frame that saw it end).
    func removeEnded(_ attached: AttachedAnimation) {
        guard let index = animations.firstIndex(where: { $0 === attached }) else { return }
        animations.remove(at: index)
        updateAnimatedMask()
    }

    /// Recomputes which properties animations drive; properties no longer driven show their model
    /// values again.
    func updateAnimatedMask() {
        var mask: UInt64 = 0
        var cells = false
        var transition = false
        for animation in animations {
            mask |= animation.mask
            cells = cells || animation.drivesCells
            transition = transition || animation.transitionRun != nil
        }
        hasTransition = transition
        let released = animatedMask & ~mask
        animatedMask = mask
        programIsStale = true
        if released != 0 { resetPresentation(bits: released) }
        if animatesCells && !cells { (self as? EmitterLayer)?.resetCellPresentation() }
        animatesCells = cells
        let drivenFilters = animations.contains { $0.drivesFilters }
        if animatesFilters && !drivenFilters { resetFilterPresentation() }
        animatesFilters = drivenFilters
    }

    /// Copies the model values of the properties in `bits` into the presentation.
    @inline(__always) func resetPresentation(bits: UInt64, offsets: StorageOffsets = .shared) {
        var remaining = bits
        while remaining != 0 {
            let bit = remaining & (~remaining &+ 1)
            remaining &= remaining &- 1
            let entry = offsets.resetTable[bit.trailingZeroBitCount]
            if entry.width == 0 {
                presentedArrays[entry.id] = modelArrays[entry.id]
            } else {
                let model = storage + entry.offset
                let presented = storage + slotSize + entry.offset
                for i in 0..<entry.width { presented[i] = model[i] }
            }
        }
    }


    /// Evaluates every attached animation at the layer's local time `time` into the presentation.
    /// With `records` false (a look at another moment, such as a replicator's delayed instance),
    /// a compiled program neither records starts and ends nor settles begin times; the general
    /// path leaves that to the caller, which sets the animations' flags around the call.
    func applyAnimations(at time: Double, scene: Scene, offsets: StorageOffsets, records: Bool = true) {
        if programIsStale { compileProgram() }
        if let program {
            program.run(at: time, layer: self, scene: scene, offsets: offsets, records: records)
            return
        }
        resetPresentation(bits: animatedMask, offsets: offsets)
        if animatesCells { (self as? EmitterLayer)?.resetCellPresentation() }
        if animatesFilters { resetFilterPresentation() }
        var context = EvaluationContext(layer: self, scene: scene, offsets: offsets)
        let count = animations.count
        var i = 0
        while i < count {
            let animation = animations[i]
            i += 1
            animation.settleBeginTime(at: time)
            animation.apply(at: time, &context)
        }
        context.finish()
    }

    /// What `applyAnimations` does for a tick that draws nothing: begin times settled, starts and
    /// ends recorded at local time `time`, and no value made (the values are made when a frame is
    /// drawn or a script reads them).
    func recordAnimationTiming(at time: Double, scene: Scene) {
        if programIsStale { compileProgram() }
        if let program {
            program.recordTiming(at: time, layer: .passUnretained(self), scene: scene)
            return
        }
        for animation in animations {
            animation.settleBeginTime(at: time)
            animation.recordTiming(at: time, on: self, scene: scene)
        }
    }

    /// The compiled program, compiled first if it is stale (nil when some animation needs the
    /// general path).
    func currentProgram() -> ScalarProgram? {
        if programIsStale { compileProgram() }
        return program
    }

    /// Compiles the attached animations into `program`, when they all allow it.
    private func compileProgram() {
        program = ScalarProgram.compile(self)
        programIsStale = false
    }

    /// The components of the model transform, cached until it changes.
    var modelTransformParts: TransformParts {
        if let cached = cachedModelParts { return cached }
        let parts = transform(.transform).parts
        cachedModelParts = parts
        return parts
    }

    /// The components of the model sublayer transform, cached until it changes.
    var modelSublayerTransformParts: TransformParts {
        if let cached = cachedModelSublayerParts { return cached }
        let parts = transform(.sublayerTransform).parts
        cachedModelSublayerParts = parts
        return parts
    }

}
