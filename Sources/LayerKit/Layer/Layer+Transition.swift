/// Transitions (CATransition) on a layer: the appearance before the transaction's changes kept
/// for them, the implicit animations they take the place of, and what a frame shows of them.
extension Layer {
    /// Notes that `property`'s presentation slots are about to change: the scene's journal keeps
    /// what they showed before the transaction first changed them, which a transition added
    /// later in the transaction starts from. Only layers on screen are kept (a layer built off
    /// screen has no "before").
    @inline(__always) func willChange(_ property: PropertyID, offset: Int, count: Int, in scene: Scene) {
        let serial = scene.transactions.changeSerial
        if journaledSerial != serial {
            journaledSerial = serial
            journaledProperties = (0, 0)
        }
        let n = property.rawValue
        if n < 64 {
            guard journaledProperties.low & (1 << UInt64(n)) == 0 else { return }
            journaledProperties.low |= 1 << UInt64(n)
        } else if n < 128 {
            guard journaledProperties.high & (1 << UInt64(n - 64)) == 0 else { return }
            journaledProperties.high |= 1 << UInt64(n - 64)
        }
        // What it showed is the presentation at the scene's time, made if a tick left it unmade.
        scene.ensurePresentation()
        scene.changeJournal.keep(self, offset: offset, count: count, serial: serial)
    }

    /// Notes that what the layer holds outside its slots (array values, sublayers, contents,
    /// text, path) is about to change: the journal keeps it as it was before the transaction
    /// first changed it.
    func willChangeHeldState() {
        guard isInTree, let scene else { return }
        scene.changeJournal.hold(self, serial: scene.transactions.changeSerial)
    }

    /// Readies a transition just attached to this layer: freezes the layer's subtree as it was
    /// before the transaction's changes, drops the implicit animations the transaction's
    /// changes made in that subtree (the transition shows those changes), and keeps the layer
    /// so that later changes in the transaction make none either.
    func beginTransition(_ run: TransitionRun, in scene: Scene) {
        scene.ensurePresentation()
        let journal = scene.journalOfCurrentTransaction
        func freeze(_ layer: Layer) {
            run.before.copy(layer, holding: journal?.heldState(of: layer))
            for sublayer in run.before.entry(of: layer)?.sublayers ?? [] { freeze(sublayer) }
        }
        freeze(self)
        journal?.restore(into: run.before)
        let serial = scene.transactions.changeSerial
        func dropCovered(_ layer: Layer) {
            let covered = layer.animations.filter {
                $0.implicitSerial == serial && (layer !== self || !Layer.placesTransition($0.key))
            }
            for animation in covered { layer.removeAttached(animation) }
        }
        // The subtree as it is now, and the layers the changes took out of it.
        forEachInSubtree(dropCovered)
        run.before.forEachLayer { if !$0.isDescendant(of: self) && $0 !== self { dropCovered($0) } }
        scene.transitionLayers.append(self)
    }

    /// Whether a change of `spec` belongs to a transition added in this transaction (to this
    /// layer, or to an ancestor), which shows it instead of an implicit animation.
    func isCoveredByTransition(_ spec: PropertySpec, in scene: Scene) -> Bool {
        let roots = scene.transitionLayers
        guard !roots.isEmpty else { return false }
        if roots.contains(where: { $0 === self }) && !Layer.placesTransition(spec.name) { return true }
        var current = superlayer
        while let layer = current {
            if roots.contains(where: { $0 === layer }) { return true }
            current = layer.superlayer
        }
        return false
    }

    /// Whether a property of a layer with a transition places the transition's images (its
    /// geometry and opacity, which still animate) rather than being drawn in them.
    static func placesTransition(_ key: String?) -> Bool {
        switch key {
        case "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "opacity": true
        default: false
        }
    }

    /// Removes one attached animation; it stops with finished = false.
    func removeAttached(_ attached: AttachedAnimation) {
        guard let index = animations.firstIndex(where: { $0 === attached }) else { return }
        animations.remove(at: index)
        updateAnimatedMask()
        scene?.animationRemoved(attached)
    }

    /// The transition to draw in place of the layer's own appearance in `slot`: the last one
    /// attached that has an effect now (none in the model, nor in a transition's "before").
    public func transitionShown(_ slot: StateSlot) -> ShownTransition? {
        guard hasTransition else { return nil }
        switch slot {
        case .model, .before: return nil
        case .presentation, .instance: break
        }
        for animation in animations.reversed() {
            if let run = animation.transitionRun, let progress = run.progress {
                return ShownTransition(type: run.type, subtype: run.subtype, progress: progress, before: run.before)
            }
        }
        return nil
    }

    /// The sublayers as `slot` shows them (a transition's "before" may hold others).
    public func sublayers(_ slot: StateSlot) -> [Layer] {
        if case .before(let snapshot) = slot, let entry = snapshot.entry(of: self) { return entry.sublayers }
        return sublayers
    }

    /// The contents image as `slot` shows it.
    public func contents(_ slot: StateSlot) -> Image? {
        if case .before(let snapshot) = slot, let entry = snapshot.entry(of: self) { return entry.contents }
        return contents
    }
}

extension TextLayer {
    /// The text as `slot` shows it.
    public func string(_ slot: StateSlot) -> String {
        if case .before(let snapshot) = slot, let entry = snapshot.entry(of: self) { return entry.string }
        return string
    }

    /// The font as `slot` shows it.
    public func font(_ slot: StateSlot) -> String? {
        if case .before(let snapshot) = slot, let entry = snapshot.entry(of: self) { return entry.font }
        return font
    }
}

extension ShapeLayer {
    /// The path as `slot` shows it (nil: none).
    public func path(_ slot: StateSlot) -> Path? {
        let path = value(.path, slot).path
        return path.isEmpty ? nil : path
    }
}

extension Layer {
    /// The shadow's shape as `slot` shows it (nil: what the layer draws).
    public func shadowPath(_ slot: StateSlot) -> Path? {
        let path = value(.shadowPath, slot).path
        return path.isEmpty ? nil : path
    }
}
