import LayerKit
import Render

/// Layers' shadows as images beneath them, where the shadow is that of the layer's background:
/// a plain layer whose opaque, rounded background holds everything it and its sublayers draw
/// casts the compositor's blurred rounded rectangle, which Lottie shows as an image asset
/// (Lottie 1.0 has no blur). Other shadows (of paths, text, images, a `shadowPath`) have no
/// Lottie form here.
final class LottieShadows {
    /// Shadow images by size, corners and blur, so that each is one asset.
    private var images: [String: (image: Image, padding: Int)] = [:]
    /// How many shadow images an export makes at most (an animated blur would make one a frame).
    private let limit = 16

    /// The sample of `layer`'s shadow beneath what it draws (`drawn`: its own samples, under
    /// `key`, and its sublayers', on the screen), nil when it is no shadow of its background.
    func sample(of layer: Layer, key: String, bounds: Rect, map: ProjectiveMap, opacity: Double, tint: (r: Double, g: Double, b: Double),
                clips: [LottieClip], place: String, drawn: ArraySlice<(key: String, sample: LottieSample)>,
                assets: LottieImageAssets, slot: StateSlot) -> LottieSample? {
        let background = layer.color(.backgroundColor, slot)
        guard layer.kind == .layer, layer.contents(slot) == nil, layer.shadowPath(slot) == nil, background.a >= 0.99,
              !bounds.isEmpty, let inverse = map.affineInverse else { return nil }
        let curve = layer.choice(.cornerCurve, as: CornerCurve.self, slot)
        let radius = max(0, layer.number(.cornerRadius, slot))
        let reach = min(radius * (curve == .continuous ? Compositor.continuousReach : 1), bounds.width / 2,
                        bounds.height / 2)
        let corners = layer.maskedCorners
        // Every point that shapes what is drawn (vertices and handles: a curve keeps inside
        // them) lies inside the background, whose corners are no smaller than circles of the reach.
        func inside(_ screen: Point) -> Bool {
            let p = inverse.apply(screen), e = 0.01
            guard p.x >= bounds.minX - e, p.x <= bounds.maxX + e, p.y >= bounds.minY - e, p.y <= bounds.maxY + e else {
                return false
            }
            guard !corners.isEmpty, reach > 0 else { return true }
            let dx = max(bounds.minX + reach - p.x, 0, p.x - (bounds.maxX - reach))
            let dy = max(bounds.minY + reach - p.y, 0, p.y - (bounds.maxY - reach))
            return dx * dx + dy * dy <= (reach + e) * (reach + e)
        }
        for (itemKey, sample) in drawn where !itemKey.hasPrefix(key + "#") {
            var points: [Point] = []
            switch sample.paint {
            case .image(_, let r):
                points = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
                          Point(x: r.minX, y: r.maxY)]
            case .shape:
                for path in sample.paths {
                    for (k, v) in path.vertices.enumerated() {
                        let i = path.inTangents[k], o = path.outTangents[k]
                        points += [v, Point(x: v.x + i.x, y: v.y + i.y), Point(x: v.x + o.x, y: v.y + o.y)]
                    }
                }
            }
            guard points.allSatisfy({ inside(sample.map.apply($0)) }) else { return nil }
        }
        let blur = max(0, min(layer.number(.shadowRadius, slot), 256))
        let key = "\(bounds.width)x\(bounds.height):\(radius):\(corners.rawValue):\(curve):\(blur)"
        let shadow: (image: Image, padding: Int)
        if let made = images[key] {
            shadow = made
        } else {
            guard images.count < limit,
                  let made = Image.roundedRectShadow(width: bounds.width, height: bounds.height, cornerRadius: radius,
                                                     corners: corners, curve: curve, blur: blur) else { return nil }
            images[key] = made
            shadow = made
        }
        let color = layer.color(.shadowColor, slot), offset = layer.size(.shadowOffset, slot)
        let pad = Double(shadow.padding)
        let rect = Rect(x: bounds.minX - pad + offset.width, y: bounds.minY - pad + offset.height,
                        width: Double(shadow.image.width), height: Double(shadow.image.height))
        let asset = assets.asset(for: shadow.image, tint: (color.r * tint.r, color.g * tint.g, color.b * tint.b))
        let alpha = opacity * min(layer.number(.shadowOpacity, slot), 1) * color.a
        return LottieSample(name: place + " shadow", paths: [], paint: .image(asset: asset, rect: rect), map: map,
                            opacity: alpha, clips: clips)
    }
}
