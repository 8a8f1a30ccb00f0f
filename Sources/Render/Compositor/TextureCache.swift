import LayerKit

/// The textures a compositor has made: one per contents image, one per layer for content drawn
/// on the CPU (text, shapes, gradients), one per layer's shadow and one per layer's transition's
/// "before" image. Content is redrawn only when
/// what it depends on changes; entries unused for a while are dropped.
final class TextureCache {
    /// Opaque white: what solid colours sample.
    let white = RenderTexture.solidWhite()
    /// Frames an unused entry survives.
    var keepFrames = 120
    private(set) var frame = 0
    /// How many times content has been rasterised (for tests of the cache).
    private(set) var rasterizations = 0
    /// How many shadows have been made (for tests of the cache).
    private(set) var shadowsMade = 0
    /// How many transition images have been made (for tests of the cache).
    private(set) var transitionImagesMade = 0

    private struct ImageEntry {
        let image: Image
        let texture: RenderTexture
        var lastUsed: Int
    }

    enum ContentKey: Equatable {
        case text(TextContent)
        case shape(ShapeContent)
        case gradient(GradientContent)
    }

    private struct ContentEntry {
        let key: ContentKey
        let content: RasterizedContent?
        var lastUsed: Int
    }

    enum ShadowKey: Equatable {
        case texture(ObjectIdentifier, radius: Double)
        case roundedRect(width: Int, height: Int, cornerRadius: Double, radius: Double)
        /// A layer and its sublayers (`ShadowMask`), blurred by `radius` points.
        case mask(ShadowMask, radius: Double)
    }

    private struct ShadowEntry {
        let key: ShadowKey
        let source: RenderTexture?
        let texture: RenderTexture?
        var lastUsed: Int
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
    private var contents: [ObjectIdentifier: ContentEntry] = [:]
    private var shadows: [ObjectIdentifier: ShadowEntry] = [:]

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

    /// The CPU-drawn content of `layer` for `key`, drawn by `make` only when the key changed.
    func content(for layer: Layer, key: ContentKey, make: () -> RasterizedContent?) -> RasterizedContent? {
        let id = ObjectIdentifier(layer)
        if var entry = contents[id], entry.key == key {
            entry.lastUsed = frame
            contents[id] = entry
            return entry.content
        }
        rasterizations += 1
        let content = make()
        contents[id] = ContentEntry(key: key, content: content, lastUsed: frame)
        return content
    }

    /// The blurred shadow of `layer` for `key`, made by `make` only when the key changed.
    func shadow(for layer: Layer, key: ShadowKey, source: RenderTexture?, make: () -> RenderTexture?) -> RenderTexture? {
        let id = ObjectIdentifier(layer)
        if var entry = shadows[id], entry.key == key, entry.source === source {
            entry.lastUsed = frame
            shadows[id] = entry
            return entry.texture
        }
        shadowsMade += 1
        let texture = make()
        shadows[id] = ShadowEntry(key: key, source: source, texture: texture, lastUsed: frame)
        return texture
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
        contents = contents.filter { $0.value.lastUsed >= oldest }
        shadows = shadows.filter { $0.value.lastUsed >= oldest }
        transitions = transitions.filter { $0.value.lastUsed >= oldest }
    }
}
