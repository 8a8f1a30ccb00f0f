/// One source of particles (CAEmitterCell): what its particles look like and how they are born,
/// move and change. Cells may hold cells of their own, whose particles are emitted by this cell's
/// particles.
///
/// An emitter layer keeps copies of the cells it is given, as Core Animation does; the copies it
/// holds (`EmitterLayer.emitterCells`) are live: changing one changes what the layer emits.
/// Values live in flat storage laid out by `CellPropertyID`: a model state, and a presentation
/// state that `emitterCells.NAME.PROPERTY` animations write.
public final class EmitterCell {
    /// The name key paths and `emit(_:cellNamed:)` find the cell by.
    public var name: String? {
        didSet { layer?.cellsChanged() }
    }
    /// The image each particle shows (nothing is drawn without one).
    public var contents: Image?
    /// How `contents` is read when a particle is drawn smaller than the image (not animated).
    public var minificationFilter: TextureFilter = .linear
    /// How `contents` is read when a particle is drawn larger than the image: `nearest` keeps
    /// pixel art crisp (not animated).
    public var magnificationFilter: TextureFilter = .linear
    /// The cells this cell's particles emit.
    public private(set) var emitterCells: [EmitterCell] = []
    /// The emitter layer whose cells this cell is part of.
    weak var layer: EmitterLayer?

    // The cell's CAMediaTiming, which decides when it emits (see `EmitterCell+Timing`).
    /// When the cell starts emitting, in its parent's time (the emitter's running time, or for
    /// a sub-cell the age of the particle emitting it).
    public var beginTime: Double = 0
    /// Seconds per cycle; 0 (the default) emits for ever.
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    /// Whether the cell emits before its begin time (backwards) or after its end (forwards).
    public var fillMode = FillMode.removed

    /// Model state at `storage`, presentation state at `storage + CellPropertyID.slotSize`.
    let storage: UnsafeMutablePointer<Double>

    /// How deep cells may nest inside cells.
    public static let maxNesting = 8

    /// A cell with Core Animation's defaults.
    public init() {
        let size = CellPropertyID.slotSize
        storage = UnsafeMutablePointer<Double>.allocate(capacity: size * 2)
        storage.initialize(repeating: 0, count: size * 2)
        for id in CellPropertyID.allCases {
            FlatValues.store(id.defaultValue, kind: id.kind, at: storage + id.offset)
        }
        (storage + size).update(from: storage, count: size)
    }

    deinit {
        storage.deallocate()
    }

    /// A deep copy: the same values, name, contents, filters and copies of the sub-cells, belonging to no
    /// layer.
    public func copy() -> EmitterCell {
        let made = EmitterCell()
        made.storage.update(from: storage, count: CellPropertyID.slotSize)
        (made.storage + CellPropertyID.slotSize).update(from: storage, count: CellPropertyID.slotSize)
        made.name = name
        made.contents = contents
        made.minificationFilter = minificationFilter
        made.magnificationFilter = magnificationFilter
        made.beginTime = beginTime
        made.duration = duration
        made.speed = speed
        made.timeOffset = timeOffset
        made.repeatCount = repeatCount
        made.repeatDuration = repeatDuration
        made.autoreverses = autoreverses
        made.fillMode = fillMode
        made.emitterCells = emitterCells.map { $0.copy() }
        return made
    }

    /// The first `Double` of a state.
    @inline(__always) func base(_ slot: StateSlot) -> UnsafeMutablePointer<Double> {
        switch slot {
        case .model: storage
        case .presentation: storage + CellPropertyID.slotSize
        case .instance(let instance): instance.values(of: self) ?? storage + CellPropertyID.slotSize
        case .before: storage + CellPropertyID.slotSize
        }
    }

    /// The value of `property`.
    public func value(_ property: CellPropertyID, _ slot: StateSlot = .model) -> AnimationValue {
        FlatValues.load(kind: property.kind, at: base(slot) + property.offset)
    }

    /// A number-valued property (`enabled` reads as 0 or 1).
    @inline(__always) public func number(_ property: CellPropertyID, _ slot: StateSlot = .model) -> Double {
        base(slot)[property.offset]
    }

    /// Whether the cell emits and draws particles.
    public var isEnabled: Bool {
        get { number(.enabled) != 0 }
        set { try? setValue(.bool(newValue), for: .enabled) }
    }

    /// Sets the model value of `property` (the presentation follows; an animation running on it
    /// overrides it from the next frame).
    public func setValue(_ newValue: AnimationValue, for property: CellPropertyID) throws(PropertyError) {
        guard newValue.fits(property.kind) else {
            throw .wrongKind(name: property.name, expected: property.kind, got: newValue.kind)
        }
        let value = newValue.coerced(to: property.kind)
        FlatValues.store(value, kind: property.kind, at: storage + property.offset)
        FlatValues.store(value, kind: property.kind, at: base(.presentation) + property.offset)
    }

    /// The model value of `property`; a value of the wrong kind is ignored (call `setValue` to
    /// get the error).
    public subscript(property: CellPropertyID) -> AnimationValue {
        get { value(property) }
        set { try? setValue(newValue, for: property) }
    }

    /// Replaces the sub-cells with copies of `cells`. Throws when that would nest cells more than
    /// `maxNesting` deep.
    public func setEmitterCells(_ cells: [EmitterCell]) throws(EmitterError) {
        let depth = 1 + (cells.map(\.nestingDepth).max() ?? 0)
        guard depth <= EmitterCell.maxNesting else { throw .nestedTooDeep(limit: EmitterCell.maxNesting) }
        for cell in emitterCells { cell.attach(to: nil) }
        emitterCells = cells.map { $0.copy() }
        for cell in emitterCells { cell.attach(to: layer) }
        layer?.cellsChanged()
    }

    /// Levels of cells from this one down (1 for a cell without sub-cells).
    var nestingDepth: Int {
        1 + (emitterCells.map(\.nestingDepth).max() ?? 0)
    }

    /// Makes this cell and its sub-cells part of `layer`.
    func attach(to layer: EmitterLayer?) {
        self.layer = layer
        for cell in emitterCells { cell.attach(to: layer) }
    }

    /// Copies the model state into the presentation state, here and in the sub-cells.
    func resetPresentation() {
        base(.presentation).update(from: storage, count: CellPropertyID.slotSize)
        for cell in emitterCells { cell.resetPresentation() }
    }
}
