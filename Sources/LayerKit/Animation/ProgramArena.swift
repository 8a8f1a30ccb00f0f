/// Where a scene's compiled animation programs live. Blocks are cut one after another from
/// large chunks, so programs compiled one after another lie one after another in memory. A
/// frame compiles programs in the walk's order and then walks them in that order, so it reads
/// one stream of memory that the processor fetches ahead. Separately allocated blocks lie wherever
/// the allocator put them, and each is read cold.
///
/// Blocks are whole cache lines, aligned to a line. A freed block goes on a list of blocks of
/// its size, and the next block of that size reuses it; so the arena holds at most what its
/// programs held at their peak, size by size. Blocks larger than `largestPooled` lines are
/// allocated on their own. The chunks are freed with the arena, which every layer of the scene
/// holds. Like the rest of a scene, it is used from one thread at a time.
final class ProgramArena {
    /// The bytes of a cache line, the unit of a block.
    static let lineSize = 64
    /// The largest block, in lines, cut from a chunk; larger ones are allocated on their own.
    static let largestPooled = 64
    /// The first chunk's size; each further chunk doubles it, up to `largestChunk`.
    static let firstChunk = 1 << 14
    static let largestChunk = 1 << 18

    private var chunks: [UnsafeMutableRawPointer] = []
    /// Where the next new block is cut, and how many bytes the current chunk has left.
    private var cursor: UnsafeMutableRawPointer?
    private var remaining = 0
    /// Freed blocks by size in lines; each holds the address of the next in its first bytes.
    private var freeBlocks = [UnsafeMutableRawPointer?](repeating: nil, count: largestPooled + 1)

    /// How many chunks the arena has taken from the system.
    var chunkCount: Int { chunks.count }

    /// How many lines a block of `byteCount` bytes takes.
    static func lines(for byteCount: Int) -> Int {
        max(1, (byteCount + lineSize - 1) / lineSize)
    }

    /// A block of at least `byteCount` bytes, aligned to a cache line, uninitialized.
    func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let lines = ProgramArena.lines(for: byteCount)
        guard lines <= ProgramArena.largestPooled else {
            return .allocate(byteCount: lines * ProgramArena.lineSize, alignment: ProgramArena.lineSize)
        }
        if let block = freeBlocks[lines] {
            freeBlocks[lines] = block.load(as: UnsafeMutableRawPointer?.self)
            return block
        }
        let bytes = lines * ProgramArena.lineSize
        if remaining < bytes { addChunk() }
        guard let block = cursor else { preconditionFailure("ProgramArena: a new chunk has no cursor") }
        cursor = block + bytes
        remaining -= bytes
        return block
    }

    /// Gives back a block from `allocate(byteCount:)` with the same `byteCount`; whatever it holds
    /// must be plain data.
    func deallocate(_ block: UnsafeMutableRawPointer, byteCount: Int) {
        let lines = ProgramArena.lines(for: byteCount)
        guard lines <= ProgramArena.largestPooled else {
            block.deallocate()
            return
        }
        block.storeBytes(of: freeBlocks[lines], as: UnsafeMutableRawPointer?.self)
        freeBlocks[lines] = block
    }

    private func addChunk() {
        let size = min(ProgramArena.firstChunk << min(chunks.count, 16), ProgramArena.largestChunk)
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: ProgramArena.lineSize)
        chunks.append(chunk)
        cursor = chunk
        remaining = size
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }
}
