/// The world a script builds: a root layer, the transactions, timers and display links, and the
/// media time of the frame being made. Nothing here is global, so several scenes can live side
/// by side (a reload builds a new one while the old keeps running).
///
/// One frame, in order (`beginFrame` then `endFrame`; `step` does both):
/// 1. the implicit transaction left open by outside changes commits;
/// 2. due timers fire, by fire time then creation order; then display links, in creation order
///    (each call inside its own implicit transaction; display links with actions disabled);
/// 3. the presentation tree is evaluated at the frame's time, emitters stepped to it (drawing
///    happens after this);
/// 4. `onStart` callbacks run, then animations that ended are removed (unless told to stay) and
///    their `onStop` callbacks run, in tree order; then transaction completion blocks run in the
///    order they became due. Changes they make show from the next frame.
public final class Scene {
    /// The layer that fills the window; its bounds follow the window size.
    public private(set) lazy var root: Layer = makeRoot()
    /// The media time of the current frame (CACurrentMediaTime for scripts).
    public private(set) var time: Double
    /// Seconds between frames (1/60 unless set).
    public var frameDuration: Double = 1.0 / 60
    /// The transaction stack (CATransaction).
    public private(set) lazy var transactions = TransactionStack(scene: self)
    /// How many layers of this scene exist.
    public internal(set) var layerCount = 0
    /// Live particles in all of this scene's emitter layers.
    public internal(set) var particleCount = 0
    /// The most particles the scene's emitters may hold together (56 bytes each): births and
    /// bursts beyond it are dropped.
    public var particleLimit = 1_000_000
    /// Told when a layer gains or loses its superlayer (a script host keeps the script's side of
    /// a layer alive while it is part of a tree).
    public weak var layerObserver: LayerObserver?
    /// Turns an animation from a layer's `actions` into the one to add when its key changes (a
    /// script host gives it the callbacks the script set on it); nil adds it as it is.
    public var prepareAction: ((Animation) -> Animation)?
    /// Measures text as it is drawn (`Layer.preferredFrameSize()`); nil where nothing draws.
    public var textMeasurer: TextMeasuring?

    private var timers: [Timer] = []
    private var nextTimerOrder = 0
    private var displayLinks: [DisplayLink] = []
    private var startedAnimations: [AttachedAnimation] = []
    private var endedAnimations: [(AttachedAnimation, Layer)] = []
    private var completions: [() -> Void] = []
    /// The layers a frame visits, in tree order (see `PresentationPlan`).
    private var presentationPlan = PresentationPlan()
    /// Set by layers when the tree, a layer's animations or program, or its timing changes.
    var presentationPlanIsStale = true
    /// Changes whenever a layer of the scene gains or loses a sublayer: a walk over the tree
    /// made for a revision need not be made again until it changes.
    public internal(set) var treeRevision = 0
    /// Whether the layers' presentation shows the tree at `time` (a tick that draws nothing
    /// leaves it as it was; see `ensurePresentation`).
    private(set) var presentationIsCurrent = false
    /// How deep in `withPresentation(at:_:)` calls the scene is.
    var showingMoment = 0
    /// Whether an animation was added since the tree was last evaluated (its begin time may be
    /// unsettled).
    var animationsAddedSinceEvaluation = false
    private let offsets = StorageOffsets.shared
    /// Evaluates the tree at a moment other than the frame's (see `withPresentation(at:_:)`).
    lazy var momentEvaluation = TimeShiftedEvaluation()
    /// Evaluates replicators' delayed instances with the frame or moment.
    lazy var instanceCapture = InstanceCapture()
    /// Layers of the tree as they were before the open transaction changed them.
    let changeJournal = ChangeJournal()
    /// The layers a transition was added to in the open transaction.
    var transitionLayers: [Layer] = []
    /// Completion rounds run per frame at most, so that blocks which start empty transactions with
    /// completion blocks of their own cannot keep a frame from ending.
    public static let maxCompletionRounds = 100

    /// Creates a scene whose root layer is `size`, at media time `time`.
    public init(size: Size, time: Double = 0) {
        self.time = time
        resize(to: size)
    }

    private func makeRoot() -> Layer {
        let root = Layer(scene: self)
        root.isInTree = true
        root.isSceneRoot = true
        madeRoot = root
        return root
    }

    /// The root once made (reading `root` in `deinit` would make one).
    private var madeRoot: Layer?

    deinit {
        // Layers that outlive the scene (a script's VM may still hold them) are no longer in a
        // tree: nothing of theirs may reach the scene again.
        madeRoot?.forEachInSubtree { $0.isInTree = false }
    }

    /// Changes the root layer's size (the window was resized), without animation.
    public func resize(to size: Size) {
        let w = size.width.isFinite ? max(size.width, 0) : 0
        let h = size.height.isFinite ? max(size.height, 0) : 0
        let bounds = AnimationValue.rect(Rect(x: 0, y: 0, width: w, height: h))
        let position = AnimationValue.point(Point(x: w / 2, y: h / 2))
        root.writeModel(bounds, PropertyRegistry.spec(.bounds))
        root.writeModel(position, PropertyRegistry.spec(.position))
    }

    /// Runs `body` inside its own transaction (the implicit transaction every call into script
    /// code gets), committing it — and any transaction `body` left open — when it returns.
    /// Returns how many explicit transactions `body` left open.
    @discardableResult
    public func perform(actionsDisabled: Bool = false, _ body: () -> Void) -> Int {
        let depth = transactions.depth
        transactions.begin(implicit: true)
        if actionsDisabled { transactions.setDisableActions(true) }
        body()
        var unbalanced = 0
        while transactions.depth > depth + 1 {
            unbalanced += 1
            try? transactions.commit()
        }
        if transactions.depth == depth + 1 { try? transactions.commit() }
        return unbalanced
    }

    // MARK: Timers and display links

    /// Schedules a timer that first fires `interval` seconds from now.
    @discardableResult
    public func scheduleTimer(interval: Double, repeats: Bool, action: @escaping (Timer) -> Void) -> Timer {
        let timer = Timer(interval: interval, repeats: repeats, start: time, order: nextTimerOrder, action: action)
        nextTimerOrder += 1
        timers.append(timer)
        return timer
    }

    /// Adds a display link called once every frame (or at its preferred rate).
    @discardableResult
    public func addDisplayLink(_ callback: @escaping (DisplayLink) -> Void) -> DisplayLink {
        let link = DisplayLink(callback: callback)
        displayLinks.append(link)
        return link
    }

    /// Timers still scheduled.
    public var activeTimerCount: Int { timers.filter(\.isValid).count }
    /// Timers the scene holds, at once (those invalidated since the last frame included).
    public var scheduledTimerCount: Int { timers.count }
    /// Display links the scene holds, at once (those invalidated since the last frame included).
    public var displayLinkCount: Int { displayLinks.count }
    /// Display links still valid.
    public var activeDisplayLinkCount: Int { displayLinks.filter(\.isValid).count }

    // MARK: Frames

    /// Makes one whole frame at `time` without drawing: `beginFrame` then `endFrame`.
    public func step(to time: Double) {
        beginFrame(at: time)
        endFrame()
    }

    /// A step for a clock that draws only some of the moments it makes (the tick clock): what
    /// `step` does, except that the values of animations nothing reads are not made. Starts,
    /// ends and completions come on the same tick; a frame drawn with `withPresentation(at:_:)`
    /// is the same as after `step`; a value read straight from the presentation needs
    /// `ensurePresentation` first (the script's and the viewer's reads call it).
    public func tick(to time: Double) {
        advanceClock(to: time)
        evaluateTiming()
        endFrame()
    }

    /// Starts the frame at `time`: commits outside changes, fires timers and display links, and
    /// evaluates the presentation tree. Draw after this, then call `endFrame`.
    public func beginFrame(at newTime: Double) {
        advanceClock(to: newTime)
        evaluatePresentation()
    }

    /// Moves the clock to `newTime` and runs what is due: timers, then display links.
    private func advanceClock(to newTime: Double) {
        // Changes made outside any frame belong to the moment they were made: commit them first.
        transactions.commitAll()
        if newTime.isFinite && newTime > time {
            time = newTime
            // What timers and display links read of the presentation is the tree at the new time.
            presentationIsCurrent = false
        }
        fireTimers()
        runDisplayLinks()
        transactions.commitAll()
    }

    /// Makes the presentation at the current time if a tick left it unmade, so that what a script
    /// or the viewer reads of it (`presentation()`, hit testing, the start of an implicit
    /// animation) is the tree at `time`. Leaves no other trace: it can be called any number of
    /// times, anywhere, without changing what the scene does next.
    public func ensurePresentation() {
        // While a moment is shown, the presentation is that moment's and is put back after.
        guard !presentationIsCurrent, showingMoment == 0 else { return }
        momentEvaluation.present([root], parentTime: time)
        if !presentationPlan.replicators.isEmpty { instanceCapture.capture(presentationPlan.replicators, time: time) }
        presentationIsCurrent = true
    }

    /// Ends the frame: runs start and stop callbacks, removes ended animations, runs due
    /// completion blocks.
    public func endFrame() {
        let started = startedAnimations
        startedAnimations.removeAll(keepingCapacity: true)
        for animation in started {
            if let callback = animation.animation.onStart {
                perform { callback(animation.animation) }
            }
        }
        let ended = endedAnimations
        endedAnimations.removeAll(keepingCapacity: true)
        for (animation, layer) in ended {
            if animation.animation.isRemovedOnCompletion { layer.removeEnded(animation) }
            if let callback = animation.animation.onStop {
                perform { callback(animation.animation, true) }
            }
            animation.endCompletionGroups()
        }
        transactions.commitAll()
        runCompletions()
    }

    /// Evaluates every animation of every layer in the tree at the current time, and steps every
    /// emitter layer's particles to it, in tree order (depth first, back to front); then what
    /// replicators' delayed instances show.
    public func evaluatePresentation() {
        evaluate(valuesOfPrograms: true)
    }

    /// What a tick that draws nothing evaluates: begin times, starts and ends, emitters and the
    /// times layers pass down; no other value. Replicators' delayed instances are made with the
    /// values, when a frame is drawn or the presentation is read (`ensurePresentation`).
    private func evaluateTiming() {
        evaluate(valuesOfPrograms: false)
    }

    private func evaluate(valuesOfPrograms: Bool) {
        let offsets = self.offsets
        if presentationPlanIsStale {
            presentationPlanIsStale = false
            presentationPlan.make(root: root)
        }
        let whole = valuesOfPrograms
        let rootTime = whole ? evaluate(root, parentTime: time, offsets: offsets)
            : evaluateTiming(root, parentTime: time, offsets: offsets)
        presentationPlan.run(rootTime: rootTime, scene: self, offsets: offsets, pass: whole ? .whole : .timing)
        presentationIsCurrent = whole
        animationsAddedSinceEvaluation = false
        if whole && !presentationPlan.replicators.isEmpty { instanceCapture.capture(presentationPlan.replicators, time: time) }
    }

    /// Writes the presentation at `moment` into the layers, with no other trace, by the plan;
    /// false (nothing done) when the tree has a replicator, whose delayed instances need the
    /// evaluation that saves and puts back (see `withPresentation(at:_:)`), or when the tree or
    /// its animations changed since the last evaluation.
    func presentByPlan(at moment: Double) -> Bool {
        // The plan's pass settles no begin time: animations added since the last evaluation,
        // which may wait for one, take the other way.
        guard !presentationPlanIsStale, !animationsAddedSinceEvaluation, presentationPlan.replicators.isEmpty else {
            return false
        }
        let rootTime = root.localTime(parentTime: moment, offsets: offsets)
        if root.isAnimated { momentEvaluation.apply(root, at: rootTime, scene: self) }
        presentationPlan.run(rootTime: rootTime, scene: self, offsets: offsets, pass: .moment(momentEvaluation))
        presentationIsCurrent = false
        return true
    }

    /// Evaluates one layer's animations (and particles) at `parentTime`; returns its local time.
    @inline(__always)
    func evaluate(_ layer: Layer, parentTime: Double, offsets: StorageOffsets) -> Double {
        let local = layer.localTime(parentTime: parentTime, offsets: offsets)
        if layer.isAnimated { layer.applyAnimations(at: local, scene: self, offsets: offsets) }
        if layer.kind == .emitter {
            unsafeDowncast(layer, to: EmitterLayer.self).advance(parentTime: parentTime, local: local)
        }
        return local
    }

    /// `evaluate` for a tick that draws nothing: the layer's animations settle and record their
    /// timing and make no value. An emitter is evaluated whole: its particles are emitted with
    /// the values of that tick.
    func evaluateTiming(_ layer: Layer, parentTime: Double, offsets: StorageOffsets) -> Double {
        guard layer.kind != .emitter else { return evaluate(layer, parentTime: parentTime, offsets: offsets) }
        let local = layer.localTime(parentTime: parentTime, offsets: offsets)
        if layer.isAnimated { layer.recordAnimationTiming(at: local, scene: self) }
        return local
    }

    private func fireTimers() {
        guard timers.contains(where: { $0.isValid && $0.fireTime <= time }) else {
            timers.removeAll { !$0.isValid }
            return
        }
        let due = timers.filter { $0.isValid && $0.fireTime <= time }
            .sorted { $0.fireTime != $1.fireTime ? $0.fireTime < $1.fireTime : $0.order < $1.order }
        for timer in due where timer.isValid {
            guard let action = timer.action else { continue }
            if timer.repeats {
                let missed = ((time - timer.fireTime) / timer.interval).rounded(.down) + 1
                timer.fireTime += missed * timer.interval
            } else {
                timer.invalidate()
            }
            perform { action(timer) }
        }
        timers.removeAll { !$0.isValid }
    }

    private func runDisplayLinks() {
        displayLinks.removeAll { !$0.isValid }
        for link in displayLinks where link.isValid && !link.isPaused {
            if link.preferredFramesPerSecond > 0 {
                let interval = 1 / link.preferredFramesPerSecond
                if time - link.lastFired < interval - frameDuration / 2 { continue }
            }
            link.lastFired = time
            link.timestamp = time
            link.duration = frameDuration
            link.targetTimestamp = time + frameDuration
            guard let callback = link.callback else { continue }
            perform(actionsDisabled: true) { callback(link) }
        }
    }

    private func runCompletions() {
        var rounds = 0
        while !completions.isEmpty && rounds < Scene.maxCompletionRounds {
            rounds += 1
            let due = completions
            completions.removeAll()
            for block in due { perform(block) }
            transactions.commitAll()
        }
    }

    // MARK: Bookkeeping for layers and animations

    func animationAdded(_ animation: AttachedAnimation, to layer: Layer) {
        animationsAddedSinceEvaluation = true
        transactions.register(animation, on: layer)
    }

    func animationRemoved(_ animation: AttachedAnimation) {
        if !animation.hasEnded, let callback = animation.animation.onStop {
            animation.hasEnded = true
            perform { callback(animation.animation, false) }
        }
        animation.endCompletionGroups()
    }

    func recordStart(_ animation: AttachedAnimation) {
        startedAnimations.append(animation)
    }

    func recordEnd(_ animation: AttachedAnimation, on layer: Layer) {
        endedAnimations.append((animation, layer))
    }

    func queueCompletion(_ block: @escaping () -> Void) {
        completions.append(block)
    }

    // MARK: The open transaction's journal and transitions

    /// The journal, if it belongs to the open transaction.
    var journalOfCurrentTransaction: ChangeJournal? {
        changeJournal.serial == transactions.changeSerial ? changeJournal : nil
    }

    /// Forgets the journal and the transitions of the outermost transaction that just committed.
    func transactionEnded() {
        changeJournal.removeAll()
        transitionLayers.removeAll()
    }
}
