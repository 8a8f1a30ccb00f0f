/// One Lottie layer: a shape layer (groups of paths with fills, strokes and trims), an image
/// layer (an embedded asset) or a solid (the background), on at frames `inPoint` ..< `outPoint`,
/// with masks (the clips of masksToBounds) intersected.
public struct LottieLayer: Sendable {
    public enum Content: Equatable, Sendable {
        case shapes([LottieJSON])
        case image(assetID: String)
        case solid(color: String, width: Int, height: Int)
    }

    public var name: String
    public var content: Content
    public var inPoint: Int
    public var outPoint: Int
    public var transform = LottieTransform()
    /// Outlines and their modes ("a" add, "s" subtract, "i" intersect), in order.
    public var masks: [(path: LottieProperty, mode: String)] = []
    /// Keyframes in the shapes (paths, colours, widths, trims), for the report.
    public var shapeKeyframes = 0
    /// A track matte (`td`): not drawn, its alpha shows the layer just below it.
    public var isMatte = false
    /// Shown through the alpha of the matte just above it (`tt` 1).
    public var hasMatte = false

    public init(name: String, content: Content, inPoint: Int, outPoint: Int) {
        self.name = name
        self.content = content
        self.inPoint = inPoint
        self.outPoint = outPoint
    }

    var keyframeCount: Int {
        transform.keyframeCount + shapeKeyframes + masks.reduce(0) { $0 + ($1.path.isAnimated ? $1.path.keyframes.count : 0) }
    }

    func json(index: Int) -> LottieJSON {
        var members: [(String, LottieJSON)] = [("ddd", .int(0)), ("ind", .int(index))]
        switch content {
        case .shapes: members.append(("ty", .int(4)))
        case .image: members.append(("ty", .int(2)))
        case .solid: members.append(("ty", .int(1)))
        }
        members += [("nm", .string(name)), ("sr", .int(1)), ("ks", transform.json), ("ao", .int(0)),
                    ("ip", .int(inPoint)), ("op", .int(outPoint)), ("st", .int(0)), ("bm", .int(0))]
        if isMatte { members.append(("td", .int(1))) }
        if hasMatte { members.append(("tt", .int(1))) }
        if !masks.isEmpty {
            members.append(("hasMask", .bool(true)))
            members.append(("masksProperties", .array(masks.enumerated().map { n, mask in
                .object([("inv", .bool(false)), ("mode", .string(mask.mode)), ("pt", mask.path.json),
                         ("o", LottieProperty.constant(100, decimals: 0).json), ("x", LottieProperty.constant(0, decimals: 0).json),
                         ("nm", .string("clip \(n + 1)"))])
            })))
        }
        switch content {
        case .shapes(let shapes): members.append(("shapes", .array(shapes)))
        case .image(let id): members.append(("refId", .string(id)))
        case .solid(let color, let width, let height):
            members += [("sc", .string(color)), ("sw", .int(width)), ("sh", .int(height))]
        }
        return .object(members)
    }
}
