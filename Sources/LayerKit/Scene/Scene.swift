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
        return root
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

    /// Starts the frame at `time`: commits outside changes, fires timers and display links, and
    /// evaluates the presentation tree. Draw after this, then call `endFrame`.
    public func beginFrame(at newTime: Double) {
        // Changes made outside any frame belong to the moment they were made: commit them first.
        transactions.commitAll()
        if newTime.isFinite && newTime >= time { time = newTime }
        fireTimers()
        runDisplayLinks()
        transactions.commitAll()
        evaluatePresentation()
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
        let offsets = self.offsets
        let rootTime = evaluate(root, parentTime: time, offsets: offsets)
        if presentationPlanIsStale {
            presentationPlanIsStale = false
            presentationPlan.make(root: root)
        }
        presentationPlan.run(rootTime: rootTime, scene: self, offsets: offsets)
        if !presentationPlan.replicators.isEmpty { instanceCapture.capture(presentationPlan.replicators, time: time) }
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

    /// Adds the implicit animation for a property change (CALayer's default action).
    func addImplicitAnimation(on layer: Layer, property: PropertySpec, from: AnimationValue) {
        let animation = BasicAnimation(keyPath: property.name)
        animation.fromValue = from
        animation.timingFunction = transactions.animationTimingFunction ?? .default
        guard (try? layer.addAnimation(animation, forKey: property.name)) != nil else { return }
        layer.animations.last?.implicitSerial = transactions.changeSerial
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
