import LayerKit

/// Transform layers (CATransformLayer): their sublayers are not flattened into their plane but
/// keep their 3D places, and are drawn together with the sublayers of the transform layers
/// inside them, back to front by the depth of each one's centre (`TransformLayer.leaves`). Each
/// such layer, with its own sublayers flattened into it as usual, is then flattened once into
/// the plane of the first ancestor that is not a transform layer.
extension Compositor {
    /// Draws `layer`'s sublayers in its 3D space; `matrix` takes its bounds coordinates to the
    /// plane of its superlayer (mapped to the screen by `parent`). Nothing of its own is drawn,
    /// nor clipped by it; `opacity` (its own included) multiplies each sublayer's.
    func drawTransformLayer(_ layer: TransformLayer, matrix: Transform3D, parent: ProjectiveMap, opacity: Double,
                            tint: Tint, clip: ClipPolygon?, slot: StateSlot) {
        // A sublayer may hold a transform layer of its own: it takes the scratch list while it
        // draws, so this one keeps its leaves apart until done.
        var leaves = transformLeaves
        transformLeaves = []
        layer.leaves(matrix: matrix, slot, into: &leaves)
        for leaf in leaves {
            visit(leaf.layer, parent: parent, extra: leaf.extra, opacity: opacity * leaf.opacity, tint: tint,
                  clip: clip, slot: slot)
        }
        transformLeaves = leaves
    }
}
