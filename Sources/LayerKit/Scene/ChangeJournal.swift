/// What the open transaction changed on the layers of the tree, kept for a transition added
/// later in the transaction (see `Layer.willChange`): the value each property of a layer showed
/// before the transaction first set it, and a layer's array values, sublayers, contents, text
/// and path before the transaction first changed one of them. A transition's snapshot is the
/// layers as they are, with these put back. The journal is emptied, keeping its room, when the
/// transaction commits.
final class ChangeJournal {
    /// A run of a layer's presentation slots as it was, kept in `values` from `start`.
    private struct Change {
        let layer: ObjectIdentifier
        let offset: Int
        let count: Int
        let start: Int
    }

    private let values = SlotStorage()
    private var changes: [Change] = []
    /// What layers held outside their slots before the transaction changed it.
    private var held: [ObjectIdentifier: LayerSnapshot.Entry] = [:]
    /// The transaction the journal belongs to (`TransactionStack.changeSerial`; -1: none).
    private(set) var serial = -1

    /// Keeps the `count` presentation slots of `layer` from `offset`, as they are now, for the
    /// transaction numbered `serial` (emptying the journal of an earlier one first).
    @inline(__always) func keep(_ layer: Layer, offset: Int, count: Int, serial: Int) {
        if self.serial != serial { start(serial) }
        let start = values.append(layer.base(.presentation) + offset, count: count)
        changes.append(Change(layer: ObjectIdentifier(layer), offset: offset, count: count, start: start))
    }

    /// Keeps what `layer` holds outside its slots, as it is now, unless the transaction numbered
    /// `serial` kept it already.
    func hold(_ layer: Layer, serial: Int) {
        if self.serial != serial { start(serial) }
        let id = ObjectIdentifier(layer)
        if held[id] == nil { held[id] = LayerSnapshot.Entry(layer, start: 0) }
    }

    /// What `layer` held outside its slots before the transaction changed it, if it did.
    func heldState(of layer: Layer) -> LayerSnapshot.Entry? {
        held[ObjectIdentifier(layer)]
    }

    /// Puts back into `snapshot` the slots its layers showed before the transaction changed them.
    func restore(into snapshot: LayerSnapshot) {
        for change in changes.reversed() {
            snapshot.overwrite(change.layer, offset: change.offset, with: values.base + change.start, count: change.count)
        }
    }

    private func start(_ serial: Int) {
        removeAll()
        self.serial = serial
    }

    /// Forgets every change, keeping the room.
    func removeAll() {
        if !changes.isEmpty {
            changes.removeAll(keepingCapacity: true)
            values.removeAll()
        }
        if !held.isEmpty { held.removeAll(keepingCapacity: true) }
        serial = -1
    }
}
