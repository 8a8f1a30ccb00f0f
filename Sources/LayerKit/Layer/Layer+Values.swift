/// Typed reads of a layer's model and presentation values, and writes of its model values.
extension Layer {
    /// The value of `property` (its default when this kind of layer lacks it).
    public func value(_ property: PropertyID, _ slot: StateSlot = .model) -> AnimationValue {
        let spec = PropertyRegistry.spec(property)
        guard kind.has(spec.owner) else { return spec.defaultValue }
        if spec.width == 0 {
            return arrays(slot)[property] ?? spec.defaultValue
        }
        return FlatValues.load(spec, base(slot))
    }

    /// A number-valued property (booleans read as 0 or 1).
    @inline(__always) public func number(_ property: PropertyID, _ slot: StateSlot = .model) -> Double {
        let info = PropertyRegistry.places[property.rawValue]
        guard info.width >= 1, kind.has(info.owner) else { return PropertyRegistry.spec(property).defaultValue.number }
        return base(slot)[info.offset]
    }

    /// Sets a number-valued property without building an `AnimationValue`, when nothing would
    /// animate the change (the common case for a script setting values each frame). Returns
    /// false, having done nothing, when the general path is needed.
    @inline(__always)
    public func setNumberDirectly(_ value: Double, for property: PropertyID) -> Bool {
        setNumberDirectly(value, for: property, at: PropertyRegistry.places[property.rawValue])
    }

    /// `setNumberDirectly(_:for:)` with the property's place already looked up.
    @inline(__always)
    public func setNumberDirectly(_ value: Double, for property: PropertyID, at info: PropertyRegistry.Place) -> Bool {
        guard info.isNumber, kind.has(info.owner), !info.isLimited, mayWriteDirectly(property, info) else { return false }
        storage[info.offset] = value
        if animatedMask & info.bit == 0 || !info.isAnimatable { storage[slotSize + info.offset] = value }
        // Timing is not animatable: the first test passes over the properties scripts set most.
        if !info.isAnimatable && property.isTiming { timingChanged() }
        return true
    }

    /// Sets a transform-valued property without building an `AnimationValue`, when nothing
    /// would animate the change (a script placing layers each frame). Returns false, having done
    /// nothing, when the general path is needed.
    @inline(__always)
    public func setTransformDirectly(_ value: Transform3D, for property: PropertyID, at info: PropertyRegistry.Place) -> Bool {
        guard info.width == 16, kind.has(info.owner), !info.isLimited, mayWriteDirectly(property, info) else { return false }
        FlatValues.storeTransform(value, at: storage + info.offset)
        if animatedMask & info.bit == 0 || !info.isAnimatable { FlatValues.storeTransform(value, at: storage + slotSize + info.offset) }
        modelTransformChanged(property)
        return true
    }

    /// Whether a direct write of `property` may go ahead: not when the change would start an
    /// implicit animation (the general path makes it). When it may, and the layer is in the
    /// tree, the transaction's journal is told first.
    @inline(__always)
    private func mayWriteDirectly(_ property: PropertyID, _ info: PropertyRegistry.Place) -> Bool {
        withSceneInTree { scene in
            if info.isAnimatable && mayAnimateImplicitly(in: scene)
                && shouldAnimateImplicitly(PropertyRegistry.spec(property), in: scene) { return false }
            willChange(property, offset: info.offset, count: info.width, in: scene)
            return true
        } ?? true
    }

    /// Drops what was derived from the model's `transform` or `sublayerTransform` when
    /// `property` is one of them.
    @inline(__always) private func modelTransformChanged(_ property: PropertyID) {
        if property == .transform {
            cachedModelParts = nil
            programIsStale = true
        } else if property == .sublayerTransform {
            cachedModelSublayerParts = nil
            programIsStale = true
        }
    }

    /// A number-valued property's model value, with its place already looked up (0 when the layer
    /// lacks it or it is not a number).
    @inline(__always) public func number(at info: PropertyRegistry.Place) -> Double {
        guard info.isNumber, kind.has(info.owner) else { return 0 }
        return storage[info.offset]
    }

    /// A boolean-valued property.
    @inline(__always) public func bool(_ property: PropertyID, _ slot: StateSlot = .model) -> Bool {
        number(property, slot) != 0
    }

    /// A point-valued property.
    @inline(__always) public func point(_ property: PropertyID, _ slot: StateSlot = .model) -> Point {
        let info = PropertyRegistry.places[property.rawValue]
        guard info.width >= 2, kind.has(info.owner) else { return PropertyRegistry.spec(property).defaultValue.point }
        let p = base(slot) + info.offset
        return Point(x: p[0], y: p[1])
    }

    /// A size-valued property.
    @inline(__always) public func size(_ property: PropertyID, _ slot: StateSlot = .model) -> Size {
        let p = point(property, slot)
        return Size(width: p.x, height: p.y)
    }

    /// A rect-valued property.
    @inline(__always) public func rect(_ property: PropertyID, _ slot: StateSlot = .model) -> Rect {
        let info = PropertyRegistry.places[property.rawValue]
        guard info.width >= 4, kind.has(info.owner) else { return PropertyRegistry.spec(property).defaultValue.rect }
        let p = base(slot) + info.offset
        return Rect(x: p[0], y: p[1], width: p[2], height: p[3])
    }

    /// A colour-valued property.
    @inline(__always) public func color(_ property: PropertyID, _ slot: StateSlot = .model) -> Color {
        let info = PropertyRegistry.places[property.rawValue]
        guard info.width >= 4, kind.has(info.owner) else { return PropertyRegistry.spec(property).defaultValue.color }
        let p = base(slot) + info.offset
        return Color(r: p[0], g: p[1], b: p[2], a: p[3])
    }

    /// A transform-valued property.
    @inline(__always) public func transform(_ property: PropertyID, _ slot: StateSlot = .model) -> Transform3D {
        let info = PropertyRegistry.places[property.rawValue]
        guard info.width == 16, kind.has(info.owner) else { return .identity }
        return FlatValues.loadTransform(at: base(slot) + info.offset)
    }

    /// A choice-valued property as its Swift enumeration.
    public func choice<C: ChoiceValue>(_ property: PropertyID, as type: C.Type, _ slot: StateSlot = .model) -> C {
        C(animationValue: value(property, slot))
    }

    /// The model value of `property`, read and written as an `AnimationValue`. Writing goes
    /// through `setValue(_:for:)` (implicit animations included); a value of the wrong kind is
    /// ignored — call `setValue(_:for:)` to get the error.
    public subscript(property: PropertyID) -> AnimationValue {
        get { value(property) }
        set { try? setValue(newValue, for: property) }
    }

    /// Sets the model value of `property`, animating the change implicitly when Core Animation
    /// would (the layer is on screen, was not added in this transaction, is not the root, and
    /// actions are enabled for the transaction, the layer and the key).
    public func setValue(_ newValue: AnimationValue, for property: PropertyID) throws(PropertyError) {
        let spec = PropertyRegistry.spec(property)
        guard kind.has(spec.owner) else { throw .noSuchProperty(name: spec.name, on: kind) }
        guard newValue.fits(spec.kind) else {
            throw .wrongKind(name: spec.name, expected: spec.kind, got: newValue.kind)
        }
        let value = newValue.coerced(to: spec.kind)
        if let expected = property.violation(value) { throw .outOfRange(name: spec.name, expected: expected) }
        if spec.isAnimatable, let scene, shouldAnimateImplicitly(spec, in: scene) {
            scene.ensurePresentation()
            let from = self.value(property, .presentation)
            writeModel(value, spec)
            if from != value {
                do {
                    try runAction(forKey: spec.name, from: from, in: scene)
                } catch {
                    throw .actionFailed(key: spec.name, error)
                }
            }
        } else {
            writeModel(value, spec)
        }
    }

    /// Writes a model value; the presentation follows at once unless an animation drives it.
    func writeModel(_ value: AnimationValue, _ spec: PropertySpec) {
        withSceneInTree { scene in
            if spec.width == 0 {
                willChangeHeldState()
            } else {
                willChange(spec.id, offset: spec.offset, count: spec.width, in: scene)
            }
        }
        if spec.width == 0 {
            modelArrays[spec.id] = value
            if animatedMask & spec.bit == 0 { presentedArrays[spec.id] = value }
        } else {
            FlatValues.store(value, spec, storage)
            if animatedMask & spec.bit == 0 || !spec.isAnimatable {
                FlatValues.store(value, spec, storage + slotSize)
            }
        }
        if spec.id.isTiming { timingChanged() }
        modelTransformChanged(spec.id)
    }

    /// Copies the model value of `spec` into the presentation slot.
    @inline(__always) func resetPresentation(_ spec: PropertySpec) {
        if spec.width == 0 {
            presentedArrays[spec.id] = modelArrays[spec.id]
        } else {
            let model = storage + spec.offset
            let presented = storage + slotSize + spec.offset
            for i in 0..<spec.width { presented[i] = model[i] }
        }
    }

    func shouldAnimateImplicitly(_ spec: PropertySpec, in scene: Scene) -> Bool {
        shouldAnimateImplicitly(key: spec.name, in: scene) && !isCoveredByTransition(spec, in: scene)
    }

    /// Whether a change of `key` now starts an action (an implicit animation).
    func shouldAnimateImplicitly(key: String, in scene: Scene) -> Bool {
        guard mayAnimateImplicitly(in: scene) else { return false }
        if !actions.isEmpty, case .disabled? = actions[key] { return false }
        return true
    }

    /// Whether a change now may start an action for some key: the checks that do not depend
    /// on the key, cheap enough for every property a script sets.
    @inline(__always) func mayAnimateImplicitly(in scene: Scene) -> Bool {
        isInTree && !isSceneRoot && actionsEnabled
            && scene.transactions.actionsEnabled && treeJoinSerial < scene.transactions.currentSerial
    }
}

/// Why a property could not be set.
public enum PropertyError: Error, Equatable, CustomStringConvertible {
    case noSuchProperty(name: String, on: LayerKind)
    case wrongKind(name: String, expected: ValueKind, got: ValueKind)
    /// A value of the right kind that the property does not take (`expected` says which do).
    case outOfRange(name: String, expected: String)
    /// The value was set, but the animation the layer's `actions` give the key could not be added.
    case actionFailed(key: String, AnimationError)
    /// A key path that means nothing on this kind of layer.
    case keyPath(KeyPathError)

    public var description: String {
        switch self {
        case let .noSuchProperty(name, kind): return "\(kind.rawValue) has no property '\(name)'"
        case let .wrongKind(name, expected, got): return "'\(name)' expects a \(expected), got a \(got)"
        case let .outOfRange(name, expected): return "bad value for '\(name)' (\(expected) expected)"
        case let .actionFailed(key, error): return "the action for '\(key)' cannot run: \(error)"
        case let .keyPath(error): return error.description
        }
    }
}
