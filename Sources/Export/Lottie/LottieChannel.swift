/// Which of a thing's Lottie values a Core Animation key path moves: an animation's segments
/// are tried, and the animation counted exact, only on the values its own key path drives.
struct LottieChannel: OptionSet, Hashable {
    let rawValue: Int

    /// The layer's position, rotation and scale (and outlines put on the screen under 3D).
    static let place = LottieChannel(rawValue: 1 << 0)
    /// Outlines: a shape's path, a background's rounded rectangle, text, clips.
    static let outline = LottieChannel(rawValue: 1 << 1)
    /// The opacity multiplied into fills, strokes and images.
    static let opacity = LottieChannel(rawValue: 1 << 2)
    static let fill = LottieChannel(rawValue: 1 << 3)
    static let stroke = LottieChannel(rawValue: 1 << 4)
    static let lineWidth = LottieChannel(rawValue: 1 << 5)
    static let trim = LottieChannel(rawValue: 1 << 6)
    static let dash = LottieChannel(rawValue: 1 << 7)
    static let gradient = LottieChannel(rawValue: 1 << 8)

    /// The values an animation of `keyPath` moves (none for what is baked whatever it does:
    /// emitters, replicator colours, shadows).
    static func driven(by keyPath: String) -> LottieChannel {
        let property = keyPath.split(separator: ".", maxSplits: 1).first.map(String.init) ?? keyPath
        switch property {
        case "bounds": return [.place, .outline, .gradient]
        case "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "sublayerTransform",
             "instanceTransform", "contentsRect":
            return [.place, .outline]
        case "opacity", "hidden": return .opacity
        case "backgroundColor", "fillColor", "foregroundColor": return [.fill, .opacity]
        case "strokeColor", "borderColor": return [.stroke, .opacity]
        case "borderWidth": return [.lineWidth, .outline]
        case "lineWidth": return .lineWidth
        case "cornerRadius", "path", "fontSize": return .outline
        case "strokeStart", "strokeEnd": return .trim
        case "lineDashPattern", "lineDashPhase": return .dash
        case "colors", "locations", "startPoint", "endPoint": return .gradient
        default: return []
        }
    }
}
