import CSDL2
import Foundation
import LayerKit
import Render

/// The images an export embeds: each distinct image (and tint, for particles coloured by their
/// cell) once, as a PNG data URL.
final class LottieImageAssets {
    struct Entry {
        let image: Image
        /// Red, green and blue the pixels are multiplied by (particle colours).
        let tint: (r: Double, g: Double, b: Double)
    }

    private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]

    /// The asset number of `image` tinted by `tint` (added the first time).
    func asset(for image: Image, tint: (r: Double, g: Double, b: Double) = (1, 1, 1)) -> Int {
        func q(_ x: Double) -> Int { Int((min(max(x, 0), 1) * 64).rounded()) }
        let key = "\(ObjectIdentifier(image).hashValue):\(q(tint.r)):\(q(tint.g)):\(q(tint.b))"
        if let found = index[key] { return found }
        entries.append(Entry(image: image, tint: (Double(q(tint.r)) / 64, Double(q(tint.g)) / 64, Double(q(tint.b)) / 64)))
        index[key] = entries.count - 1
        return entries.count - 1
    }

    /// The assets as Lottie image assets, ids "image_0", "image_1", ….
    func json() throws(OutputError) -> [LottieJSON] {
        var out: [LottieJSON] = []
        for (n, entry) in entries.enumerated() {
            let png = try LottieImageAssets.png(entry.image, tint: entry.tint)
            out.append(.object([("id", .string("image_\(n)")), ("w", .int(entry.image.width)), ("h", .int(entry.image.height)),
                                ("u", .string("")), ("p", .string("data:image/png;base64," + png.base64EncodedString())),
                                ("e", .int(1))]))
        }
        return out
    }

    /// The image as PNG bytes (straight alpha), tinted, through SDL_image and a staged file.
    static func png(_ image: Image, tint: (r: Double, g: Double, b: Double)) throws(OutputError) -> Data {
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
        let tints = [tint.r, tint.g, tint.b]
        for i in 0..<(image.width * image.height) {
            let a = Double(image.pixels[i * 4 + 3])
            for c in 0..<3 {
                let premultiplied = Double(image.pixels[i * 4 + c]) * tints[c]
                bytes[i * 4 + c] = a > 0 ? UInt8(min(255, (premultiplied * 255 / a).rounded())) : 0
            }
            bytes[i * 4 + 3] = image.pixels[i * 4 + 3]
        }
        let path = NSTemporaryDirectory() + "snowglobe-lottie-\(getpid())-\(UUID().uuidString).png"
        defer { unlink(path) }
        let status: Int32 = bytes.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                raw.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
                UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        guard status == 0, let data = FileManager.default.contents(atPath: path) else {
            throw .cannotWrite(path: path, reason: "cannot encode the image '\(image.label)' as PNG")
        }
        return data
    }
}
