/// The layers of the tree as they were before the open transaction first changed them, kept for
/// a transition added later in the transaction (see `Layer.willChange()`): each layer's
/// presentation slots and what it holds outside them, as a `LayerSnapshot` keeps them. A layer
/// knows its place in the journal, so noting a change costs no lookup; the journal is emptied,
/// keeping its room, when the transaction commits.
final class ChangeJournal {
    private let values = SlotStorage()
    private var entries: [LayerSnapshot.Entry] = []
    /// The transaction the entries belong to (`TransactionStack.changeSerial`; -1: none).
    private(set) var serial = -1

    /// Keeps `layer` as it is now for the transaction numbered `serial` (emptying the journal
    /// of an earlier one first); returns its place.
    func record(_ layer: Layer, serial: Int) -> Int {
        if self.serial != serial { removeAll(); self.serial = serial }
        entries.append(LayerSnapshot.Entry(layer, start: values.append(layer.base(.presentation), count: layer.slotSize)))
        return entries.count - 1
    }

    /// How `layer` was before the transaction changed it, and its slots (good until the next
    /// record), if the journal kept it.
    func entry(of layer: Layer) -> (LayerSnapshot.Entry, UnsafePointer<Double>)? {
        guard serial >= 0, layer.journaledSerial == serial, layer.journalIndex < entries.count else { return nil }
        let entry = entries[layer.journalIndex]
        guard entry.layer === layer else { return nil }
        return (entry, UnsafePointer(values.base + entry.start))
    }

    /// Forgets every entry, keeping the room.
    func removeAll() {
        if !entries.isEmpty {
            entries.removeAll(keepingCapacity: true)
            values.removeAll()
        }
        serial = -1
    }
}
