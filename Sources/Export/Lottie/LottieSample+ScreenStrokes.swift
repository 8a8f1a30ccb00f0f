import LayerKit
import Render

/// Strokes of outlines projected onto the screen. A Lottie stroke has one width however its
/// path is placed, so once outlines are put on the screen point by point (under perspective or
/// shear) their widths must be too: each is scaled by how much the map enlarges an area around
/// the outlines' middle (the square root of its Jacobian's determinant there).
extension LottieSample {
    mutating func scaleStrokesToTheScreen() {
        guard case .shape(var style) = paint, style.stroke != nil || !style.glows.isEmpty else { return }
        let k = screenScale
        func scaled(_ s: LottieShapeStyle.Stroke) -> LottieShapeStyle.Stroke {
            var s = s
            s.width *= k
            s.dashes = s.dashes.map { $0 * k }
            s.dashPhase *= k
            return s
        }
        style.stroke = style.stroke.map(scaled)
        style.glows = style.glows.map(scaled)
        paint = .shape(style)
    }

    /// Screen pixels per unit of length near the middle of the outlines.
    var screenScale: Double {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for path in paths {
            for v in path.vertices {
                minX = min(minX, v.x); maxX = max(maxX, v.x); minY = min(minY, v.y); maxY = max(maxY, v.y)
            }
        }
        guard minX.isFinite, minY.isFinite else { return 1 }
        return map.linearScale(at: Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2))
    }
}
