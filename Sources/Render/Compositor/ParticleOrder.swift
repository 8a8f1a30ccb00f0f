/// The order an emitter's particles are drawn in (its `renderMode`): a stable radix sort of
/// particle indices by a float key, into buffers kept from frame to frame, so that ordering
/// 100,000 particles allocates nothing and gives the same order every time.
struct ParticleOrder {
    private var keys: [UInt64] = []
    private var scratch: [UInt64] = []
    private var counts = [Int](repeating: 0, count: 256)

    /// Orders the indices 0..<count by `key` (ascending, or descending when `descending`), ties
    /// kept in index order; read them back with the subscript.
    mutating func sort(count: Int, key: UnsafePointer<Float>, descending: Bool) {
        if keys.count < count {
            keys = [UInt64](repeating: 0, count: count)
            scratch = [UInt64](repeating: 0, count: count)
        }
        keys.withUnsafeMutableBufferPointer { k in
            for i in 0..<count {
                var bits = key[i].isNaN ? 0 : key[i].bitPattern
                // Flip so that unsigned order is float order: negatives reversed, positives above them.
                bits = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
                if descending { bits = ~bits }
                k[i] = UInt64(bits) << 32 | UInt64(i)
            }
        }
        // Four stable passes over the key's bytes, least significant first.
        for pass in 0..<4 {
            let shift = UInt64(32 + pass * 8)
            for b in 0..<256 { counts[b] = 0 }
            keys.withUnsafeMutableBufferPointer { k in
                scratch.withUnsafeMutableBufferPointer { out in
                    counts.withUnsafeMutableBufferPointer { c in
                        for i in 0..<count { c[Int((k[i] >> shift) & 0xFF)] += 1 }
                        var total = 0
                        for b in 0..<256 {
                            let n = c[b]
                            c[b] = total
                            total += n
                        }
                        for i in 0..<count {
                            let b = Int((k[i] >> shift) & 0xFF)
                            out[c[b]] = k[i]
                            c[b] += 1
                        }
                    }
                }
            }
            swap(&keys, &scratch)
        }
    }

    /// The index drawn `k`-th after the last `sort`.
    @inline(__always) subscript(k: Int) -> Int {
        Int(truncatingIfNeeded: keys[k] & 0xFFFF_FFFF)
    }
}
