/// A bitmap a layer shows as its contents: RGBA, 8 bits a channel, premultiplied alpha, rows top
/// to bottom. Images are immutable once made, so layers and renderers can share them.
public final class Image: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes.
    public let pixels: [UInt8]
    /// Where the image came from, for messages ("snowflake.png", "circle(radius: 16)").
    public let label: String
    /// What it draws as shapes, when a generator made it of them.
    public let shape: ImageShape?

    /// Creates an image from premultiplied RGBA bytes; returns nil when the byte count does not
    /// match the size.
    public init?(width: Int, height: Int, premultipliedRGBA pixels: [UInt8], label: String = "image",
                 shape: ImageShape? = nil) {
        guard width > 0, height > 0, width <= 16384, height <= 16384, pixels.count == width * height * 4 else {
            return nil
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.label = label
        self.shape = shape
    }
}
