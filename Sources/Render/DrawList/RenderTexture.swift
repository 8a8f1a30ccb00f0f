import LayerKit

/// A texture a draw list samples: premultiplied RGBA, one `UInt32` a pixel (bytes R, G, B, A in
/// memory), rows top to bottom. Its pixels never change, so backends cache their uploads by
/// identity. Derived forms (the mipmap atlas, widened texels) are made on first use, on the
/// thread that composes or starts drawing; drawing threads only read.
public final class RenderTexture {
    /// Width and height in pixels.
    public let width: Int
    public let height: Int
    /// Where the texture came from, for messages and debugging.
    public let label: String
    /// Whether every pixel is opaque white (solid fills sample it without filtering).
    public let isSolidWhite: Bool
    /// Whether it is made for one frame's size on screen (a layer's offscreen image): drawn
    /// directly, not through a mipmap atlas, unless drawn much smaller.
    let isDrawnAtItsSize: Bool
    /// `width * height` pixels, allocated for the texture's life.
    let base: UnsafeMutablePointer<UInt32>
    private var atlas: MipmapAtlas?
    private var wideTexels: UnsafeMutablePointer<UInt64>?

    /// A texture of `width` × `height` premultiplied pixels (`pixels.count` must match; missing
    /// pixels are transparent).
    init(width: Int, height: Int, pixels: [UInt32], label: String, isSolidWhite: Bool = false,
         isDrawnAtItsSize: Bool = false) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.label = label
        self.isSolidWhite = isSolidWhite
        self.isDrawnAtItsSize = isDrawnAtItsSize
        let count = self.width * self.height
        base = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
        for i in 0..<min(count, pixels.count) { base[i] = pixels[i] }
    }

    /// The texture of a LayerKit image.
    convenience init(image: Image) {
        let count = image.width * image.height
        let pixels = image.pixels.withUnsafeBytes { raw in
            [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count {
                    buffer[i] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                }
                initialized = count
            }
        }
        self.init(width: image.width, height: image.height, pixels: pixels, label: image.label)
    }

    deinit {
        base.deallocate()
        wideTexels?.deallocate()
    }

    /// The pixels with each channel widened to 16 bits (0x00AA_00BB_00GG_00RR), made the first
    /// time they are asked for: the software rasterizer filters all four channels with one
    /// multiply per texel. Valid while the texture lives.
    func wide() -> UnsafePointer<UInt64> {
        if let wideTexels { return UnsafePointer(wideTexels) }
        let count = width * height
        let made = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        for i in 0..<count {
            let p = UInt64(base[i])
            made[i] = (p & 0xFF) | ((p & 0xFF00) << 8) | ((p & 0xFF_0000) << 16) | ((p & 0xFF00_0000) << 24)
        }
        wideTexels = made
        return UnsafePointer(made)
    }

    /// The pixels, valid while the texture lives.
    var pixels: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: base, count: width * height) }

    /// A small opaque white texture: solid colours are it, tinted.
    static func solidWhite() -> RenderTexture {
        RenderTexture(width: 4, height: 4, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 16),
                      label: "white", isSolidWhite: true)
    }

    /// Whether a mipmap atlas has been made (from then on the texture is drawn through it).
    var hasAtlas: Bool { atlas != nil }

    /// The number of the mipmap level worth using when the texture is drawn at `scale` of its
    /// size (level n is 1/2ⁿ the size, down to 1 pixel).
    func levelNumber(forScale scale: Double) -> Int {
        isSolidWhite ? 0 : RenderTexture.mipmapLevel(forScale: scale, width: width, height: height)
    }

    /// The mipmap level the compositor draws an image of `width` × `height` pixels through at
    /// `scale` of its size: public so that an exporter can show what that level's filtering does.
    public static func mipmapLevel(forScale scale: Double, width: Int, height: Int) -> Int {
        guard scale > 0, scale < 0.75, width > 1 || height > 1 else { return 0 }
        var n = 0
        var s = scale
        var w = width, h = height
        while s < 0.75 && (w > 1 || h > 1) && n < 12 {
            s *= 2
            w = max(1, w / 2)
            h = max(1, h / 2)
            n += 1
        }
        return n
    }

    /// Every mipmap level in one texture (made the first time it is asked for), so that draws of
    /// this texture at any size still batch into one run.
    func mipmapAtlas() -> MipmapAtlas {
        if let atlas { return atlas }
        let made = MipmapAtlas(self)
        atlas = made
        return made
    }
}
