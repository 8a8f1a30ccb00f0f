import CPangoCairo
import Foundation
import LayerKit

/// PNG files, decoded through Cairo: its libpng handlers keep quiet, where SDL_image's let
/// libpng print "libpng error: …" on standard error for a damaged file (the error itself is
/// reported as usual, naming the file).
extension ImageLoader {
    /// Whether the file at `path` starts with PNG's signature.
    static func isPNG(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return (try? file.read(upToCount: 8)).map(Array.init) == signature
    }

    /// The PNG file at `path`, premultiplied.
    static func loadPNG(path: String) throws(ImageError) -> Image {
        guard let loaded = cairo_image_surface_create_from_png(path) else {
            throw .unreadable(path: path, reason: "not a PNG image Cairo can read")
        }
        defer { cairo_surface_destroy(loaded) }
        guard cairo_surface_status(loaded) == CAIRO_STATUS_SUCCESS else {
            throw .unreadable(path: path, reason: "not a valid PNG image (damaged or cut short)")
        }
        let width = Int(cairo_image_surface_get_width(loaded)), height = Int(cairo_image_surface_get_height(loaded))
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .unreadable(path: path, reason: "image size \(width)×\(height) is out of range")
        }
        let format = cairo_image_surface_get_format(loaded)
        if format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 {
            return try image(of: loaded, opaque: format == CAIRO_FORMAT_RGB24, path: path)
        }
        // Another format (16 bits a channel): drawn onto an 8-bit surface first.
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .unreadable(path: path, reason: "cannot convert its pixels")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw .unreadable(path: path, reason: "cannot convert its pixels")
        }
        cairo_set_source_surface(context, loaded, 0, 0)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_destroy(context)
        return try image(of: surface, opaque: false, path: path)
    }

    /// The pixels of an ARGB32 or RGB24 Cairo surface, in Render's byte order (R, G, B, A).
    private static func image(of surface: OpaquePointer, opaque: Bool, path: String) throws(ImageError) -> Image {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            throw .unreadable(path: path, reason: "cannot read its pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride)
            for x in 0..<width {
                // One native-endian word a pixel: A, R, G, B from the top byte down.
                let p = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                let o = (y * width + x) * 4
                bytes[o] = UInt8((p >> 16) & 0xFF)
                bytes[o + 1] = UInt8((p >> 8) & 0xFF)
                bytes[o + 2] = UInt8(p & 0xFF)
                bytes[o + 3] = opaque ? 255 : UInt8(p >> 24)
            }
        }
        guard let image = Image(width: width, height: height, premultipliedRGBA: bytes,
                                label: (path as NSString).lastPathComponent) else {
            throw .unreadable(path: path, reason: "image size \(width)×\(height) is out of range")
        }
        return image
    }
}
