/// A Lottie layer's or group's transform: anchor, position (split into x and y, so each has its
/// own easing in every player), rotation in degrees clockwise, scale in percent, opacity 0–100.
public struct LottieTransform: Equatable, Sendable {
    public var anchor = LottieProperty.constant([0, 0], decimals: 2)
    public var x = LottieProperty.constant(0, decimals: 2)
    public var y = LottieProperty.constant(0, decimals: 2)
    public var rotation = LottieProperty.constant(0, decimals: 2)
    public var scale = LottieProperty.constant([100, 100], decimals: 2)
    public var opacity = LottieProperty.constant(100, decimals: 1)

    public init() {}

    var keyframeCount: Int {
        [anchor, x, y, rotation, scale, opacity].reduce(0) { $0 + ($1.isAnimated ? $1.keyframes.count : 0) }
    }

    var json: LottieJSON {
        .object([("a", anchor.json), ("p", .object([("s", .bool(true)), ("x", x.json), ("y", y.json)])),
                 ("s", scale.json), ("r", rotation.json), ("o", opacity.json)])
    }

    /// The transform a shape group ends with (`"ty": "tr"`): identity.
    static var groupJSON: LottieJSON {
        .object([("ty", .string("tr")), ("a", LottieProperty.constant([0, 0], decimals: 0).json),
                 ("p", LottieProperty.constant([0, 0], decimals: 0).json),
                 ("s", LottieProperty.constant([100, 100], decimals: 0).json),
                 ("r", LottieProperty.constant(0, decimals: 0).json), ("o", LottieProperty.constant(100, decimals: 0).json)])
    }
}
