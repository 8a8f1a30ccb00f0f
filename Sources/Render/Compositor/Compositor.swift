import LayerKit

/// Turns a presentation tree into one frame's draw list: a single walk, back to front, that
/// projects each layer through its full 3D transform (flattened into its superlayer's plane, as
/// Core Animation does, unless that superlayer is a transform layer: see
/// `drawTransformLayer`), multiplies opacity and replicator colours down the tree, clips to masking
/// layers on the CPU, and batches triangles by texture and blend mode.
///
/// Hidden layers, fully transparent layers and their subtrees are skipped before any work; layers
/// whose quads fall outside the frame (or the clip) add no geometry. Content that is not an image
/// (text, shapes, gradients, shadows) is drawn on the CPU into textures cached per layer.
public final class Compositor {
    /// The frame being built; reused from frame to frame.
    public internal(set) var drawList = DrawList(width: 0, height: 0)
    /// What the last frame cost.
    public internal(set) var statistics = Statistics()
    let cache: TextureCache
    var clipBox = (minX: 0.0, minY: 0.0, maxX: 0.0, maxY: 0.0)
    var polygon: [DrawVertex] = []
    var scratch: [DrawVertex] = []
    var grid: [(x: Double, y: Double, w: Double)] = []
    /// Particle drawing's scratch: the draw order, and a texture's place per mipmap level.
    var particleOrder = ParticleOrder()
    var particleLevels: [UVRect] = []
    /// Transform layers' scratch: the layers drawn in their 3D space, back to front.
    var transformLeaves: [TransformLayerLeaf] = []
    /// Whether layers honour `allowsGroupOpacity` (false: every layer is faded on its own, as
    /// before iOS 7; benchmarks compare the two).
    public var fadesGroups = true {
        didSet { if offscreenMade { offscreen.fadesGroups = fadesGroups } }
    }
    private var offscreenMade = false
    /// Composes the subtrees of layers that cast a shadow or are drawn offscreen, and draws their
    /// images (made when first needed; it makes its own for such layers inside those subtrees).
    lazy var offscreen: Compositor = {
        offscreenMade = true
        let pass = Compositor(sharing: cache)
        pass.fadesGroups = fadesGroups
        return pass
    }()
    lazy var maskBackend = HeadlessBackend(threads: 1)

    /// Counts for the last composed frame.
    public struct Statistics: Sendable {
        /// Layers looked at (hidden and transparent subtrees are not entered).
        public var layersVisited = 0
        /// Triangles in the draw list.
        public var triangles = 0
        /// Draw calls (runs of one texture and blend mode).
        public var drawCalls = 0
        /// Content textures drawn on the CPU so far (text, shapes, gradients).
        public var rasterizations = 0
        /// Particles drawn (those wholly off the frame are not).
        public var particles = 0
    }

    public init() {
        cache = TextureCache()
    }

    /// A compositor that draws with `cache`'s textures (for offscreen passes of another).
    init(sharing cache: TextureCache) {
        self.cache = cache
    }

    /// Builds the draw list for `scene`'s presentation tree at `width` × `height` pixels. Call it
    /// after the scene has evaluated the frame (between `beginFrame` and `endFrame`). The result
    /// is also kept in `drawList`; do not hold on to it past the next frame, so that its storage
    /// is reused.
    @discardableResult
    public func compose(_ scene: Scene, width: Int, height: Int) -> DrawList {
        compose(root: scene.root, width: width, height: height)
    }

    /// Builds the draw list for the tree under `root` (its superlayer's plane is the screen).
    @discardableResult
    public func compose(root: Layer, width: Int, height: Int) -> DrawList {
        drawList.reset(width: width, height: height)
        statistics = Statistics()
        clipBox = (0, 0, Double(max(width, 0)), Double(max(height, 0)))
        visit(root, parent: .identity, extra: nil, opacity: 1, tint: .white, clip: nil, slot: .presentation)
        cache.endFrame()
        statistics.triangles = drawList.triangleCount
        statistics.drawCalls = drawList.commands.count
        statistics.rasterizations = cache.rasterizations
        return drawList
    }

    /// A colour carried down the tree (replicator instance colours), multiplied into content.
    struct Tint {
        var r: Double, g: Double, b: Double
        static let white = Tint(r: 1, g: 1, b: 1)
    }

    /// The vertex colour for `color` under `tint` at `opacity`.
    @inline(__always) func vertexColor(_ color: Color, _ tint: Tint, _ opacity: Double) -> VertexColor {
        VertexColor(red: color.r * tint.r, green: color.g * tint.g, blue: color.b * tint.b, alpha: color.a * opacity)
    }

    /// Draws `layer` and its subtree as `slot` shows them: the presentation, or what a
    /// replicator's delayed instance shows (which the scene evaluated with the frame).
    func visit(_ layer: Layer, parent: ProjectiveMap, extra: Transform3D?, opacity inherited: Double,
                       tint: Tint, clip inheritedClip: ClipPolygon?, slot: StateSlot) {
        if layer.bool(.hidden, slot) && !isShowingTransition(layer, slot) { return }
        let opacity = inherited * layer.number(.opacity, slot)
        guard opacity >= 0.5 / 255 else { return }
        statistics.layersVisited += 1
        var matrix = layer.matrixToSuperlayer(slot)
        if let extra { matrix = matrix.concatenating(extra) }
        if layer.kind == .transform {
            drawTransformLayer(unsafeDowncast(layer, to: TransformLayer.self), matrix: matrix, parent: parent,
                               opacity: opacity, tint: tint, clip: inheritedClip, slot: slot)
            return
        }
        let map = ProjectiveMap(flattening: matrix).then(parent)
        let bounds = layer.rect(.bounds, slot).standardized
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite, bounds.size.width.isFinite,
              bounds.size.height.isFinite else { return }

        if !layer.bool(.doubleSided, slot) && facesAway(bounds, map) { return }

        var clip = inheritedClip
        let masks = layer.bool(.masksToBounds, slot)
        if masks {
            guard let own = maskPolygon(layer, bounds, map, slot) else { return }
            clip = clip.map { $0.intersected(with: own) } ?? own
            if clip?.isEmpty ?? false { return }
        }
        if let transition = layer.transitionShown(slot) {
            drawTransition(transition, of: layer, bounds: bounds, map: map, opacity: opacity, tint: tint, clip: clip,
                           slot: slot)
            return
        }
        if drawsOffscreen(layer, slot) {
            drawOffscreen(layer, bounds: bounds, map: map, opacity: opacity, tint: tint, clip: inheritedClip, slot: slot)
            return
        }
        drawLayer(layer, bounds: bounds, map: map, opacity: opacity, tint: tint, clip: clip, slot: slot)
    }

    /// Draws what a visible layer shows, in Core Animation's order: its own content (shadow
    /// first, unless `castsShadow` is false), its sublayers, its border, its particles, as `slot`
    /// shows them.
    func drawLayer(_ layer: Layer, bounds: Rect, map: ProjectiveMap, opacity: Double, tint: Tint,
                   clip: ClipPolygon?, slot: StateSlot, castsShadow: Bool = true) {
        drawContent(of: layer, bounds: bounds, map: map, opacity: opacity, tint: tint, clip: clip, slot: slot,
                    castsShadow: castsShadow)

        if !layer.sublayers(slot).isEmpty {
            if let replicator = layer as? ReplicatorLayer {
                drawInstances(of: replicator, bounds: bounds, map: map, opacity: opacity, tint: tint, clip: clip,
                              slot: slot)
            } else {
                for sublayer in layer.sublayersBackToFront(slot) {
                    visit(sublayer, parent: map, extra: nil, opacity: opacity, tint: tint, clip: clip, slot: slot)
                }
            }
        }
        drawBorder(of: layer, bounds: bounds, map: map, opacity: opacity, tint: tint, clip: clip, slot: slot)
        if layer.kind == .emitter {
            drawParticles(of: unsafeDowncast(layer, to: EmitterLayer.self), map: map, opacity: opacity, tint: tint,
                          clip: clip, slot: slot)
        }
    }

    /// Draws a replicator's sublayers once per instance, each instance transformed by one more
    /// `instanceTransform` (about the replicator's anchor point), coloured by `instanceColor`
    /// plus the colour offsets times the instance number, and showing what the scene evaluated
    /// for it (`instanceDelay` seconds earlier than the one before it). `slot` is what the
    /// replicator shows.
    private func drawInstances(of layer: ReplicatorLayer, bounds: Rect, map: ProjectiveMap, opacity: Double,
                               tint: Tint, clip: ClipPolygon?, slot: StateSlot) {
        let count = layer.drawnInstanceCount(slot)
        let step = layer.transform(.instanceTransform, slot)
        let anchor = layer.point(.anchorPoint, slot)
        let ax = bounds.minX + anchor.x * bounds.width, ay = bounds.minY + anchor.y * bounds.height
        let toAnchor = Transform3D(translationX: -ax, y: -ay), back = Transform3D(translationX: ax, y: ay)
        let base = layer.color(.instanceColor, slot)
        let dr = layer.number(.instanceRedOffset, slot), dg = layer.number(.instanceGreenOffset, slot)
        let db = layer.number(.instanceBlueOffset, slot), da = layer.number(.instanceAlphaOffset, slot)
        var accumulated = Transform3D.identity
        for i in 0..<count {
            let k = Double(i)
            let c = Color(r: base.r + k * dr, g: base.g + k * dg, b: base.b + k * db, a: base.a + k * da)
            let instanceOpacity = opacity * c.a
            if instanceOpacity >= 0.5 / 255 {
                let extra = i == 0 ? nil : toAnchor.concatenating(accumulated).concatenating(back)
                let instanceTint = Tint(r: tint.r * c.r, g: tint.g * c.g, b: tint.b * c.b)
                // zPosition may animate too: the instance is ordered as it shows.
                let shown = layer.presentation(ofInstance: i, in: slot)
                for sublayer in layer.sublayersBackToFront(shown) {
                    visit(sublayer, parent: map, extra: extra, opacity: instanceOpacity, tint: instanceTint,
                          clip: clip, slot: shown)
                }
            }
            accumulated = accumulated.concatenating(step)
        }
    }

    /// Whether the layer's front faces away from the viewer (its projected bounds wind backwards).
    private func facesAway(_ b: Rect, _ map: ProjectiveMap) -> Bool {
        let p = [map.apply(b.minX, b.minY), map.apply(b.maxX, b.minY), map.apply(b.maxX, b.maxY), map.apply(b.minX, b.maxY)]
        guard p.allSatisfy({ $0.w > Compositor.nearW }) else {
            // Partly behind the eye: judge by the sign of the map's determinant at the centre.
            let d = map.m11 * (map.m22 * map.m33 - map.m23 * map.m32) - map.m12 * (map.m21 * map.m33 - map.m23 * map.m31)
                + map.m13 * (map.m21 * map.m32 - map.m22 * map.m31)
            return d < 0
        }
        var area = 0.0
        for i in 0..<4 {
            let a = p[i], c = p[(i + 1) % 4]
            area += (a.x / a.w) * (c.y / c.w) - (c.x / c.w) * (a.y / a.w)
        }
        return area < 0
    }

    /// The screen polygon a masking layer clips to (its bounds, its `maskedCorners` rounded by
    /// cornerRadius as `slot` shows it); nil when nothing of it can be seen.
    func maskPolygon(_ layer: Layer, _ bounds: Rect, _ map: ProjectiveMap, _ slot: StateSlot) -> ClipPolygon? {
        let radius = layer.number(.cornerRadius, slot)
        let local = Compositor.roundedRect(bounds, radius: radius, segments: segments(radius, bounds, map),
                                           corners: layer.maskedCorners)
        let front = clipToFront(local, map)
        guard front.count >= 3 else { return nil }
        let polygon = ClipPolygon(front.map { p in
            let h = map.apply(p.x, p.y)
            return (h.x / h.w, h.y / h.w)
        })
        return polygon.isEmpty ? nil : polygon
    }

    /// Smallest w (depth divisor) a drawn point may have: nearer than this is behind the eye.
    static let nearW = 1e-6
}
