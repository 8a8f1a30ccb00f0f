import LayerKit

/// Render's image makers, as the `ca.Image` functions of a script host need them, and its text
/// measurer. Images are kept by what they were made from (`ImageMemo`), for every run that
/// shares this provider.
public final class RenderImages: ImageProvider {
    public let textMeasurer: TextMeasuring? = PangoTextMeasurer()
    private let memo = ImageMemo()

    public init() {}

    public func loadImage(atPath path: String) throws -> Image {
        if let recipe = ImageMemo.fileRecipe(path), let image = try memo.image(recipe, make: { try ImageLoader.load(path: path) }) {
            return image
        }
        return try ImageLoader.load(path: path)
    }

    public func circle(radius: Double, softness: Double, color: Color) -> Image? {
        memo.image(.circle(radius: radius, softness: softness, color: color)) {
            try? Image.circle(radius: radius, softness: softness, color: color)
        }
    }

    public func rect(width: Double, height: Double, cornerRadius: Double, color: Color) -> Image? {
        memo.image(.rect(width: width, height: height, cornerRadius: cornerRadius, color: color)) {
            try? Image.rect(width: width, height: height, cornerRadius: cornerRadius, color: color)
        }
    }

    public func snowflake(size: Double, arms: Int, seed: UInt64, color: Color) -> Image? {
        let pixels = Int(size.rounded())
        return memo.image(.snowflake(size: pixels, arms: arms, seed: seed, color: color)) {
            try? Image.snowflake(size: pixels, arms: arms, seed: seed, color: color)
        }
    }
}
