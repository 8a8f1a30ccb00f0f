/// Which corners a layer's `cornerRadius` rounds (CACornerMask), by Core Animation's names: with
/// y down, as on iOS, minY is the top edge.
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The top-left corner.
    public static let minXMinY = CornerMask(rawValue: 1)
    /// The top-right corner.
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// The bottom-left corner.
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// The bottom-right corner.
    public static let maxXMaxY = CornerMask(rawValue: 8)
    /// Every corner (Core Animation's default).
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// Each corner's name, in Core Animation's order.
    public static let named: [(name: String, corner: CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]

    /// The corner called `name`, if there is one.
    public init?(name: String) {
        guard let found = CornerMask.named.first(where: { $0.name == name }) else { return nil }
        self = found.corner
    }

    /// The names of the corners in the mask, in Core Animation's order.
    public var names: [String] {
        CornerMask.named.filter { contains($0.corner) }.map(\.name)
    }
}
