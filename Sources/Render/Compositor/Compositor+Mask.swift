import LayerKit

/// A layer's mask (CALayer's `mask`), drawn in the masked layer's bounds coordinates as a
/// sublayer of it would be (its position, bounds, transform and sublayers place it), fully
/// opaque apart from its own opacity: its alpha is what the masked layer's offscreen image is
/// multiplied by (see `OffscreenImage`). A mask that is hidden or fully transparent shows
/// nothing of the layer.
extension Compositor {
    /// Replaces the draw list with `mask`'s drawing in its masked layer's bounds coordinates
    /// mapped by `placement`, as `slot` shows it, leaving out what falls outside `limit`.
    func composeMask(_ mask: Layer, placement: ProjectiveMap, limit: Rect, slot: StateSlot) {
        drawList.reset(width: 0, height: 0)
        clipBox = (limit.minX, limit.minY, limit.maxX, limit.maxY)
        visit(mask, parent: placement, extra: nil, opacity: 1, tint: .white, clip: nil, slot: slot)
    }
}
