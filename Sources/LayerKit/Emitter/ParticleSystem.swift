/// The particles of one emitter layer: a store per cell (sub-cells included, flattened depth
/// first, parents before their sub-cells), the random source, and the carried-over fractions of
/// births. `ParticleSystem+Stepping` moves them on; `EmitterLayer` owns one and drives it.
final class ParticleSystem {
    /// One cell and its particles.
    struct CellEntry {
        let cell: EmitterCell
        /// The entry of the cell whose particles emit this one's (-1: the layer emits it).
        let parent: Int
        /// Entries of the sub-cells.
        var children: [Int] = []
        let store: ParticleStore
        /// Births owed but not yet made (a fraction of one, carried to the next step).
        var owed = 0.0
    }

    /// Birth rates above this many a second are treated as this many.
    static let maxBirthRate = 1_000_000.0
    /// Lifetimes above this many seconds are treated as this many.
    static let maxLifetime = 10_000_000.0

    var entries: [CellEntry] = []
    /// Each entry's values for the step being made (same indices as `entries`).
    var parameters: [CellParameters] = []
    var random: SeededRandom
    /// The seed `random` started from.
    private(set) var seed: UInt64
    /// Live particles in every store.
    private(set) var count = 0
    /// The layer's cell generation the entries were built for.
    private(set) var generation = -1

    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed)
    }

    /// Starts the random source again from `seed` if it is a different seed.
    func reseed(_ newSeed: UInt64) {
        guard newSeed != seed else { return }
        seed = newSeed
        random = SeededRandom(seed: newSeed)
    }

    /// Rebuilds the entries for `cells` (generation `generation`): particles of cells still there
    /// stay, those of cells that are gone go.
    func rebuild(for cells: [EmitterCell], generation: Int) {
        var old: [ObjectIdentifier: CellEntry] = [:]
        for entry in entries { old[ObjectIdentifier(entry.cell)] = entry }
        var made: [CellEntry] = []
        func add(_ cell: EmitterCell, parent: Int, depth: Int) {
            guard depth <= EmitterCell.maxNesting else { return }
            let index = made.count
            if let kept = old.removeValue(forKey: ObjectIdentifier(cell)) {
                made.append(CellEntry(cell: cell, parent: parent, store: kept.store, owed: kept.owed))
            } else {
                made.append(CellEntry(cell: cell, parent: parent, store: ParticleStore()))
            }
            if parent >= 0 { made[parent].children.append(index) }
            for sub in cell.emitterCells { add(sub, parent: index, depth: depth + 1) }
        }
        for cell in cells { add(cell, parent: -1, depth: 1) }
        entries = made
        parameters = Array(repeating: CellParameters(), count: made.count)
        self.generation = generation
        recount()
    }

    /// Removes every particle.
    func removeAll() {
        for entry in entries { entry.store.removeAll() }
        count = 0
    }

    /// Recomputes `count` from the stores.
    func recount() {
        count = entries.reduce(0) { $0 + $1.store.count }
    }

    /// Bytes allocated for particles.
    var allocatedBytes: Int {
        entries.reduce(0) { $0 + $1.store.allocatedBytes }
    }

    /// The entry of the first cell (depth first) named `name`.
    func entry(named name: String) -> Int? {
        entries.firstIndex { $0.cell.name == name }
    }

    /// The longest a particle and its descendants can live, in seconds (how far back a pre-run
    /// needs to start to reach the steady state).
    func longestLife(_ m: EmitterMultipliers) -> Double {
        var longest = 0.0
        var chain = [Double](repeating: 0, count: entries.count)
        for (i, entry) in entries.enumerated() {
            let p = entry.cell.base(.presentation)
            let life = (abs(p[CellPropertyID.lifetime.offset]) + abs(p[CellPropertyID.lifetimeRange.offset])) * abs(m.lifetime)
            let own = life.isFinite ? min(life, ParticleSystem.maxLifetime) : 0
            chain[i] = own + (entry.parent >= 0 ? chain[entry.parent] : 0)
            longest = max(longest, chain[i])
        }
        return longest
    }

    /// Adds `delta` to the live count (the stepping code's bookkeeping).
    @inline(__always) func counted(_ delta: Int) {
        count += delta
    }
}
