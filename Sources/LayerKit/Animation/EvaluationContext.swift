/// The scratch state of evaluating one layer's animations for one frame: where to write, and
/// transform components gathered from `transform.*` key paths until they are composed once.
struct EvaluationContext {
    unowned(unsafe) let layer: Layer
    let presented: UnsafeMutablePointer<Double>
    unowned(unsafe) let scene: Scene
    /// Components of `transform` (index 0) and `sublayerTransform` (index 1) being built.
    private var parts: (TransformParts, TransformParts) = (TransformParts(), TransformParts())
    private var hasParts: (Bool, Bool) = (false, false)
    /// Whether a whole-transform animation has written the slot this frame (so the model's cached
    /// components no longer describe it).
    private var wroteWhole: (Bool, Bool) = (false, false)
    /// The angle keyframe paths' rotation modes turn the layer by this frame: applied in
    /// `finish`, on top of whatever the animations made of the transform, whatever their order.
    private var pathTurn: Double?

    private let transformOffset: Int
    private let sublayerTransformOffset: Int

    init(layer: Layer, scene: Scene, offsets: StorageOffsets) {
        self.layer = layer
        self.presented = layer.storage + layer.slotSize
        self.scene = scene
        transformOffset = offsets.transform
        sublayerTransformOffset = offsets.sublayerTransform
    }

    /// The value of a key path in `slot`, outside evaluation.
    static func read(_ target: ResolvedKeyPath, of layer: Layer, _ slot: StateSlot) -> AnimationValue {
        let base = layer.base(slot)
        switch target.target {
        case let .stored(offset, kind): return FlatValues.load(kind: kind, at: base + offset)
        case let .transformPart(offset, part):
            return FlatValues.loadTransform(at: base + offset).parts.value(of: part)
        case .array(let id): return layer.arrays(slot)[id] ?? .numbers([])
        case let .cell(path, offset, kind):
            guard let cell = (layer as? EmitterLayer)?.cell(atPath: path) else { return .zero(of: kind) }
            return FlatValues.load(kind: kind, at: cell.base(slot) + offset)
        case let .filter(name, input):
            return .number(layer.filter(named: name)?.value(input, slot) ?? 0)
        }
    }

    /// The value of a key path as evaluated so far this frame.
    mutating func read(_ target: ResolvedKeyPath) -> AnimationValue {
        switch target.target {
        case let .stored(offset, kind):
            flushIfWhole(offset)
            return FlatValues.load(kind: kind, at: presented + offset)
        case let .transformPart(offset, part):
            let i = index(offset)
            loadParts(i, offset)
            return (i == 0 ? parts.0 : parts.1).value(of: part)
        case .array(let id):
            return layer.presentedArrays[id] ?? .numbers([])
        case .cell(_, _, let kind):
            // Cell key paths are read by their animation, which knows the cell.
            return .zero(of: kind)
        case let .filter(name, input):
            return .number(layer.filter(named: name)?.value(input, .presentation) ?? 0)
        }
    }

    /// Writes (or, when `additive`, adds) a key path's value.
    @inline(__always)
    mutating func write(_ target: ResolvedKeyPath, _ value: AnimationValue, additive: Bool) {
        switch target.target {
        case let .stored(offset, kind):
            flushIfWhole(offset)
            if case .number(let v) = value, kind == .number {
                presented[offset] = additive ? presented[offset] + v : v
                return
            }
            let result = additive ? FlatValues.load(kind: kind, at: presented + offset) + value : value
            FlatValues.store(result, kind: kind, at: presented + offset)
            if offset == transformOffset { wroteWhole.0 = true }
            if offset == sublayerTransformOffset { wroteWhole.1 = true }
        case let .transformPart(offset, part):
            let i = index(offset)
            loadParts(i, offset)
            if i == 0 { parts.0.set(part, value, additive: additive) } else { parts.1.set(part, value, additive: additive) }
        case .array(let id):
            layer.presentedArrays[id] = additive ? (layer.presentedArrays[id] ?? value) + value : value
        case .cell:
            // Cell key paths are written by their animation, which knows the cell.
            break
        case let .filter(name, input):
            guard let filter = layer.filter(named: name) else { return }
            let i = input.rawValueIndex
            filter.presented[i] = additive ? filter.presented[i] + value.number : value.number
        }
    }

    /// Writes (or adds) a number at a slot offset or into a transform component.
    @inline(__always)
    mutating func writeNumber(_ v: Double, offset: Int, part: TransformComponent?, additive: Bool) {
        if let part {
            let i = index(offset)
            loadParts(i, offset)
            if i == 0 { parts.0.setNumber(part, v, additive: additive) } else { parts.1.setNumber(part, v, additive: additive) }
        } else {
            presented[offset] = additive ? presented[offset] + v : v
        }
    }

    /// Turns the layer by `angle` about z on top of its transform (keyframe rotationMode), once
    /// every animation has been evaluated.
    mutating func addRotation(_ angle: Double) {
        pathTurn = (pathTurn ?? 0) + angle
    }

    /// Adds the rotation modes' turn, and composes gathered components back into the transform
    /// slots.
    mutating func finish() {
        if let pathTurn {
            loadParts(0, transformOffset)
            parts.0.rotationZ += pathTurn
        }
        if hasParts.0 { flush(0) }
        if hasParts.1 { flush(1) }
    }

    @inline(__always) private func index(_ offset: Int) -> Int {
        offset == transformOffset ? 0 : 1
    }

    @inline(__always) private mutating func loadParts(_ i: Int, _ offset: Int) {
        if i == 0 {
            guard !hasParts.0 else { return }
            parts.0 = wroteWhole.0 ? FlatValues.loadTransform(at: presented + offset).parts : layer.modelTransformParts
            hasParts.0 = true
        } else {
            guard !hasParts.1 else { return }
            parts.1 = wroteWhole.1 ? FlatValues.loadTransform(at: presented + offset).parts : layer.modelSublayerTransformParts
            hasParts.1 = true
        }
    }

    @inline(__always) private mutating func flushIfWhole(_ offset: Int) {
        if offset == transformOffset && hasParts.0 { flush(0) }
        if offset == sublayerTransformOffset && hasParts.1 { flush(1) }
    }

    private mutating func flush(_ i: Int) {
        if i == 0 {
            FlatValues.storeTransform(Transform3D(parts: parts.0), at: presented + transformOffset)
            hasParts.0 = false
            wroteWhole.0 = true
        } else {
            FlatValues.storeTransform(Transform3D(parts: parts.1), at: presented + sublayerTransformOffset)
            hasParts.1 = false
            wroteWhole.1 = true
        }
    }
}

extension TransformParts {
    /// The value a transform key-path component reads.
    func value(of part: TransformComponent) -> AnimationValue {
        switch part {
        case .translation: return .size(Size(width: translationX, height: translationY))
        case .translationX: return .number(translationX)
        case .translationY: return .number(translationY)
        case .translationZ: return .number(translationZ)
        case .scale: return .number((scaleX + scaleY + scaleZ) / 3)
        case .scaleX: return .number(scaleX)
        case .scaleY: return .number(scaleY)
        case .scaleZ: return .number(scaleZ)
        case .rotation, .rotationZ: return .number(rotationZ)
        case .rotationX: return .number(rotationX)
        case .rotationY: return .number(rotationY)
        }
    }

    /// Sets (or adds to) one component.
    @inline(__always)
    mutating func set(_ part: TransformComponent, _ value: AnimationValue, additive: Bool) {
        if part == .translation {
            let s = value.size
            translationX = additive ? translationX + s.width : s.width
            translationY = additive ? translationY + s.height : s.height
        } else {
            setNumber(part, value.number, additive: additive)
        }
    }

    /// Sets (or adds to) one number-valued component: an additive animation of a component adds
    /// its number to the component's (Apple: the value is "added to the current render tree
    /// value", by the addition of its type, here a number).
    @inline(__always)
    mutating func setNumber(_ part: TransformComponent, _ v: Double, additive: Bool) {
        if setSimpleNumber(part, v, additive: additive) { return }
        switch part {
        case .translation:
            translationX = additive ? translationX + v : v
            translationY = additive ? translationY + v : v
        case .rotationX: rotationX = additive ? rotationX + v : v
        case .rotationY: rotationY = additive ? rotationY + v : v
        default: break
        }
    }
}

/// The components of a simple transform (a scale, a turn about z and a translation), which the
/// general evaluator's parts and a compiled program's seven numbers both have and set alike.
protocol SimpleTransformComponents {
    var translationX: Double { get set }
    var translationY: Double { get set }
    var translationZ: Double { get set }
    var scaleX: Double { get set }
    var scaleY: Double { get set }
    var scaleZ: Double { get set }
    var rotationZ: Double { get set }
}

extension SimpleTransformComponents {
    /// Sets (or adds to) `part` when it is one of these components, and returns whether it
    /// was: `translation` (two at once), `rotation.x` and `rotation.y` are not.
    @inline(__always)
    mutating func setSimpleNumber(_ part: TransformComponent, _ v: Double, additive: Bool) -> Bool {
        switch part {
        case .translationX: translationX = additive ? translationX + v : v
        case .translationY: translationY = additive ? translationY + v : v
        case .translationZ: translationZ = additive ? translationZ + v : v
        case .scale:
            if additive { scaleX += v; scaleY += v; scaleZ += v } else { scaleX = v; scaleY = v; scaleZ = v }
        case .scaleX: scaleX = additive ? scaleX + v : v
        case .scaleY: scaleY = additive ? scaleY + v : v
        case .scaleZ: scaleZ = additive ? scaleZ + v : v
        case .rotation, .rotationZ: rotationZ = additive ? rotationZ + v : v
        case .translation, .rotationX, .rotationY: return false
        }
        return true
    }
}

extension TransformParts: SimpleTransformComponents {}
