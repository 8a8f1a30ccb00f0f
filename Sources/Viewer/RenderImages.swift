import LayerKit
import LuaHost
import Render

/// Render's image makers, as the `ca.Image` functions of a script host need them, and its text
/// measurer.
public final class RenderImages: ImageProvider {
    public let textMeasurer: TextMeasuring? = PangoTextMeasurer()

    public init() {}

    public func loadImage(atPath path: String) throws -> Image {
        try ImageLoader.load(path: path)
    }

    public func circle(radius: Double, softness: Double, color: Color) -> Image? {
        try? Image.circle(radius: radius, softness: softness, color: color)
    }

    public func rect(width: Double, height: Double, cornerRadius: Double, color: Color) -> Image? {
        try? Image.rect(width: width, height: height, cornerRadius: cornerRadius, color: color)
    }

    public func snowflake(size: Double, arms: Int, seed: UInt64, color: Color) -> Image? {
        try? Image.snowflake(size: Int(size.rounded()), arms: arms, seed: seed, color: color)
    }
}
