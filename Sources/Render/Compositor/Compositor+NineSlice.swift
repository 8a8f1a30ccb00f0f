import LayerKit

/// A contents image drawn through `contentsCenter` (nine-slice scaling): the part of the image
/// outside the centre rectangle keeps its size in points — the corners wholly, the edges across
/// their width — and the centre stretches both ways to fill the rest of the area contentsGravity
/// gives the image. When the area is smaller than the corners, they shrink together to fit.
extension Compositor {
    /// Draws `uv` of `texture` over `rect` (layer coordinates), sliced by `center` (in unit
    /// coordinates of the part `uv` shows; the unit square draws the image in one piece), the
    /// image having `scale` pixels a point (`contentsScale`).
    func drawContentsImage(_ texture: RenderTexture, rect: Rect, uv: UVRect, center: Rect, scale: Double,
                           color: VertexColor, filters: ContentsFilters, map: ProjectiveMap, clip: ClipPolygon?) {
        let c = center.standardized
        guard c != Rect(x: 0, y: 0, width: 1, height: 1), c.minX.isFinite, c.minY.isFinite, c.maxX.isFinite,
              c.maxY.isFinite else {
            emitQuad(rect, uv: uv, texture: texture, color: color, blend: .normal, map: map, clip: clip, filters: filters)
            return
        }
        let cx0 = min(max(c.minX, 0), 1), cx1 = min(max(c.maxX, cx0), 1)
        let cy0 = min(max(c.minY, 0), 1), cy1 = min(max(c.maxY, cy0), 1)
        // Texture coordinates of the slices' edges.
        let us = [uv.u0, uv.u0 + (uv.u1 - uv.u0) * cx0, uv.u0 + (uv.u1 - uv.u0) * cx1, uv.u1]
        let vs = [uv.v0, uv.v0 + (uv.v1 - uv.v0) * cy0, uv.v0 + (uv.v1 - uv.v0) * cy1, uv.v1]
        let xs = Compositor.sliceEdges(rect.minX, rect.width, before: (us[1] - us[0]) * Double(texture.width) / scale,
                                       after: (us[3] - us[2]) * Double(texture.width) / scale)
        let ys = Compositor.sliceEdges(rect.minY, rect.height, before: (vs[1] - vs[0]) * Double(texture.height) / scale,
                                       after: (vs[3] - vs[2]) * Double(texture.height) / scale)
        for j in 0..<3 {
            for i in 0..<3 {
                let piece = Rect(x: xs[i], y: ys[j], width: xs[i + 1] - xs[i], height: ys[j + 1] - ys[j])
                guard piece.width > 0, piece.height > 0 else { continue }
                emitQuad(piece, uv: UVRect(u0: us[i], v0: vs[j], u1: us[i + 1], v1: vs[j + 1]), texture: texture,
                         color: color, blend: .normal, map: map, clip: clip, filters: filters)
            }
        }
    }

    /// The four edges along one axis of the slices of a span from `start`, `length` long, whose
    /// first and last slices are `before` and `after` points (shrunk together when they do not fit).
    static func sliceEdges(_ start: Double, _ length: Double, before: Double, after: Double) -> [Double] {
        let fixed = before + after
        let shrink = fixed > length && fixed > 0 ? length / fixed : 1
        let a = before * shrink, b = after * shrink
        return [start, start + a, start + length - b, start + length]
    }
}
