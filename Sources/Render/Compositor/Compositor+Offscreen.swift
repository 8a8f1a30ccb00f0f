import LayerKit

/// Drawing a layer through an image of it made offscreen: the layer and its sublayers are
/// composed again, by a second compositor, in the layer's bounds coordinates, drawn into a
/// texture at the layer's scale on screen, and that texture is drawn through the layer's map.
/// What masks, filters and compositing filters need (Compositor+Mask.swift adds the mask); the
/// image is made again only when what it shows changes.
extension Compositor {
    /// Whether `layer` is drawn through an offscreen image: for its mask, filters or
    /// compositing filter, or to fade its subtree as one (group opacity).
    func drawsOffscreen(_ layer: Layer, _ slot: StateSlot) -> Bool {
        layer.mask != nil || !layer.filters.isEmpty || layer.compositingFilter != nil || fadesAsGroup(layer, slot)
    }

    /// How far past its bounds (points, each side) a layer's sublayers still show in its image.
    static let offscreenReach = 2048.0

    /// Draws `layer` (visible, mapped to the screen by `map`) through its offscreen image:
    /// filtered, masked, then blended with what is behind by its compositing filter.
    func drawOffscreen(_ layer: Layer, bounds: Rect, map: ProjectiveMap, opacity: Double, tint: Tint,
                       clip: ClipPolygon?, slot: StateSlot) {
        let pass = offscreen
        let filters = layer.filters.map { FilterSetting($0, slot) }
        let scale = OffscreenImage.composingScale(wanted: screenScale(bounds, map), blur: filters.map(\.sigma).max() ?? 0)
        let placement = ProjectiveMap(m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
        let reach = Compositor.offscreenReach * scale
        var limit = Rect(x: bounds.minX * scale - reach, y: bounds.minY * scale - reach,
                         width: bounds.width * scale + 2 * reach, height: bounds.height * scale + 2 * reach)
        let spreads = filters.reduce(0) { $0 + $1.reach }
        // Only what can be seen, and what a filter spreads into it, is drawn into the image.
        if let visible = visiblePart(map: map, margin: spreads) {
            limit = limit.intersection(Rect(x: visible.minX * scale, y: visible.minY * scale,
                                            width: visible.width * scale, height: visible.height * scale))
            guard !limit.isEmpty else { return }
        }
        pass.composeSubtree(layer, bounds: bounds, placement: placement, limit: limit, slot: slot)
        let content = pass.drawList
        let spill = spreads * scale
        guard var region = content.extent?.insetBy(dx: -spill, dy: -spill) else { return }
        var mask: DrawList?
        if let maskLayer = layer.mask {
            pass.composeMask(maskLayer, placement: placement, limit: limit, slot: slot)
            guard let shown = pass.drawList.extent, shown.intersects(region) else { return }
            region = region.intersection(shown)
            mask = pass.drawList
        }
        guard let image = OffscreenImage(content: content, mask: mask, filters: filters, region: region,
                                         composedAt: scale) else { return }
        let backend = maskBackend
        guard let texture = cache.offscreen(for: layer, image: image, make: { image.render(backend: backend) }) else {
            return
        }
        let blend = layer.compositingFilter.map(BlendMode.init) ?? .normal
        emitQuad(image.rect, uv: .unit, texture: texture, color: vertexColor(.white, tint, opacity), blend: blend,
                 map: map, clip: clip)
    }

    /// Replaces the draw list with `layer`'s drawing (its shadow, content, sublayers, border and
    /// particles), fully opaque and untinted, in its bounds coordinates mapped by `placement`,
    /// clipped to its bounds when it masks to them, leaving out what falls outside `limit`, as
    /// `slot` shows it.
    func composeSubtree(_ layer: Layer, bounds: Rect, placement: ProjectiveMap, limit: Rect, slot: StateSlot) {
        drawList.reset(width: 0, height: 0)
        clipBox = (limit.minX, limit.minY, limit.maxX, limit.maxY)
        var clip: ClipPolygon?
        if layer.bool(.masksToBounds, slot) {
            guard let own = maskPolygon(layer, bounds, placement, slot) else { return }
            clip = own
        }
        drawLayer(layer, bounds: bounds, map: placement, opacity: 1, tint: .white, clip: clip, slot: slot)
    }

    /// The part of a layer's plane that `map` takes into what this pass keeps (its clip box),
    /// widened by `margin` points each side; nil when the map has perspective or flattens the
    /// plane, where the whole reach is kept.
    func visiblePart(map: ProjectiveMap, margin: Double) -> Rect? {
        guard map.isAffine else { return nil }
        let det = map.m11 * map.m22 - map.m12 * map.m21
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        // Each corner of the clip box, taken back through the map into the layer's plane.
        func include(_ x: Double, _ y: Double) {
            let dx = x - map.m31, dy = y - map.m32
            let u = (map.m22 * dx - map.m21 * dy) / det, v = (map.m11 * dy - map.m12 * dx) / det
            minX = min(minX, u); maxX = max(maxX, u)
            minY = min(minY, v); maxY = max(maxY, v)
        }
        include(clipBox.minX, clipBox.minY)
        include(clipBox.maxX, clipBox.minY)
        include(clipBox.maxX, clipBox.maxY)
        include(clipBox.minX, clipBox.maxY)
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return Rect(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }

    /// Device pixels a point of a layer whose bounds `map` takes to the screen covers (along its
    /// longer-stretched side), 1 when that cannot be told.
    func screenScale(_ bounds: Rect, _ map: ProjectiveMap) -> Double {
        let near = Compositor.nearW
        let c = [map.apply(bounds.minX, bounds.minY), map.apply(bounds.maxX, bounds.minY),
                 map.apply(bounds.maxX, bounds.maxY), map.apply(bounds.minX, bounds.maxY)]
        guard bounds.width > 0, bounds.height > 0, c.allSatisfy({ $0.w > near }) else {
            let s = abs(map.m11 * map.m22 - map.m12 * map.m21).squareRoot() / max(abs(map.m33), 1e-9)
            return s.isFinite && s > 0 ? s : 1
        }
        func length(_ a: Int, _ b: Int) -> Double {
            let dx = c[a].x / c[a].w - c[b].x / c[b].w, dy = c[a].y / c[a].w - c[b].y / c[b].w
            return (dx * dx + dy * dy).squareRoot()
        }
        let s = max(length(0, 1), length(3, 2)) / bounds.width
        let t = max(length(0, 3), length(1, 2)) / bounds.height
        let scale = max(s, t)
        return scale.isFinite && scale > 0 ? scale : 1
    }
}
