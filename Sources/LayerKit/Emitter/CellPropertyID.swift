/// Every value property of an emitter cell (CAEmitterCell), declared once with Core Animation's
/// default. The declaration drives a cell's storage, the `emitterCells.NAME.PROPERTY` key paths,
/// the Lua binding and its "did you mean" suggestions, as `PropertyID` does for layers.
public enum CellPropertyID: Int, CaseIterable, Sendable {
    case enabled, birthRate, lifetime, lifetimeRange, velocity, velocityRange
    case xAcceleration, yAcceleration, zAcceleration
    case emissionLatitude, emissionLongitude, emissionRange
    case scale, scaleRange, scaleSpeed, spin, spinRange
    case color, redRange, greenRange, blueRange, alphaRange
    case redSpeed, greenSpeed, blueSpeed, alphaSpeed
    case contentsRect

    /// The script-visible name (`"birthRate"`).
    public var name: String { "\(self)" }

    /// Core Animation's default: everything 0 but `scale` (1), `color` (opaque white),
    /// `contentsRect` (the whole image) and `enabled` (true).
    public var defaultValue: AnimationValue {
        switch self {
        case .enabled: return .bool(true)
        case .scale: return .number(1)
        case .color: return .color(.white)
        case .contentsRect: return .rect(Rect(x: 0, y: 0, width: 1, height: 1))
        default: return .number(0)
        }
    }

    /// The kind of value the property holds.
    public var kind: ValueKind { defaultValue.kind }

    /// Whether `emitterCells.NAME.PROPERTY` may animate it (all but `enabled`, as Core Animation
    /// marks them).
    public var isAnimatable: Bool { self != .enabled }

    /// Offset of the property's first `Double` in a cell's storage.
    public var offset: Int { CellPropertyID.layout.offsets[rawValue] }

    /// How many `Double`s the property takes.
    public var width: Int { PropertyRegistry.width(of: kind) }

    /// Doubles in one state (model or presentation) of a cell.
    static var slotSize: Int { layout.size }

    /// The property called `name`, if there is one.
    public init?(name: String) {
        guard let found = CellPropertyID.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    private static let layout: (offsets: [Int], size: Int) = {
        var offsets: [Int] = []
        var next = 0
        for id in CellPropertyID.allCases {
            offsets.append(next)
            next += id.width
        }
        return (offsets, next)
    }()
}
