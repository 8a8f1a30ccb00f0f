/// One property as the registry lays it out: its declaration plus where its value lives.
public struct PropertySpec: Sendable {
    public let id: PropertyID
    /// The script-visible name (`"opacity"`).
    public let name: String
    public let kind: ValueKind
    /// Core Animation's default.
    public let defaultValue: AnimationValue
    /// The kind of layer that has it (`.layer` means every kind).
    public let owner: LayerKind
    public let isAnimatable: Bool
    /// Offset of the first `Double` of the value in a layer's storage (array kinds keep 0 here
    /// and live in side storage).
    public let offset: Int
    /// How many `Double`s the value takes (0 for array kinds).
    public let width: Int
    /// The bit a layer's animated-properties mask uses for it (0 when not animatable).
    public let bit: UInt64
}

/// The table of every layer property, built once from `PropertyID`'s declarations.
public enum PropertyRegistry {
    /// All properties, indexed by `PropertyID.rawValue`.
    public static let specs: [PropertySpec] = build()

    /// Doubles in one slot (model or presentation) per kind, a whole number of cache lines so
    /// that the presentation slot starts on a line as the model slot does; indexed by `LayerKind.index`.
    static let slotSizes: [Int] = LayerKind.allCases.map { kind in
        let used = specs.filter { kind.has($0.owner) }.map { $0.offset + $0.width }.max() ?? 0
        return (used + 7) / 8 * 8
    }

    /// Default storage contents per kind of layer, indexed like `slotSizes`.
    static let defaultSlots: [[Double]] = LayerKind.allCases.enumerated().map { index, kind in
        var slot = [Double](repeating: 0, count: slotSizes[index])
        slot.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress {
                for spec in specs where kind.has(spec.owner) && spec.width > 0 {
                    FlatValues.store(spec.defaultValue, spec, base)
                }
            }
        }
        return slot
    }

    private static let byName: [String: [PropertyID]] = {
        var table: [String: [PropertyID]] = [:]
        for spec in specs { table[spec.name, default: []].append(spec.id) }
        return table
    }()

    /// The spec of a property.
    @inline(__always) public static func spec(_ id: PropertyID) -> PropertySpec {
        specs[id.rawValue]
    }

    /// Where each property lives, as plain values (copying one costs no reference counting):
    /// what the hot paths of reading and setting a property use instead of `spec(_:)`. A binding
    /// may keep them in its own tables (`place(_:)`), to read and set numbers with no lookup.
    public struct Place: Sendable {
        let offset: Int
        let width: Int
        let owner: LayerKind
        /// Whether the property holds one number.
        public let isNumber: Bool
        let isAnimatable: Bool
        let bit: UInt64
        /// Whether some values are refused (setting it must go through `setValue`).
        let isLimited: Bool
    }

    /// Where `id` lives.
    public static func place(_ id: PropertyID) -> Place {
        places[id.rawValue]
    }

    /// Whether a property holds a number (a cheap check, without copying its spec).
    @inline(__always) public static func isNumber(_ id: PropertyID) -> Bool {
        places[id.rawValue].isNumber
    }

    static let places: [Place] = specs.map { spec in
        Place(offset: spec.offset, width: spec.width, owner: spec.owner, isNumber: spec.kind == .number,
             isAnimatable: spec.isAnimatable, bit: spec.bit, isLimited: spec.id.isLimited)
    }

    /// The property called `name` on a layer of `kind`, if it has one.
    public static func property(named name: String, on kind: LayerKind) -> PropertySpec? {
        guard let ids = byName[name] else { return nil }
        for id in ids where kind.has(specs[id.rawValue].owner) { return specs[id.rawValue] }
        return nil
    }

    /// Every property name a layer of `kind` has, sorted.
    public static func names(on kind: LayerKind) -> [String] {
        specs.filter { kind.has($0.owner) }.map(\.name).sorted()
    }

    static func slotSize(_ kind: LayerKind) -> Int {
        slotSizes[kind.index]
    }

    /// Layer properties stored ahead of the others, in this order.
    private static let framePropertiesFirst: [PropertyID] = [.transform, .opacity, .beginTime, .speed, .timeOffset]

    private static func build() -> [PropertySpec] {
        var baseEnd = 0
        var kindEnd: [LayerKind: Int] = [:]
        var nextBit = 0
        var result: [PropertySpec] = []
        let declarations = PropertyID.allCases.map { ($0, $0.declaration) }
        // Layer's own properties come first so they sit at the same offsets in every kind; of
        // those, what an animated layer's frame writes comes first, so that it shares cache
        // lines: its transform, then its opacity and the timing that a layer with timing of its
        // own passes down. First in the slot, the transform starts on a cache line (the slot
        // starts on one), so that its sixteen numbers are stored as whole lines, with no store
        // split across two.
        var layerOffsets: [PropertyID: Int] = [:]
        let layerOwned = declarations.filter { $0.1.owner == .layer }.map(\.0)
        for id in framePropertiesFirst + layerOwned.filter({ !framePropertiesFirst.contains($0) }) {
            layerOffsets[id] = baseEnd
            baseEnd += width(of: id.declaration.kind)
        }
        for (id, d) in declarations {
            let w = width(of: d.kind)
            let offset: Int
            if d.owner == .layer {
                offset = layerOffsets[id] ?? 0
            } else {
                offset = kindEnd[d.owner, default: baseEnd]
                kindEnd[d.owner] = offset + w
            }
            var bit: UInt64 = 0
            if d.isAnimatable {
                bit = nextBit < 64 ? UInt64(1) << UInt64(nextBit) : 0
                nextBit += 1
            }
            result.append(PropertySpec(id: id, name: d.name, kind: d.kind, defaultValue: d.defaultValue,
                                       owner: d.owner, isAnimatable: d.isAnimatable,
                                       offset: w == 0 ? 0 : offset, width: w, bit: bit))
        }
        return result
    }

    static func width(of kind: ValueKind) -> Int {
        switch kind {
        case .number, .bool, .choice: return 1
        case .point, .size: return 2
        case .rect, .color: return 4
        case .transform: return 16
        case .numbers, .colors, .path: return 0
        }
    }
}
