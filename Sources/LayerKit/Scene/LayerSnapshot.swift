/// Layers as they were at one moment, frozen: each layer's presentation slots and array-valued
/// properties (paths among them), and what a layer holds outside its slots (sublayers, contents
/// image, text and font). A transition draws the layer's "before" appearance from one (through
/// `StateSlot.before`).
///
/// Layers are known by identity and held strongly (a sublayer removed in the transaction is
/// still drawn in the "before" appearance), so a snapshot lives only as long as its transition.
public final class LayerSnapshot {
    /// One layer as it was: where its slots start in the storage, and what it holds outside them.
    struct Entry {
        let layer: Layer
        private(set) var start: Int
        let arrays: [PropertyID: AnimationValue]
        let sublayers: [Layer]
        let contents: Image?
        let string: String
        let font: String?

        /// `layer` as it is now, its slots copied to `start`.
        init(_ layer: Layer, start: Int) {
            self.layer = layer
            self.start = start
            arrays = layer.presentedArrays
            sublayers = layer.sublayers
            contents = layer.contents
            if layer.kind == .text {
                let text = unsafeDowncast(layer, to: TextLayer.self)
                (string, font) = (text.string, text.font)
            } else {
                (string, font) = ("", nil)
            }
        }

        /// `entry` (what a layer held outside its slots) with its slots at `start`.
        init(_ entry: Entry, start: Int) {
            self = entry
            self.start = start
        }
    }

    private let values = SlotStorage()
    private var entries: [Entry] = []
    private var index: [ObjectIdentifier: Int] = [:]

    public init() {}

    /// Copies `layer` as it is now (its presentation slots: what the last frame showed, or the
    /// value set since where nothing animates it), unless it was copied already.
    func copy(_ layer: Layer) {
        let id = ObjectIdentifier(layer)
        guard index[id] == nil else { return }
        index[id] = entries.count
        entries.append(Entry(layer, start: values.append(layer.base(.presentation), count: layer.slotSize)))
    }

    /// Copies `layer` with its presentation slots as they are now and what it holds outside them
    /// as `held` says (as it is now when nil), unless it was copied already.
    func copy(_ layer: Layer, holding held: Entry?) {
        guard let held else { return copy(layer) }
        let id = ObjectIdentifier(layer)
        guard index[id] == nil else { return }
        index[id] = entries.count
        entries.append(Entry(held, start: values.append(layer.base(.presentation), count: layer.slotSize)))
    }

    /// Overwrites `count` slots from `offset` of the layer known as `id`, if it was copied.
    func overwrite(_ id: ObjectIdentifier, offset: Int, with source: UnsafePointer<Double>, count: Int) {
        guard let i = index[id] else { return }
        (values.base + entries[i].start + offset).update(from: source, count: count)
    }

    /// Calls `body` with each layer copied, in the order they were.
    func forEachLayer(_ body: (Layer) -> Void) {
        for entry in entries { body(entry.layer) }
    }

    /// The entry of `layer`, if it was copied.
    func entry(of layer: Layer) -> Entry? {
        index[ObjectIdentifier(layer)].map { entries[$0] }
    }

    /// The copy of `layer`'s slots, if it was copied.
    @inline(__always) func values(of layer: Layer) -> UnsafeMutablePointer<Double>? {
        index[ObjectIdentifier(layer)].map { values.base + entries[$0].start }
    }
}
