/// The layer tree: adding, inserting and removing sublayers.
extension Layer {
    /// Appends `layer` as the frontmost sublayer (removing it from its old superlayer first).
    public func addSublayer(_ layer: Layer) throws(HierarchyError) {
        try insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` in the sublayers (clamped to 0…count), removing it from its old
    /// superlayer first. A layer cannot become its own ancestor nor join another scene's tree.
    public func insertSublayer(_ layer: Layer, at index: Int) throws(HierarchyError) {
        guard layer.scene === scene else { throw .differentScene }
        if layer === self || hostChainContains(layer) { throw .cycle }
        if layer.maskedLayer != nil { throw .isMask }
        if let scene, layer === scene.root { throw .rootCannotMove }
        var target = min(max(index, 0), sublayers.count)
        if let old = layer.superlayer {
            if old === self, let current = sublayers.firstIndex(where: { $0 === layer }), current < target {
                target -= 1
            }
            layer.detachFromSuperlayer()
        }
        willChangeHeldState()
        sublayers.insert(layer, at: target)
        layer.superlayer = self
        if isInTree { layer.joinTree() }
        scene?.layerObserver?.layerDidChangeSuperlayer(layer)
    }

    /// Removes this layer from its superlayer. Its animations stay attached (and stop advancing
    /// until it is back in the tree), as in Core Animation.
    public func removeFromSuperlayer() {
        detachFromSuperlayer()
    }

    /// Removes every sublayer.
    public func removeAllSublayers() {
        let removed = sublayers
        willChangeHeldState()
        sublayers.removeAll()
        for layer in removed {
            layer.superlayer = nil
            layer.leaveTree()
            scene?.layerObserver?.layerDidChangeSuperlayer(layer)
        }
    }

    /// Whether `ancestor` is this layer's superlayer, or its superlayer's, and so on.
    public func isDescendant(of ancestor: Layer) -> Bool {
        var current = superlayer
        while let layer = current {
            if layer === ancestor { return true }
            current = layer.superlayer
        }
        return false
    }

    /// The topmost ancestor (the layer itself when it has no superlayer).
    public var rootAncestor: Layer {
        var layer = self
        while let parent = layer.superlayer { layer = parent }
        return layer
    }

    private func detachFromSuperlayer() {
        guard let parent = superlayer else { return }
        if let index = parent.sublayers.firstIndex(where: { $0 === self }) {
            parent.willChangeHeldState()
            parent.sublayers.remove(at: index)
        }
        superlayer = nil
        leaveTree()
        scene?.layerObserver?.layerDidChangeSuperlayer(self)
    }

    /// Marks the subtree as on screen. Animations waiting for a begin time start now, in each
    /// layer's own time.
    func joinTree() {
        let serial = scene?.transactions.currentSerial ?? 0
        let now = scene?.time ?? 0
        forEachInSubtree { layer in
            layer.isInTree = true
            layer.treeJoinSerial = serial
            if layer.kind == .emitter { unsafeDowncast(layer, to: EmitterLayer.self).joinedTree(at: now) }
            if layer.animations.contains(where: \.needsBeginTime) {
                let local = layer.localTime(mediaTime: now)
                for animation in layer.animations { animation.settleBeginTime(at: local) }
                layer.programIsStale = true
            }
        }
    }

    private func leaveTree() {
        guard isInTree else { return }
        forEachInSubtree { $0.isInTree = false }
    }

    /// Calls `body` on this layer and every descendant, parents first (a layer's mask and its
    /// subtree after the layer, before its sublayers).
    public func forEachInSubtree(_ body: (Layer) -> Void) {
        body(self)
        mask?.forEachInSubtree(body)
        for layer in sublayers { layer.forEachInSubtree(body) }
    }

    /// The first of this layer and its descendants, parents first (depth first, sublayers in
    /// order), that `match` accepts: how a tool finds a layer by its name.
    public func firstInSubtree(where match: (Layer) -> Bool) -> Layer? {
        if match(self) { return self }
        for layer in sublayers {
            if let found = layer.firstInSubtree(where: match) { return found }
        }
        return nil
    }
}

/// Why a change to the layer tree was refused.
public enum HierarchyError: Error, Equatable, CustomStringConvertible {
    case cycle
    case differentScene
    case rootCannotMove
    case isMask

    public var description: String {
        switch self {
        case .cycle: return "a layer cannot be added to itself or to one of its own sublayers"
        case .differentScene: return "a layer cannot be added to a layer of another scene"
        case .rootCannotMove: return "the root layer cannot be added to another layer"
        case .isMask: return "a layer that is a mask cannot be added to a layer (set the mask to nil first)"
        }
    }
}
