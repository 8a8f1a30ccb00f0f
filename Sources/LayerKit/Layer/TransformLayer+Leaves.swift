/// A layer drawn flat inside a transform layer's 3D space: a sublayer of a transform layer (or of
/// one inside it) that is not a transform layer itself. Its own sublayers are flattened into it.
public struct TransformLayerLeaf {
    /// The layer.
    public let layer: Layer
    /// The matrix of its superlayer (a transform layer) to the plane the outermost transform
    /// layer is flattened into: the leaf's `matrixToSuperlayer` followed by this takes its bounds
    /// coordinates there.
    public let extra: Transform3D
    /// The opacity of the transform layers between the outermost one and the leaf, multiplied.
    public let opacity: Double
    /// The depth (z after the perspective divide) of the centre of its bounds in that plane's
    /// space: larger is nearer the viewer.
    public let depth: Double
}

extension TransformLayer {
    /// Appends the leaves of this transform layer to `leaves` (emptied first), sorted back to
    /// front by the depth of each one's centre (a painter's sort; faces that cut through each
    /// other are not split), tree order among equal depths. `matrix` takes this layer's bounds
    /// coordinates to the plane it is flattened into (its `matrixToSuperlayer`, and what a
    /// replicator or a transform layer above adds). Hidden transform layers are left out with
    /// their subtrees; hidden leaves are kept (drawing and hit testing skip them).
    public func leaves(matrix: Transform3D, _ slot: StateSlot, into leaves: inout [TransformLayerLeaf]) {
        leaves.removeAll(keepingCapacity: true)
        collect(matrix: matrix, opacity: 1, slot, into: &leaves)
        leaves = leaves.enumerated().sorted { a, b in
            a.element.depth != b.element.depth ? a.element.depth < b.element.depth : a.offset < b.offset
        }.map(\.element)
    }

    private func collect(matrix: Transform3D, opacity: Double, _ slot: StateSlot,
                         into leaves: inout [TransformLayerLeaf]) {
        for sublayer in sublayers {
            let toPlane = sublayer.matrixToSuperlayer(slot).concatenating(matrix)
            if let nested = sublayer as? TransformLayer {
                guard !nested.bool(.hidden, slot) else { continue }
                nested.collect(matrix: toPlane, opacity: opacity * nested.number(.opacity, slot), slot, into: &leaves)
                continue
            }
            let b = sublayer.rect(.bounds, slot)
            let c = toPlane.apply(x: b.midX, y: b.midY, z: 0)
            let depth = c.w != 0 && (c.z / c.w).isFinite ? c.z / c.w : 0
            leaves.append(TransformLayerLeaf(layer: sublayer, extra: matrix, opacity: opacity, depth: depth))
        }
    }
}
