import CPangoCairo
import LayerKit

/// A Cairo image surface to draw content into, and its pixels as a texture or an image afterwards.
/// Cairo's ARGB32 is premultiplied, one native-endian word a pixel (bytes B, G, R, A here);
/// Render's textures keep bytes R, G, B, A, so the red and blue bytes swap on the way out.
public final class CairoCanvas {
    public let width: Int
    public let height: Int
    let surface: OpaquePointer
    public let context: OpaquePointer

    /// A transparent canvas, or nil when the size is empty, too large or Cairo fails.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= CairoCanvas.maxSide, height <= CairoCanvas.maxSide,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.context = context
    }

    /// The largest side a canvas may have.
    public static let maxSide = 4096

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Sets the source to a straight-alpha colour.
    func setColor(_ c: Color, alpha: Double = 1) {
        cairo_set_source_rgba(context, c.r, c.g, c.b, c.a * alpha)
    }

    /// Adds `path`'s elements to Cairo's current path, moved by (dx, dy).
    func addPath(_ path: Path, dx: Double = 0, dy: Double = 0) {
        var current: Point?
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(context, p.x + dx, p.y + dy)
                current = p
            case .line(let p):
                cairo_line_to(context, p.x + dx, p.y + dy)
                current = p
            case let .quadCurve(p, c):
                let s = current ?? c
                // A quadratic as the cubic with control points two thirds of the way to c.
                cairo_curve_to(context,
                               s.x + 2 / 3 * (c.x - s.x) + dx, s.y + 2 / 3 * (c.y - s.y) + dy,
                               p.x + 2 / 3 * (c.x - p.x) + dx, p.y + 2 / 3 * (c.y - p.y) + dy,
                               p.x + dx, p.y + dy)
                current = p
            case let .curve(p, c1, c2):
                cairo_curve_to(context, c1.x + dx, c1.y + dy, c2.x + dx, c2.y + dy, p.x + dx, p.y + dy)
                current = p
            case .close:
                cairo_close_path(context)
            }
        }
    }

    /// The premultiplied pixels in Render's byte order (R, G, B, A).
    public func pixels() -> [UInt32] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            return [UInt32](repeating: 0, count: width * height)
        }
        var out = [UInt32](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                for x in 0..<width {
                    let p = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    buffer[y * width + x] = (p & 0xFF00_FF00) | ((p >> 16) & 0xFF) | ((p & 0xFF) << 16)
                }
            }
        }
        return out
    }

    /// The canvas as a texture.
    func texture(label: String) -> RenderTexture {
        RenderTexture(width: width, height: height, pixels: pixels(), label: label)
    }

    /// The canvas as a LayerKit image (`shape`: what it draws, when that is known as shapes).
    func image(label: String, shape: ImageShape? = nil) -> Image? {
        let words = pixels()
        var bytes = [UInt8](repeating: 0, count: words.count * 4)
        for (i, p) in words.enumerated() {
            bytes[4 * i] = UInt8(p & 0xFF)
            bytes[4 * i + 1] = UInt8((p >> 8) & 0xFF)
            bytes[4 * i + 2] = UInt8((p >> 16) & 0xFF)
            bytes[4 * i + 3] = UInt8(p >> 24)
        }
        return Image(width: width, height: height, premultipliedRGBA: bytes, label: label, shape: shape)
    }
}

