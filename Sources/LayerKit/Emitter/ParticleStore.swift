/// The live particles of one cell, as structure of arrays: one block of `Float`s holding each
/// field's column side by side. A particle that dies is replaced by the last one (swap-remove),
/// so the live particles are always the first `count`. The block grows by half when full and is
/// kept, so that a steady stream of particles allocates nothing.
///
/// A particle stores what it was born with; what changes with age (colour, scale, rotation) is
/// computed from its age and the cell's rates when it is drawn. 14 floats: 56 bytes a particle.
final class ParticleStore {
    /// The columns, in order.
    enum Field: Int, CaseIterable {
        case x, y, z, vx, vy, vz, age, life, scale, spin, red, green, blue, alpha
    }

    static let fieldCount = Field.allCases.count
    /// Bytes a particle takes at full capacity.
    static let bytesPerParticle = fieldCount * MemoryLayout<Float>.stride

    private(set) var count = 0
    private(set) var capacity = 0
    /// The columns (one float when empty, so that a column of an empty store is a valid pointer).
    private var block = UnsafeMutablePointer<Float>.allocate(capacity: 1)

    deinit {
        block.deallocate()
    }

    /// The column of `field` (valid until the store next grows).
    @inline(__always) func column(_ field: Field) -> UnsafeMutablePointer<Float> {
        block + field.rawValue * capacity
    }

    /// Bytes allocated for particles.
    var allocatedBytes: Int { capacity * ParticleStore.bytesPerParticle }

    /// Makes room for `extra` more particles (growing by half, at least to 256).
    func reserve(_ extra: Int) {
        let needed = count + extra
        guard needed > capacity else { return }
        let grown = max(needed, capacity + capacity / 2, 256)
        let made = UnsafeMutablePointer<Float>.allocate(capacity: grown * ParticleStore.fieldCount)
        for f in 0..<ParticleStore.fieldCount {
            (made + f * grown).initialize(from: block + f * capacity, count: count)
        }
        block.deallocate()
        block = made
        capacity = grown
    }

    /// Appends a particle (room must have been reserved); returns its index.
    @inline(__always) func append() -> Int {
        let index = count
        count += 1
        return index
    }

    /// Removes particle `i` by moving the last particle into its place.
    @inline(__always) func remove(at i: Int) {
        count -= 1
        guard i != count else { return }
        var p = block
        for _ in 0..<ParticleStore.fieldCount {
            p[i] = p[count]
            p += capacity
        }
    }

    /// Removes every particle (the memory is kept).
    func removeAll() {
        count = 0
    }
}
