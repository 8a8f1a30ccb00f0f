/// Key-value coding by key path (CALayer's `value(forKeyPath:)` and `setValue(_:forKeyPath:)`).
extension Layer {
    /// The value of `keyPath` (any animatable key path: `"position.y"`,
    /// `"transform.rotation.z"`, `"emitterCells.snow.birthRate"`, or any property's name) in
    /// the model or on screen. Throws when the key path means nothing on this kind of layer.
    public func value(forKeyPath keyPath: String, _ slot: StateSlot = .model) throws(KeyPathError) -> AnimationValue {
        if let spec = PropertyRegistry.property(named: keyPath, on: kind) { return value(spec.id, slot) }
        let resolved = try KeyPathResolver.resolve(keyPath, on: kind)
        if case let .cell(path, _, _) = resolved.target { try checkCell(path, keyPath: keyPath) }
        return EvaluationContext.read(resolved, of: self, slot)
    }

    /// Sets the model value at `keyPath`, animating the change as setting a property does. A
    /// property's name sets it as `setValue(_:for:)`; a component (`"position.x"`,
    /// `"bounds.size.width"`, `"transform.rotation.z"`) changes that part of its property and
    /// sets the property, so the implicit animation is the property's, under its key, as Core
    /// Animation's key-value coding does; an emitter cell's property
    /// (`"emitterCells.snow.birthRate"`) is set on the cell and animates under the whole key path.
    public func setValue(_ newValue: AnimationValue, forKeyPath keyPath: String) throws(PropertyError) {
        if let spec = PropertyRegistry.property(named: keyPath, on: kind) {
            try setValue(newValue, for: spec.id)
            return
        }
        let resolved: ResolvedKeyPath
        do { resolved = try KeyPathResolver.resolve(keyPath, on: kind) } catch { throw .keyPath(error) }
        guard newValue.fits(resolved.valueKind) else {
            throw .wrongKind(name: keyPath, expected: resolved.valueKind, got: newValue.kind)
        }
        let value = newValue.coerced(to: resolved.valueKind)
        switch resolved.target {
        case let .stored(offset, kind):
            guard let spec = resolved.property else { return }
            let whole = UnsafeMutablePointer<Double>.allocate(capacity: max(spec.width, 1))
            defer { whole.deallocate() }
            whole.update(from: storage + spec.offset, count: spec.width)
            FlatValues.store(value, kind: kind, at: whole + (offset - spec.offset))
            try setValue(FlatValues.load(kind: spec.kind, at: whole), for: spec.id)
        case let .transformPart(_, part):
            guard let spec = resolved.property else { return }
            var parts = transform(spec.id).parts
            parts.set(part, value, additive: false)
            try setValue(.transform(Transform3D(parts: parts)), for: spec.id)
        case .array(let id):
            try setValue(value, for: id)
        case let .cell(path, offset, kind):
            do { try checkCell(path, keyPath: keyPath) } catch { throw .keyPath(error) }
            try setCellValue(value, keyPath: keyPath, path: path, offset: offset, kind: kind)
        case let .filter(name, input):
            try setFilterValue(value.number, keyPath: keyPath, name: name, input: input)
        }
    }

    /// Sets one input of a filter (`"filters.blur.inputRadius"`), animating the change under
    /// `keyPath` when a layer property would animate.
    private func setFilterValue(_ value: Double, keyPath: String, name: String, input: FilterInput)
        throws(PropertyError) {
        guard let filter = filter(named: name) else {
            throw .keyPath(.unknownFilter(keyPath: keyPath, name: name, valid: filters.map(\.name)))
        }
        guard filter.kind.inputs.contains(input) else {
            throw .keyPath(.unknownComponent(keyPath: keyPath,
                                             valid: filter.kind.inputs.map { "filters.\(name).\($0.rawValue)" }))
        }
        scene?.ensurePresentation()
        let from = filter.value(input, .presentation)
        try? filter.setValue(value, for: input)
        guard let scene, shouldAnimateImplicitly(key: keyPath, in: scene), from != value else { return }
        // The change shows through its animation, from what was on screen.
        filter.presented[input.rawValueIndex] = from
        do { try runAction(forKey: keyPath, from: .number(from), in: scene) } catch {
            throw .actionFailed(key: keyPath, error)
        }
    }

    /// Sets part of an emitter cell's model state, animating the change under `keyPath` when a
    /// layer property would animate.
    private func setCellValue(_ value: AnimationValue, keyPath: String, path: [String], offset: Int,
                              kind: ValueKind) throws(PropertyError) {
        guard let cell = (self as? EmitterLayer)?.cell(atPath: path) else { return }
        scene?.ensurePresentation()
        let from = FlatValues.load(kind: kind, at: cell.base(.presentation) + offset)
        FlatValues.store(value, kind: kind, at: cell.base(.model) + offset)
        if let scene, shouldAnimateImplicitly(key: keyPath, in: scene) {
            guard from != value else { return }
            do { try runAction(forKey: keyPath, from: from, in: scene) } catch { throw .actionFailed(key: keyPath, error) }
        } else {
            FlatValues.store(value, kind: kind, at: cell.base(.presentation) + offset)
        }
    }

    /// Throws unless the cells named along `path` exist.
    private func checkCell(_ path: [String], keyPath: String) throws(KeyPathError) {
        do {
            try AttachedAnimation.checkCell(path, keyPath: keyPath, on: self)
        } catch {
            if case .keyPath(let e) = error { throw e }
            throw .unknownProperty(keyPath: keyPath, on: kind, suggestion: nil)
        }
    }
}
