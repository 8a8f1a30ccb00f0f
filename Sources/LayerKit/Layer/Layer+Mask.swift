/// A layer's mask (CALayer's `mask`): a layer outside any tree whose alpha, placed in this
/// layer's bounds coordinates as a sublayer would be, clips this layer, its shadow and its
/// sublayers. The mask runs in this layer's time as a sublayer does: it is on screen while this
/// layer is, so its animations start, advance and end with the frames.
extension Layer {
    /// Makes `newMask` this layer's mask (nil: none). A layer in a tree, this layer or one of its
    /// ancestors (through superlayers and masks), or the mask of another layer cannot be one.
    public func setMask(_ newMask: Layer?) throws(MaskError) {
        if let newMask {
            if newMask === mask { return }
            guard newMask.scene === scene else { throw .differentScene }
            if newMask === self || hostChainContains(newMask) { throw .cycle }
            if newMask.superlayer != nil || newMask === scene?.root { throw .inTree }
            if newMask.maskedLayer != nil { throw .alreadyMask }
        }
        if let old = mask {
            old.maskedLayer = nil
            old.leaveTreeAsMask()
        }
        mask = newMask
        newMask?.maskedLayer = self
        if isInTree { newMask?.joinTree() }
    }

    /// Whether `layer` is above this one through superlayers and the layers masks belong to.
    func hostChainContains(_ layer: Layer) -> Bool {
        var current = superlayer ?? maskedLayer
        while let host = current {
            if host === layer { return true }
            current = host.superlayer ?? host.maskedLayer
        }
        return false
    }

    /// The layers whose time is this layer's: its sublayers, then its mask.
    var timedSublayers: [Layer] {
        guard let mask else { return sublayers }
        return sublayers + [mask]
    }

    /// Takes a removed mask's subtree off screen.
    private func leaveTreeAsMask() {
        guard isInTree else { return }
        forEachInSubtree { $0.isInTree = false }
    }
}

/// Why a layer could not become a mask.
public enum MaskError: Error, Equatable, CustomStringConvertible {
    case inTree
    case cycle
    case alreadyMask
    case differentScene

    public var description: String {
        switch self {
        case .inTree: return "a mask must not be in a layer tree (remove it from its superlayer first)"
        case .cycle: return "a layer cannot be masked by itself or by one of its ancestors"
        case .alreadyMask: return "the layer is already the mask of another layer (set that layer's mask to nil first)"
        case .differentScene: return "a mask must belong to the same scene as the layer it masks"
        }
    }
}
