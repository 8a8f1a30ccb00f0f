import LayerKit
import Render

/// The Lottie shapes of generated images (``ImageShape``), made once for each image, place and
/// mipmap level, and tinted once for each tint. A snowflake is some fifty lines, and a scene shows the same image
/// over the same rect in many layers on every frame; made again each time, the lines cost an
/// export more than the rest of its sampling. Answers for the same key share their path arrays,
/// so a track compares an unchanged frame's paths with the last at once.
final class LottieShapeMemo {
    typealias Parts = [(paths: [LottieBezier], style: LottieShapeStyle)]

    private struct Key: Hashable {
        let image: ObjectIdentifier
        let x, y, width, height: Double
        let level: Int
        let red, green, blue: Double
    }

    /// Enough for every image, place and level of a frame of particles several times over.
    private static let capacity = 4096
    /// Each entry keeps its image, so that the identifier in its key is not reused meanwhile.
    private var entries: [Key: (image: Image, parts: Parts)] = [:]

    /// What `shape`, the shape of `image`, draws over `rect` tinted by `tint`, when `map` puts
    /// `rect`'s coordinates on the screen.
    func parts(of image: Image, _ shape: ImageShape, over rect: Rect, map: ProjectiveMap,
               tint: (r: Double, g: Double, b: Double)) -> Parts {
        var level = 0
        switch shape {
        case .rect: break
        case .circle, .strokes:
            // A disc's edge and a line's width depend on the level the compositor reads them through.
            let centre = Point(x: rect.midX, y: rect.midY)
            let scale = map.linearScale(at: centre) * rect.width / Double(image.width)
            level = RenderTexture.mipmapLevel(forScale: scale, width: image.width, height: image.height)
        }
        return parts(of: image, shape, over: rect, level: level, tint: tint)
    }

    /// The shapes for one image, place, level and tint: tinted from the untinted ones, which are
    /// made once for every tint, and kept, so that a frame shows the same answer at no cost.
    private func parts(of image: Image, _ shape: ImageShape, over rect: Rect, level: Int,
                       tint: (r: Double, g: Double, b: Double)) -> Parts {
        let key = Key(image: ObjectIdentifier(image), x: rect.minX, y: rect.minY, width: rect.width, height: rect.height,
                      level: level, red: tint.r, green: tint.g, blue: tint.b)
        if let entry = entries[key] { return entry.parts }
        let parts: Parts
        if tint == (1, 1, 1) {
            parts = shape.lottie(over: rect, width: image.width, height: image.height, level: level)
        } else {
            parts = self.parts(of: image, shape, over: rect, level: level, tint: (1, 1, 1)).map { ($0.paths, $0.style.tinted(tint)) }
        }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = (image, parts)
        return parts
    }
}

extension LottieShapeStyle {
    /// This style with the red, green and blue of every colour it paints multiplied by `tint`.
    func tinted(_ tint: (r: Double, g: Double, b: Double)) -> LottieShapeStyle {
        var style = self
        style.fill = fill?.tinted(tint)
        if let color = stroke?.color { style.stroke?.color = color.tinted(tint) }
        style.glows = glows.map { glow in
            var glow = glow
            glow.color = glow.color.tinted(tint)
            return glow
        }
        if var gradient {
            for k in 0..<gradient.stopCount where 4 * k + 3 < gradient.stops.count {
                gradient.stops[4 * k + 1] *= tint.r
                gradient.stops[4 * k + 2] *= tint.g
                gradient.stops[4 * k + 3] *= tint.b
            }
            style.gradient = gradient
        }
        return style
    }
}
