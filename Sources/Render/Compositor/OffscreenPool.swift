/// The last offscreen images drawn (masked or filtered layers), for any layer whose own image
/// is missing or stale: a reload's new layers find the image the old run's drew, when it draws
/// the same. Scenes have few such layers, so the pool is a short list searched in order, and it
/// keeps the most recently used images within a budget of bytes.
struct OffscreenPool {
    private struct Entry {
        let image: OffscreenImage
        let texture: RenderTexture?
        var lastUsed: Int
        var bytes: Int { image.width * image.height * 4 }
    }

    private var entries: [Entry] = []
    /// The bytes of texture the pool may hold.
    var budget = 64 << 20
    /// Most images kept.
    var capacity = 8
    /// How many images have been drawn (for tests of the cache).
    private(set) var made = 0

    /// The texture of `image`, drawn by `make` only when no kept image draws the same.
    mutating func texture(for image: OffscreenImage, frame: Int, make: () -> RenderTexture?) -> RenderTexture? {
        if let i = entries.firstIndex(where: { $0.image.drawsSame(as: image) }) {
            entries[i].lastUsed = frame
            return entries[i].texture
        }
        made += 1
        let texture = make()
        entries.append(Entry(image: image, texture: texture, lastUsed: frame))
        entries.sort { $0.lastUsed > $1.lastUsed }
        var bytes = 0
        var kept = 0
        entries = entries.filter { entry in
            bytes += entry.bytes
            kept += 1
            return kept == 1 || (kept <= capacity && bytes <= budget)
        }
        return texture
    }

    /// Drops the images last used before frame `oldest`, but for those whose texture a layer
    /// shows (`shown`), which count as used in `frame`.
    mutating func drop(before oldest: Int, keeping shown: Set<ObjectIdentifier>, frame: Int) {
        for i in entries.indices {
            if let texture = entries[i].texture, shown.contains(ObjectIdentifier(texture)) { entries[i].lastUsed = frame }
        }
        entries.removeAll { $0.lastUsed < oldest }
    }
}
