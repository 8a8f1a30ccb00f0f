/// Layers as they were at one moment, frozen: each layer's presentation slots and array-valued
/// properties, and what a layer holds outside its slots (sublayers, contents image, text and
/// font, path). A transition draws the layer's "before" appearance from one (through
/// `StateSlot.before`); the scene keeps another, the journal of the open transaction, with each
/// layer of the tree as it was before its first change in that transaction.
///
/// Layers are known by identity and held strongly (a sublayer removed in the transaction is
/// still drawn in the "before" appearance), so a snapshot lives only as long as its transition.
public final class LayerSnapshot {
    /// What a layer holds outside its value slots.
    struct Entry {
        let start: Int
        let arrays: [PropertyID: AnimationValue]
        let sublayers: [Layer]
        let contents: Image?
        let string: String
        let font: String?
        let path: Path?
    }

    private let values = SlotStorage()
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The layers copied, in the order they were (keeps them alive with their entries).
    private var layers: [Layer] = []

    public init() {}

    /// Whether no layer has been copied.
    var isEmpty: Bool { entries.isEmpty }

    /// Whether `layer` has been copied.
    func contains(_ layer: Layer) -> Bool {
        entries[ObjectIdentifier(layer)] != nil
    }

    /// Copies `layer` as it is now (its presentation slots: what the last frame showed, or the
    /// value set since where nothing animates it), unless it was copied already.
    func copy(_ layer: Layer) {
        let id = ObjectIdentifier(layer)
        guard entries[id] == nil else { return }
        let start = values.append(layer.base(.presentation), count: layer.slotSize)
        entries[id] = Entry(start: start, arrays: layer.presentedArrays, sublayers: layer.sublayers,
                            contents: layer.contents, string: (layer as? TextLayer)?.string ?? "",
                            font: (layer as? TextLayer)?.font, path: (layer as? ShapeLayer)?.path)
        layers.append(layer)
    }

    /// Copies `layer`'s entry from `other` if it has one, else the layer as it is now.
    func copy(_ layer: Layer, preferring other: LayerSnapshot) {
        let id = ObjectIdentifier(layer)
        guard entries[id] == nil else { return }
        guard let entry = other.entries[id] else { return copy(layer) }
        let start = values.append(other.values.base + entry.start, count: layer.slotSize)
        entries[id] = Entry(start: start, arrays: entry.arrays, sublayers: entry.sublayers, contents: entry.contents,
                            string: entry.string, font: entry.font, path: entry.path)
        layers.append(layer)
    }

    /// Calls `body` with each layer copied, in the order they were.
    func forEachLayer(_ body: (Layer) -> Void) {
        for layer in layers { body(layer) }
    }

    /// Forgets every copy, keeping the room they took.
    func removeAll() {
        values.removeAll()
        entries.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
    }

    /// The entry of `layer`, if it was copied.
    func entry(of layer: Layer) -> Entry? {
        entries[ObjectIdentifier(layer)]
    }

    /// The copy of `layer`'s slots, if it was copied (good until the next copy).
    @inline(__always) func values(of layer: Layer) -> UnsafeMutablePointer<Double>? {
        entries[ObjectIdentifier(layer)].map { values.base + $0.start }
    }
}
