import CSDL2
import Foundation
import LayerKit

/// Reading PNG and JPEG files into LayerKit images: PNG through Cairo (`ImageLoader+PNG`),
/// the rest through SDL2_image.
public enum ImageLoader {
    /// The image in the file at `path` (PNG or JPEG), premultiplied. A missing, unreadable or
    /// damaged file is an error naming the file.
    public static func load(path: String) throws(ImageError) -> Image {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .fileNotFound(path: path)
        }
        return isPNG(path) ? try loadPNG(path: path) : try loadThroughSDL(path: path)
    }

    /// The image in the file at `path`, as SDL_image reads it.
    static func loadThroughSDL(path: String) throws(ImageError) -> Image {
        guard let loaded = IMG_Load(path) else {
            throw .unreadable(path: path, reason: sdlMessage(or: "not a PNG or JPEG image"))
        }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue), 0) else {
            throw .unreadable(path: path, reason: sdlMessage(or: "cannot convert its pixels"))
        }
        defer { SDL_FreeSurface(rgba) }
        let width = Int(rgba.pointee.w), height = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        guard width > 0, height > 0, width <= 16384, height <= 16384, let source = rgba.pointee.pixels else {
            throw .unreadable(path: path, reason: "image size \(width)×\(height) is out of range")
        }
        if SDL_MUSTLOCK(rgba) { SDL_LockSurface(rgba) }
        defer { if SDL_MUSTLOCK(rgba) { SDL_UnlockSurface(rgba) } }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let src = source.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            let row = src + y * pitch
            for x in 0..<width {
                let a = UInt32(row[4 * x + 3])
                let o = (y * width + x) * 4
                bytes[o] = UInt8((UInt32(row[4 * x]) * a + 127) / 255)
                bytes[o + 1] = UInt8((UInt32(row[4 * x + 1]) * a + 127) / 255)
                bytes[o + 2] = UInt8((UInt32(row[4 * x + 2]) * a + 127) / 255)
                bytes[o + 3] = UInt8(a)
            }
        }
        guard let image = Image(width: width, height: height, premultipliedRGBA: bytes,
                                label: (path as NSString).lastPathComponent) else {
            throw .unreadable(path: path, reason: "image size \(width)×\(height) is out of range")
        }
        return image
    }

    private static func sdlMessage(or fallback: String) -> String {
        guard let message = SDL_GetError() else { return fallback }
        let text = String(cString: message)
        return text.isEmpty ? fallback : text
    }
}

/// SDL_MUSTLOCK is a macro Swift does not import.
private func SDL_MUSTLOCK(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
    (surface.pointee.flags & UInt32(SDL_RLEACCEL)) != 0
}
