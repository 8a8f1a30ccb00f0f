/// Copies of state slots (runs of `Double`s) kept one after another in memory of their own, that
/// grows as copies are appended and keeps its room when emptied: what replicator instances and
/// layer snapshots keep their copies in. A copy is known by where it starts; a pointer into the
/// storage is good until the next append.
final class SlotStorage {
    private(set) var base: UnsafeMutablePointer<Double>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Appends `n` values from `source`; returns where they start.
    func append(_ source: UnsafePointer<Double>, count n: Int) -> Int {
        if count + n > capacity {
            let grown = max(capacity * 2, count + n)
            let larger = UnsafeMutablePointer<Double>.allocate(capacity: grown)
            larger.initialize(from: base, count: count)
            base.deallocate()
            (base, capacity) = (larger, grown)
        }
        (base + count).initialize(from: source, count: n)
        count += n
        return count - n
    }

    /// Forgets every copy, keeping the room.
    func removeAll() {
        count = 0
    }
}
