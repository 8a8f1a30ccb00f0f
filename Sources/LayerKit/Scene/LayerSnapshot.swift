/// Layers as they were at one moment, frozen: each layer's presentation slots and array-valued
/// properties, and what a layer holds outside its slots (sublayers, contents image, text and
/// font, path). A transition draws the layer's "before" appearance from one (through
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
        let path: Path?

        /// `layer` as it is now, its slots copied to `start`.
        init(_ layer: Layer, start: Int) {
            self.layer = layer
            self.start = start
            arrays = layer.presentedArrays
            sublayers = layer.sublayers
            contents = layer.contents
            switch layer.kind {
            case .text:
                let text = unsafeDowncast(layer, to: TextLayer.self)
                (string, font, path) = (text.string, text.font, nil)
            case .shape:
                (string, font, path) = ("", nil, unsafeDowncast(layer, to: ShapeLayer.self).path)
            default:
                (string, font, path) = ("", nil, nil)
            }
        }

        /// `entry` with its slots at `start`.
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

    /// Copies `layer` as `journal` kept it if it did, else as it is now.
    func copy(_ layer: Layer, preferring journal: ChangeJournal) {
        let id = ObjectIdentifier(layer)
        guard index[id] == nil else { return }
        guard let (entry, slots) = journal.entry(of: layer) else { return copy(layer) }
        index[id] = entries.count
        entries.append(Entry(entry, start: values.append(slots, count: layer.slotSize)))
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
