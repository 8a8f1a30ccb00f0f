import LayerKit

/// The shadow of a layer with sublayers (Core Animation's, with no shadowPath): the alpha of
/// everything the layer draws, its sublayers included, blurred by shadowRadius and moved by
/// shadowOffset. The subtree is composed again, by a second compositor, in the layer's bounds
/// coordinates; the mask is drawn and blurred only when that composition changes.
extension Compositor {
    /// How far past its bounds (points, each side) a layer's sublayers still cast its shadow.
    static let shadowReach = 1024.0

    func drawSubtreeShadow(of layer: Layer, bounds: Rect, map: ProjectiveMap, opacity: Double, tint: Tint,
                           clip: ClipPolygon?, slot: StateSlot) {
        let color = layer.color(.shadowColor, slot)
        guard color.a > 0 else { return }
        let blur = max(0, min(layer.number(.shadowRadius, slot), 256))
        let offset = layer.size(.shadowOffset, slot)
        let limit = bounds.insetBy(dx: -Compositor.shadowReach, dy: -Compositor.shadowReach)
        let pass = offscreen
        pass.composeShadowCaster(layer, bounds: bounds, limit: limit, slot: slot)
        guard let mask = ShadowMask(list: pass.drawList, limit: limit) else { return }
        let backend = maskBackend
        let texture = cache.shadow(for: layer, key: .mask(mask, radius: blur), source: nil) {
            mask.render(blur: blur, backend: backend)
        }
        guard let texture else { return }
        let pad = Double(ShadowMaker.padding(blur * mask.scale)) / mask.scale
        let r = mask.region
        let area = Rect(x: r.minX - pad + offset.width, y: r.minY - pad + offset.height,
                        width: r.width + 2 * pad, height: r.height + 2 * pad)
        emitQuad(area, uv: .unit, texture: texture, color: vertexColor(color, tint, opacity), blend: .normal,
                 map: map, clip: clip)
    }

    /// Replaces the draw list with `layer`'s drawing without its own shadow (its sublayers',
    /// shadows and all), fully opaque and untinted, in its bounds coordinates, leaving out what
    /// falls outside `limit`, as `slot` shows it.
    private func composeShadowCaster(_ layer: Layer, bounds: Rect, limit: Rect, slot: StateSlot) {
        drawList.reset(width: 0, height: 0)
        clipBox = (limit.minX, limit.minY, limit.maxX, limit.maxY)
        var clip: ClipPolygon?
        if layer.bool(.masksToBounds, slot) {
            guard let own = maskPolygon(layer, bounds, .identity, slot) else { return }
            clip = own
        }
        drawLayer(layer, bounds: bounds, map: .identity, opacity: 1, tint: .white, clip: clip, slot: slot,
                  castsShadow: false)
    }
}
