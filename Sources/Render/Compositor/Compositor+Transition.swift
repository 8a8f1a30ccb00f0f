import Foundation
import LayerKit

/// A layer in the middle of a transition (CATransition): its subtree is drawn twice offscreen,
/// as it looked before the transaction's changes (the transition's snapshot) and as it looks
/// now, each into a texture in the layer's bounds coordinates; the two are combined as the
/// transition's type says at its progress, and drawn through the layer's map. Like Core
/// Animation, the moving images are clipped only by the layer's `masksToBounds`.
extension Compositor {
    /// One of the two appearances as a texture, and where it lies in the layer's bounds
    /// coordinates (whole texels at `scale` texels a point).
    struct TransitionImage {
        let texture: RenderTexture
        let region: Rect
        /// Where `region` starts, in texels.
        let x0: Int, y0: Int
    }

    /// How far past its bounds (points, each side) a layer's subtree is still drawn in its
    /// transition's images.
    static let transitionReach = 512.0
    /// Most texels on a side of a transition's image.
    static let transitionMaxSide = 2048

    func drawTransition(_ transition: ShownTransition, of layer: Layer, bounds: Rect, map: ProjectiveMap,
                        opacity: Double, tint: Tint, clip: ClipPolygon?, slot: StateSlot) {
        let scale = transitionScale(bounds, map)
        let old = cache.transitionImage(for: layer, before: transition.before, scale: scale) {
            composeTransitionImage(of: layer, slot: .before(transition.before), scale: scale)
                ? transitionImage(scale: scale) : nil
        }
        // The new appearance is drawn again only when its drawing changed.
        var new: TransitionImage?
        if composeTransitionImage(of: layer, slot: slot, scale: scale) {
            new = cache.transitionImage(for: layer, after: offscreen.drawList) { transitionImage(scale: scale) }
        }
        let p = min(max(transition.progress, 0), 1)
        let color = VertexColor(red: tint.r, green: tint.g, blue: tint.b, alpha: opacity)
        func draw(_ image: TransitionImage?, shiftedBy f: Double) {
            guard let image else { return }
            let (dx, dy) = transition.subtype.motion
            let r = image.region
            let moved = Rect(x: r.minX + dx * bounds.width * f, y: r.minY + dy * bounds.height * f,
                             width: r.width, height: r.height)
            emitQuad(moved, uv: .unit, texture: image.texture, color: color, blend: .normal, map: map, clip: clip)
        }
        switch transition.type {
        case .fade:
            draw(Compositor.crossFade(old, new, progress: p, scale: scale), shiftedBy: 0)
        case .push:
            draw(old, shiftedBy: p)
            draw(new, shiftedBy: p - 1)
        case .moveIn:
            draw(old, shiftedBy: 0)
            draw(new, shiftedBy: p - 1)
        case .reveal:
            draw(new, shiftedBy: 0)
            draw(old, shiftedBy: p)
        }
    }

    /// Whether a hidden layer still shows, because a transition takes it from how it looked
    /// when it was not hidden (Apple: "the layer's content fades as it becomes visible or
    /// hidden").
    func isShowingTransition(_ layer: Layer, _ slot: StateSlot) -> Bool {
        guard let transition = layer.transitionShown(slot) else { return false }
        return !layer.bool(.hidden, .before(transition.before))
    }

    /// Texels a point for the images of a layer whose bounds `map` puts on screen: its scale
    /// there in quarter steps of a power of two (so that an image is not remade for every small
    /// change of scale), between 1/4 and 4.
    private func transitionScale(_ b: Rect, _ map: ProjectiveMap) -> Double {
        let cx = b.midX, cy = b.midY
        let c = map.apply(cx, cy), a = map.apply(cx + 1, cy), d = map.apply(cx, cy + 1)
        guard c.w > Compositor.nearW, a.w > Compositor.nearW, d.w > Compositor.nearW else { return 1 }
        let sx = ((a.x / a.w - c.x / c.w) * (a.x / a.w - c.x / c.w) + (a.y / a.w - c.y / c.w) * (a.y / a.w - c.y / c.w)).squareRoot()
        let sy = ((d.x / d.w - c.x / c.w) * (d.x / d.w - c.x / c.w) + (d.y / d.w - c.y / c.w) * (d.y / d.w - c.y / c.w)).squareRoot()
        let s = max(sx, sy)
        guard s.isFinite, s > 0 else { return 1 }
        let steps = min(max((log2(s) * 4).rounded(), -8), 8)
        return exp2(steps / 4)
    }

    /// Composes the layer's subtree as `slot` shows it, fully opaque and untinted, at `s`
    /// texels a point, into the offscreen compositor's draw list (leaving out what lies further
    /// than `transitionReach` from its bounds); false when nothing of it can show.
    func composeTransitionImage(of layer: Layer, slot: StateSlot, scale s: Double) -> Bool {
        let bounds = layer.rect(.bounds, slot).standardized
        guard !layer.bool(.hidden, slot), bounds.origin.x.isFinite, bounds.origin.y.isFinite,
              bounds.size.width.isFinite, bounds.size.height.isFinite else { return false }
        let pass = offscreen
        let scaled = ProjectiveMap(m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0, m31: 0, m32: 0, m33: 1)
        let limit = bounds.insetBy(dx: -Compositor.transitionReach, dy: -Compositor.transitionReach)
        pass.drawList.reset(width: 0, height: 0)
        pass.clipBox = (limit.minX * s, limit.minY * s, limit.maxX * s, limit.maxY * s)
        var clip: ClipPolygon?
        if layer.bool(.masksToBounds, slot) {
            guard let own = maskPolygon(layer, bounds, scaled, slot) else { return false }
            clip = own
        }
        pass.drawLayer(layer, bounds: bounds, map: scaled, opacity: 1, tint: .white, clip: clip, slot: slot)
        return true
    }

    /// What the offscreen compositor's draw list covers, drawn into a texture; nil when it
    /// covers nothing.
    func transitionImage(scale s: Double) -> TransitionImage? {
        var list = offscreen.drawList
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for v in list.vertices where v.x.isFinite && v.y.isFinite {
            minX = min(minX, Double(v.x)); maxX = max(maxX, Double(v.x))
            minY = min(minY, Double(v.y)); maxY = max(maxY, Double(v.y))
        }
        let box = offscreen.clipBox
        minX = max(minX, box.minX).rounded(.down); minY = max(minY, box.minY).rounded(.down)
        maxX = min(maxX, box.maxX, minX + Double(Compositor.transitionMaxSide)).rounded(.up)
        maxY = min(maxY, box.maxY, minY + Double(Compositor.transitionMaxSide)).rounded(.up)
        guard minX < maxX, minY < maxY else { return nil }
        let width = Int(maxX - minX), height = Int(maxY - minY)
        for i in list.vertices.indices {
            list.vertices[i].x -= Float(minX)
            list.vertices[i].y -= Float(minY)
        }
        let frame = FrameBuffer(width: width, height: height)
        maskBackend.draw(list, into: frame, background: Color(r: 0, g: 0, b: 0, a: 0))
        let texture = RenderTexture(width: width, height: height, pixels: frame.pixels, label: "transition")
        return TransitionImage(texture: texture, region: Rect(x: minX / s, y: minY / s, width: maxX / s - minX / s,
                                                              height: maxY / s - minY / s),
                               x0: Int(minX), y0: Int(minY))
    }

    /// The two images mixed, `old × (1 − p) + new × p` texel by texel (premultiplied), over
    /// the region both cover: a cross-dissolve, which an "over" of one on the other is not.
    static func crossFade(_ old: TransitionImage?, _ new: TransitionImage?, progress p: Double,
                          scale s: Double) -> TransitionImage? {
        let images = [old, new].compactMap { $0 }
        guard let first = images.first else { return nil }
        let x0 = images.map(\.x0).min() ?? first.x0, y0 = images.map(\.y0).min() ?? first.y0
        let x1 = images.map { $0.x0 + $0.texture.width }.max() ?? x0
        let y1 = images.map { $0.y0 + $0.texture.height }.max() ?? y0
        let width = x1 - x0, height = y1 - y0
        var mixed = [Double](repeating: 0, count: width * height * 4)
        for (image, weight) in [(old, 1 - p), (new, p)] {
            guard let image, weight > 0 else { continue }
            let texels = image.texture.pixels
            for y in 0..<image.texture.height {
                var out = ((y + image.y0 - y0) * width + image.x0 - x0) * 4
                for x in 0..<image.texture.width {
                    let t = texels[y * image.texture.width + x]
                    mixed[out] += Double(t & 0xFF) * weight
                    mixed[out + 1] += Double((t >> 8) & 0xFF) * weight
                    mixed[out + 2] += Double((t >> 16) & 0xFF) * weight
                    mixed[out + 3] += Double(t >> 24) * weight
                    out += 4
                }
            }
        }
        let pixels = (0..<(width * height)).map { i -> UInt32 in
            var word: UInt32 = 0
            for c in 0..<4 { word |= UInt32(min(255, max(0, mixed[i * 4 + c].rounded()))) << UInt32(c * 8) }
            return word
        }
        let texture = RenderTexture(width: width, height: height, pixels: pixels, label: "transition")
        return TransitionImage(texture: texture, region: Rect(x: Double(x0) / s, y: Double(y0) / s,
                                                              width: Double(width) / s, height: Double(height) / s),
                               x0: x0, y0: y0)
    }
}
