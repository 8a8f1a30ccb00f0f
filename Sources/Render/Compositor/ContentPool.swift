/// CPU-drawn content (text, shapes, gradients) shared by every layer that shows the same thing:
/// the leaves of one shape, one label on many buttons, or a script's layers made anew by a
/// reload. What is drawn depends only on the key, so a layer whose own content is missing or
/// stale takes it from here before it is drawn again.
///
/// Content no layer shows any more (an animated shape leaves one behind each frame) is dropped
/// after a while, and the pool keeps within a budget of bytes, the least recently used going
/// first.
struct ContentPool {
    private struct Entry {
        let value: RasterizedContent?
        let bytes: Int
        var lastUsed: Int
    }

    private var entries: [TextureCache.ContentKey: Entry] = [:]
    private var bytes = 0
    /// The bytes of texture the pool may hold.
    var budget = 32 << 20
    /// How many values have been drawn (for tests of the cache).
    private(set) var made = 0

    /// The content for `key`, drawn by `make` only when the pool has none.
    mutating func value(for key: TextureCache.ContentKey, frame: Int,
                        make: () -> RasterizedContent?) -> RasterizedContent? {
        if var entry = entries[key] {
            entry.lastUsed = frame
            entries[key] = entry
            return entry.value
        }
        made += 1
        let value = make()
        let size = value.map { $0.texture.width * $0.texture.height * 4 } ?? 0
        entries[key] = Entry(value: value, bytes: size, lastUsed: frame)
        bytes += size
        if bytes > budget { evict(keeping: key) }
        return value
    }

    /// Drops the entries last used before frame `oldest`, but for those whose texture a layer
    /// shows (`shown`): a layer finds its own content without asking the pool, so these count
    /// as used in `frame`.
    mutating func drop(before oldest: Int, keeping shown: Set<ObjectIdentifier>, frame: Int) {
        var kept: [TextureCache.ContentKey: Entry] = [:]
        for (key, var entry) in entries {
            if let texture = entry.value?.texture, shown.contains(ObjectIdentifier(texture)) { entry.lastUsed = frame }
            if entry.lastUsed >= oldest { kept[key] = entry }
        }
        entries = kept
        bytes = entries.values.reduce(0) { $0 + $1.bytes }
    }

    /// Drops the least recently used entries until the pool is within its budget again (the
    /// entry just made stays, however large).
    private mutating func evict(keeping kept: TextureCache.ContentKey) {
        for (key, entry) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where key != kept {
            guard bytes > budget else { return }
            entries[key] = nil
            bytes -= entry.bytes
        }
    }
}
