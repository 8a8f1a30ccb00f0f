/// A whole Lottie file (specification 1.0): size, frame rate, frames 0 ..< `frameCount`, the
/// embedded image assets and the layers, listed top first as Lottie lists them.
public struct LottieAnimation: Sendable {
    public var name: String
    public var width: Int
    public var height: Int
    public var fps: Double
    public var frameCount: Int
    public var assets: [LottieJSON]
    /// Back to front, as they are drawn (written in reverse).
    public var layers: [LottieLayer]

    /// The file of `layers`, each that ends before `frameCount` closed at its out point (see
    /// ``LottieLayer/closedAtOutPoint(within:)``).
    public init(name: String, width: Int, height: Int, fps: Double, frameCount: Int, assets: [LottieJSON],
                layers: [LottieLayer]) {
        self.name = name
        self.width = width
        self.height = height
        self.fps = fps
        self.frameCount = frameCount
        self.assets = assets
        self.layers = layers.map { $0.closedAtOutPoint(within: frameCount) }
    }

    /// The file's bytes: compact JSON, the same for the same animation.
    public var json: LottieJSON {
        let count = layers.count
        let written = layers.enumerated().reversed().map { n, layer in layer.json(index: count - n) }
        return .object([("v", .string("5.7.0")), ("ver", .int(10000)), ("nm", .string(name)), ("ddd", .int(0)),
                        ("fr", .number(fps, decimals: 3)), ("ip", .int(0)), ("op", .int(frameCount)),
                        ("w", .int(width)), ("h", .int(height)), ("assets", .array(assets)), ("layers", .array(written))])
    }

    /// Keyframes over all layers.
    public var keyframeCount: Int { layers.reduce(0) { $0 + $1.keyframeCount } }
}
