/// A rectangle of content in a tree of layers, as CALayer: the model values a script sets, the
/// presentation values animations produce, and the animations themselves.
///
/// Property values live in one flat block of `Double`s laid out by `PropertyRegistry`: a model
/// slot and a presentation slot. Typed accessors read them by `PropertyID`. A layer belongs to
/// one `Scene` (its transactions, clock and timers) for its whole life.
public class Layer {
    // What making the presentation plan reads of every layer (and a frame of a layer on the
    // general path) comes first, within one cache line (stored properties are laid out in the
    // order they are declared).

    /// The kind of layer, which decides the properties it has.
    public let kind: LayerKind
    // A change to any of the next four makes the scene's presentation plan stale: the plan holds
    // what they were when it was made (see `PresentationPlan`).

    /// Whether any animation is attached, kept in the layer itself so that the presentation
    /// walk passes a still layer without reading the list.
    private(set) var isAnimated = false {
        didSet { if isAnimated != oldValue { scene?.presentationPlanIsStale = true } }
    }
    /// Whether the layer's own timing differs from its parent's (beginTime, speed or timeOffset
    /// is set), kept here so that the walk finds a local time without reading the storage.
    var hasOwnTiming = false {
        didSet { if hasOwnTiming != oldValue { scene?.presentationPlanIsStale = true } }
    }
    /// Whether `program` must be compiled again (the animations or their begin times changed).
    var programIsStale = true {
        didSet { if programIsStale { scene?.presentationPlanIsStale = true } }
    }
    /// The sublayers, back to front.
    /// Changed only in Layer+Hierarchy.swift, which tells the transaction's journal first (a
    /// `willSet` here would copy the whole list at every insertion).
    public internal(set) var sublayers: [Layer] = [] {
        didSet {
            guard let scene else { return }
            scene.presentationPlanIsStale = true
            scene.treeRevision &+= 1
        }
    }
    let slotSize: Int
    /// Model slot at `storage`, presentation slot at `storage + slotSize`.
    let storage: UnsafeMutablePointer<Double>
    /// The attached animations compiled for the per-frame loop, when they all allow it.
    var program: ScalarProgram?

    /// The scene whose transactions and clock this layer uses.
    public private(set) weak var scene: Scene?
    /// The same scene, unretained, for the paths a script takes for every property it sets
    /// (see `withSceneInTree`): loading a weak reference retains the scene and releases it
    /// again, through the side table weak references give it.
    private let unretainedScene: Unmanaged<Scene>
    /// Whether this is its scene's root layer.
    var isSceneRoot = false
    /// The layer this one is a sublayer of.
    public internal(set) weak var superlayer: Layer?
    /// A name for finding the layer and for messages.
    public var name: String?
    /// Where the script made it, when its host records that (the viewer's does).
    public var creationSite: SourceSite?
    /// The image drawn in the layer's bounds.
    public var contents: Image? {
        willSet { willChangeHeldState() }
    }
    /// `false` turns implicit animations off for every property of this layer.
    public var actionsEnabled = true
    /// Which corners `cornerRadius` rounds: of the background, the border and the
    /// `masksToBounds` clip (CALayer's `maskedCorners`; not animated).
    public var maskedCorners: CornerMask = .all
    /// The shape the layer's shadow takes, in its coordinates, instead of what it draws (the
    /// model's; nil: what it draws).
    public var shadowPath: Path? {
        get { let path = value(.shadowPath).path; return path.isEmpty ? nil : path }
        set { self[.shadowPath] = .path(newValue ?? Path()) }
    }
    /// What changing a key does instead of the default implicit animation (CALayer's `actions`
    /// dictionary): no animation, or an animation of one's own (see `Layer+Actions.swift`).
    public var actions: [String: LayerAction] = [:]

    // Effects drawn by composing the layer and its sublayers offscreen.
    /// The layer whose alpha clips this one and its sublayers (CALayer's `mask`; set with `setMask`).
    public internal(set) var mask: Layer? {
        didSet { scene?.presentationPlanIsStale = true }
    }
    /// The layer this one is the mask of.
    public internal(set) weak var maskedLayer: Layer?
    /// The filters applied to the layer and its sublayers, in order (set with `setFilters`).
    public internal(set) var filters: [Filter] = []
    /// Whether some attached animation writes a filter's input.
    var animatesFilters = false
    /// How the layer, composed with its sublayers, combines with what is behind it (nil: normally).
    public var compositingFilter: CompositingFilter?

    /// Array-valued properties (gradient colours and locations, dash patterns), model then presentation.
    var modelArrays: [PropertyID: AnimationValue] = [:]
    var presentedArrays: [PropertyID: AnimationValue] = [:]

    /// Attached animations in the order they were added (later ones apply on top).
    var animations: [AttachedAnimation] = [] {
        didSet { isAnimated = !animations.isEmpty }
    }
    /// Whether a transition is attached (see `Layer.transitionShown(_:)`).
    var hasTransition = false
    /// Bits (`PropertySpec.bit`) of the properties some attached animation writes.
    var animatedMask: UInt64 = 0
    /// Whether some attached animation writes an emitter cell's property.
    var animatesCells = false
    /// Whether the layer is in its scene's tree (the root or a descendant of it).
    public internal(set) var isInTree = false
    /// The serial number of the outermost transaction in which the layer joined the tree.
    var treeJoinSerial = 0
    /// The serial number of the last transaction that changed the layer, and the properties
    /// whose values from before it the journal keeps, one bit each by `PropertyID.rawValue`
    /// (see `willChange`).
    var journaledSerial = -1
    var journaledProperties: (low: UInt64, high: UInt64) = (0, 0)
    /// The model transform's components, computed when first needed after each change.
    var cachedModelParts: TransformParts?
    var cachedModelSublayerParts: TransformParts?

    /// Creates a layer of `kind` with Core Animation's defaults, owned by `scene`.
    init(kind: LayerKind, scene: Scene) {
        self.kind = kind
        self.scene = scene
        unretainedScene = .passUnretained(scene)
        let size = PropertyRegistry.slotSize(kind)
        slotSize = size
        // On a cache line, so that the properties a frame touches share as few lines as they can.
        storage = UnsafeMutableRawPointer.allocate(byteCount: max(1, size * 2) * MemoryLayout<Double>.stride, alignment: 64)
            .bindMemory(to: Double.self, capacity: max(1, size * 2))
        PropertyRegistry.defaultSlots[kind.index].withUnsafeBufferPointer { defaults in
            if let source = defaults.baseAddress, size > 0 {
                storage.initialize(from: source, count: size)
                (storage + size).initialize(from: source, count: size)
            }
        }
        for spec in PropertyRegistry.specs where spec.width == 0 && kind.has(spec.owner) {
            modelArrays[spec.id] = spec.defaultValue
            presentedArrays[spec.id] = spec.defaultValue
        }
        scene.layerCount += 1
    }

    /// Creates a plain layer owned by `scene`.
    public convenience init(scene: Scene) {
        self.init(kind: .layer, scene: scene)
    }

    deinit {
        // Sublayers outlive a freed superlayer only if something else holds them: tell the scene
        // they have no superlayer now, as removeFromSuperlayer would; their subtrees leave the tree.
        for layer in sublayers {
            layer.superlayer = nil
            if layer.isInTree { layer.forEachInSubtree { $0.isInTree = false } }
            scene?.layerObserver?.layerDidChangeSuperlayer(layer)
        }
        if let mask, mask.isInTree { mask.forEachInSubtree { $0.isInTree = false } }
        UnsafeMutableRawPointer(storage).deallocate()
        scene?.layerCount -= 1
    }

    /// `body(scene)` when the layer is in its scene's tree, without retaining the scene; nil
    /// otherwise. A layer is in the tree only while its scene lives: the scene takes its tree
    /// out when it goes, and a freed layer takes out its sublayers' subtrees.
    @inline(__always) func withSceneInTree<R>(_ body: (Scene) -> R) -> R? {
        guard isInTree else { return nil }
        return unretainedScene._withUnsafeGuaranteedRef(body)
    }

    /// The first `Double` of a state slot.
    @inline(__always) func base(_ slot: StateSlot) -> UnsafeMutablePointer<Double> {
        switch slot {
        case .model: storage
        case .presentation: storage + slotSize
        case .instance(let instance): instance.values(of: self) ?? storage + slotSize
        case .before(let snapshot): snapshot.values(of: self) ?? storage + slotSize
        }
    }

    /// The array-valued properties of a state slot.
    @inline(__always) func arrays(_ slot: StateSlot) -> [PropertyID: AnimationValue] {
        switch slot {
        case .model: modelArrays
        case .presentation: presentedArrays
        case .instance(let instance): instance.arrays(of: self) ?? presentedArrays
        case .before(let snapshot): snapshot.entry(of: self)?.arrays ?? presentedArrays
        }
    }

    /// Whether this layer has `property`.
    @inline(__always) public func has(_ property: PropertyID) -> Bool {
        kind.has(PropertyRegistry.spec(property).owner)
    }
}

