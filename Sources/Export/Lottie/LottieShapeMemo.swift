import LayerKit

/// The Lottie shapes of generated images (``ImageShape``), made once for each image, place and
/// tint. A snowflake is some fifty lines, and a scene shows the same image over the same rect in
/// many layers on every frame; made again each time, the lines cost an export more than the
/// rest of its sampling. Answers for the same key share their arrays, so a track compares an
/// unchanged frame's paths with the last at once.
final class LottieShapeMemo {
    typealias Parts = [(paths: [LottieBezier], style: LottieShapeStyle)]

    private struct Key: Hashable {
        let image: ObjectIdentifier
        let x, y, width, height, red, green, blue: Double
    }

    /// Enough for every image, place and tint of a frame of particles several times over.
    private static let capacity = 4096
    /// Each entry keeps its image, so that the identifier in its key is not reused meanwhile.
    private var entries: [Key: (image: Image, parts: Parts)] = [:]

    /// What `shape`, the shape of `image`, draws over `rect` tinted by `tint`.
    func parts(of image: Image, _ shape: ImageShape, over rect: Rect, tint: (r: Double, g: Double, b: Double)) -> Parts {
        let key = Key(image: ObjectIdentifier(image), x: rect.minX, y: rect.minY, width: rect.width, height: rect.height,
                      red: tint.r, green: tint.g, blue: tint.b)
        if let entry = entries[key] { return entry.parts }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        let parts = shape.lottie(over: rect, width: image.width, height: image.height, tint: tint)
        entries[key] = (image, parts)
        return parts
    }
}
