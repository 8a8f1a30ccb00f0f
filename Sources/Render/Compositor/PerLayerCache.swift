import LayerKit

/// What a texture cache keeps per layer for one kind of texture: the last one made, what it was
/// made from, and the frame it was last used in. A texture is made again only when what it is
/// made from changes.
struct PerLayerCache<Key, Value> {
    private struct Entry {
        let key: Key
        let value: Value
        var lastUsed: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// How many values have been made (for tests of the cache).
    private(set) var made = 0

    /// `layer`'s value for `key` (as `same` compares keys), made by `make` only when the key
    /// differs from the last one's.
    mutating func value(for layer: Layer, key: Key, frame: Int, same: (Key, Key) -> Bool, make: () -> Value) -> Value {
        let id = ObjectIdentifier(layer)
        if var entry = entries[id], same(entry.key, key) {
            entry.lastUsed = frame
            entries[id] = entry
            return entry.value
        }
        made += 1
        let value = make()
        entries[id] = Entry(key: key, value: value, lastUsed: frame)
        return value
    }

    /// Calls `body` with every value kept.
    func forEachValue(_ body: (Value) -> Void) {
        for entry in entries.values { body(entry.value) }
    }

    /// Drops the entries last used before frame `oldest`.
    mutating func drop(before oldest: Int) {
        entries = entries.filter { $0.value.lastUsed >= oldest }
    }
}
