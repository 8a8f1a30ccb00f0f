/// What one delayed instance of a replicator shows: the presentation of the layers and emitter
/// cells of the replicator's subtree that the instance's time shift changes (those with
/// animations), copied while the scene evaluated the frame, and the delayed instances of the
/// replicators inside it as they are in this instance. Render reads it through
/// `StateSlot.instance`; a layer or cell it holds no copy of shows its presentation.
///
/// The scene keeps these from frame to frame and fills them again (see `InstanceCapture`).
/// Layers and cells are known by identity: the copies are good until the scene next evaluates,
/// which is before anything is drawn again.
public final class InstancePresentation {
    /// The copied slots, one after another.
    private let storage = SlotStorage()
    /// Where each layer's copy starts in `storage`, and its array-valued properties.
    private var layers: [ObjectIdentifier: (start: Int, arrays: [PropertyID: AnimationValue])] = [:]
    /// Where each emitter cell's copy starts in `storage`.
    private var cells: [ObjectIdentifier: Int] = [:]
    /// The delayed instances of the replicators inside this instance's subtree, by replicator.
    var nested: [ObjectIdentifier: [InstancePresentation]] = [:]

    init() {}

    /// The copy of `layer`'s presentation slots, if this instance has one.
    @inline(__always) func values(of layer: Layer) -> UnsafeMutablePointer<Double>? {
        layers[ObjectIdentifier(layer)].map { storage.base + $0.start }
    }

    /// The copy of `layer`'s array-valued presentation, if this instance has one.
    func arrays(of layer: Layer) -> [PropertyID: AnimationValue]? {
        layers[ObjectIdentifier(layer)]?.arrays
    }

    /// The copy of `cell`'s presentation slots, if this instance has one.
    @inline(__always) func values(of cell: EmitterCell) -> UnsafeMutablePointer<Double>? {
        cells[ObjectIdentifier(cell)].map { storage.base + $0 }
    }

    /// Copies `layer`'s presentation as it is now.
    func copy(_ layer: Layer) {
        let start = storage.append(layer.base(.presentation), count: layer.slotSize)
        layers[ObjectIdentifier(layer)] = (start, layer.presentedArrays)
    }

    /// Copies `cell`'s presentation as it is now.
    func copy(_ cell: EmitterCell) {
        cells[ObjectIdentifier(cell)] = storage.append(cell.base(.presentation), count: CellPropertyID.slotSize)
    }

    /// Forgets every copy (keeping the room they took), and hands the nested instances to `release`.
    func reset(releasing release: (InstancePresentation) -> Void) {
        storage.removeAll()
        layers.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        for instances in nested.values {
            for instance in instances { release(instance) }
        }
        nested.removeAll(keepingCapacity: true)
    }
}
