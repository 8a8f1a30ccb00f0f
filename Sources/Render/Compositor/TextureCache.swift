import LayerKit

/// The textures a compositor has made: one per contents image, one per layer for content drawn
/// on the CPU (text, shapes, gradients), one per layer's shadow, one per layer drawn offscreen
/// (masked or filtered) and one per layer's transition's images. Content is redrawn only when
/// what it depends on changes, and CPU-drawn content and offscreen images are shared with other
/// layers (and the next run's) that draw the same; entries unused for a while are dropped.
final class TextureCache {
    /// Opaque white: what solid colours sample.
    let white = RenderTexture.solidWhite()
    /// Frames an unused entry survives.
    var keepFrames = 120
    private(set) var frame = 0
    /// How many transition images have been made (for tests of the cache).
    private(set) var transitionImagesMade = 0

    private struct ImageEntry {
        let image: Image
        let texture: RenderTexture
        var lastUsed: Int
    }

    /// What CPU-drawn content is drawn from. Keys are hashed by a few cheap fields (equal keys
    /// have equal fields) and compared whole.
    enum ContentKey: Hashable {
        case text(TextContent)
        case shape(ShapeContent)
        case gradient(GradientContent)

        func hash(into hasher: inout Hasher) {
            switch self {
            case .text(let t):
                hasher.combine(0)
                hasher.combine(t.string)
                hasher.combine(t.width)
                hasher.combine(t.height)
            case .shape(let s):
                hasher.combine(1)
                hasher.combine(s.path.elements.count)
                hasher.combine(s.fillColor)
                hasher.combine(s.strokeColor)
                hasher.combine(s.lineWidth)
                hasher.combine(s.strokeEnd)
            case .gradient(let g):
                hasher.combine(2)
                hasher.combine(g.width)
                hasher.combine(g.height)
                hasher.combine(g.colors)
            }
        }
    }

    enum ShadowKey: Equatable {
        case texture(ObjectIdentifier, radius: Double)
        case roundedRect(width: Int, height: Int, cornerRadius: Double, corners: CornerMask, curve: CornerCurve, radius: Double)
        /// A layer's `shadowPath`, blurred by `radius` points.
        case path(Path, radius: Double)
        /// A layer and its sublayers (`ShadowMask`), blurred by `radius` points.
        case mask(ShadowMask, radius: Double)
    }

    /// A layer's transition images: the "before" one for its snapshot (which never changes), and
    /// the "after" one for the draw list it was made from.
    private struct TransitionEntry {
        var before: (snapshot: LayerSnapshot, scale: Double, image: Compositor.TransitionImage?)?
        var after: (list: DrawList, image: Compositor.TransitionImage?)?
        var lastUsed: Int
    }

    private var images: [ObjectIdentifier: ImageEntry] = [:]
    private var transitions: [ObjectIdentifier: TransitionEntry] = [:]
    private var contents = PerLayerCache<ContentKey, RasterizedContent?>()
    private var sharedContents = ContentPool()
    private var shadows = PerLayerCache<(ShadowKey, RenderTexture?), RenderTexture?>()
    private var offscreens = PerLayerCache<OffscreenImage, RenderTexture?>()
    private var sharedOffscreens = OffscreenPool()

    /// How many times content has been rasterised (for tests of the cache).
    var rasterizations: Int { sharedContents.made }
    /// How many shadows have been made (for tests of the cache).
    var shadowsMade: Int { shadows.made }
    /// How many offscreen images have been drawn (for tests of the cache).
    var offscreensMade: Int { sharedOffscreens.made }

    /// The texture of a contents image (the same object for the same image).
    func texture(for image: Image) -> RenderTexture {
        let id = ObjectIdentifier(image)
        if var entry = images[id], entry.image === image {
            entry.lastUsed = frame
            images[id] = entry
            return entry.texture
        }
        let texture = RenderTexture(image: image)
        images[id] = ImageEntry(image: image, texture: texture, lastUsed: frame)
        return texture
    }

    /// The CPU-drawn content of `layer` for `key`, drawn by `make` only when the key changed
    /// and no other layer shows the same (see `ContentPool`).
    func content(for layer: Layer, key: ContentKey, make: () -> RasterizedContent?) -> RasterizedContent? {
        contents.value(for: layer, key: key, frame: frame, same: ==) {
            sharedContents.value(for: key, frame: frame, make: make)
        }
    }

    /// The blurred shadow of `layer` for `key`, made by `make` only when the key changed.
    func shadow(for layer: Layer, key: ShadowKey, source: RenderTexture?, make: () -> RenderTexture?) -> RenderTexture? {
        shadows.value(for: layer, key: (key, source), frame: frame, same: { $0.0 == $1.0 && $0.1 === $1.1 }, make: make)
    }

    /// The offscreen image of `layer` (masked, filtered), drawn by `make` only when it changed.
    func offscreen(for layer: Layer, image: OffscreenImage, make: () -> RenderTexture?) -> RenderTexture? {
        offscreens.value(for: layer, key: image, frame: frame, same: { $0.drawsSame(as: $1) },
                         make: { sharedOffscreens.texture(for: image, frame: frame, make: make) })
    }

    /// The image of `layer`'s transition snapshot `before` at `scale` texels a point, drawn by
    /// `make` only the first time.
    func transitionImage(for layer: Layer, before: LayerSnapshot, scale: Double,
                         make: () -> Compositor.TransitionImage?) -> Compositor.TransitionImage? {
        let id = ObjectIdentifier(layer)
        var entry = transitions[id] ?? TransitionEntry(lastUsed: frame)
        entry.lastUsed = frame
        if let kept = entry.before, kept.snapshot === before, kept.scale == scale {
            transitions[id] = entry
            return kept.image
        }
        transitionImagesMade += 1
        let image = make()
        entry.before = (before, scale, image)
        transitions[id] = entry
        return image
    }

    /// The image of `layer`'s new appearance drawn from `list`, drawn by `make` only when the
    /// list differs from the last one's.
    func transitionImage(for layer: Layer, after list: DrawList,
                         make: () -> Compositor.TransitionImage?) -> Compositor.TransitionImage? {
        let id = ObjectIdentifier(layer)
        var entry = transitions[id] ?? TransitionEntry(lastUsed: frame)
        entry.lastUsed = frame
        if let kept = entry.after, kept.list.drawsTheSame(as: list, colors: true) {
            transitions[id] = entry
            return kept.image
        }
        transitionImagesMade += 1
        let image = make()
        entry.after = (list, image)
        transitions[id] = entry
        return image
    }

    /// Ends a frame; now and then drops what has not been used for `keepFrames` frames.
    func endFrame() {
        frame += 1
        guard frame % 60 == 0 else { return }
        let oldest = frame - keepFrames
        images = images.filter { $0.value.lastUsed >= oldest }
        contents.drop(before: oldest)
        var shown = Set<ObjectIdentifier>()
        contents.forEachValue { if let content = $0 { shown.insert(ObjectIdentifier(content.texture)) } }
        sharedContents.drop(before: oldest, keeping: shown, frame: frame)
        shadows.drop(before: oldest)
        offscreens.drop(before: oldest)
        var shownOffscreens = Set<ObjectIdentifier>()
        offscreens.forEachValue { if let texture = $0 { shownOffscreens.insert(ObjectIdentifier(texture)) } }
        sharedOffscreens.drop(before: oldest, keeping: shownOffscreens, frame: frame)
        transitions = transitions.filter { $0.value.lastUsed >= oldest }
    }
}
