/// Where the properties that per-frame evaluation touches live in a layer's storage, looked up
/// once and handed down the frame as plain integers (so the hot loop does no lazy-global checks).
struct StorageOffsets: @unchecked Sendable {  // the table is written once, in init, and only read after
    /// One entry per animated-properties mask bit: what to copy from model to presentation.
    struct ResetEntry {
        var offset: Int
        var width: Int
        var id: PropertyID
    }

    let transform: Int
    let sublayerTransform: Int
    let beginTime: Int
    let speed: Int
    let timeOffset: Int
    /// The mask bits of the transform and the sublayer transform.
    let transformBit: UInt64
    let sublayerTransformBit: UInt64
    /// 64 entries, indexed by mask bit; allocated once and never freed (it lives as long as the process).
    let resetTable: UnsafePointer<ResetEntry>

    static let shared = StorageOffsets()

    private init() {
        transform = PropertyRegistry.spec(.transform).offset
        sublayerTransform = PropertyRegistry.spec(.sublayerTransform).offset
        beginTime = PropertyRegistry.spec(.beginTime).offset
        speed = PropertyRegistry.spec(.speed).offset
        timeOffset = PropertyRegistry.spec(.timeOffset).offset
        transformBit = PropertyRegistry.spec(.transform).bit
        sublayerTransformBit = PropertyRegistry.spec(.sublayerTransform).bit
        let table = UnsafeMutablePointer<ResetEntry>.allocate(capacity: 64)
        table.initialize(repeating: ResetEntry(offset: 0, width: 0, id: .opacity), count: 64)
        for spec in PropertyRegistry.specs where spec.bit != 0 {
            table[spec.bit.trailingZeroBitCount] = ResetEntry(offset: spec.offset, width: spec.width, id: spec.id)
        }
        resetTable = UnsafePointer(table)
    }
}
