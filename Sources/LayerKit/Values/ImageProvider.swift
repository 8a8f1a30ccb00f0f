/// Makes images for `ca.Image`: decoding files and drawing procedural ones; and measures text
/// as it is drawn, for `ca.measureText` and `preferredFrameSize()`. The drawing module provides
/// it (LuaHost knows nothing of SDL or Pango); errors name the file and say what went wrong.
public protocol ImageProvider: AnyObject {
    /// Decodes a PNG or JPEG file.
    func loadImage(atPath path: String) throws -> Image
    /// A filled circle of `radius` points; `softness` 0 is a hard edge, 1 fully blurred.
    func circle(radius: Double, softness: Double, color: Color) -> Image?
    /// A filled rectangle of `width` × `height` points, its corners rounded by `cornerRadius`.
    func rect(width: Double, height: Double, cornerRadius: Double, color: Color) -> Image?
    /// A procedural ice crystal, different for each seed.
    func snowflake(size: Double, arms: Int, seed: UInt64, color: Color) -> Image?
    /// Measures text as text layers are drawn (nil: text cannot be measured here).
    var textMeasurer: TextMeasuring? { get }
}

extension ImageProvider {
    public var textMeasurer: TextMeasuring? { nil }
}
