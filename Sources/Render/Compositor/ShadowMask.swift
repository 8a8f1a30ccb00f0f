import LayerKit

/// What a layer with sublayers casts its shadow from: its own drawing and its sublayers', as a
/// draw list in the layer's bounds coordinates, and the region of those coordinates the mask
/// covers. As a shadow-cache key it compares only what decides where and how opaque the subtree
/// is (positions, texture coordinates, vertex alpha, textures, blend modes): a sublayer that
/// changes colour keeps the shadow; one that moves, turns, fades or changes content remakes it.
struct ShadowMask: Equatable {
    /// The subtree's triangles.
    let list: DrawList
    /// The part of the layer's bounds coordinates the mask covers (whole points at its origin).
    let region: Rect
    /// Mask texels a point (below 1 only for subtrees larger than `maxSide` points).
    let scale: Double
    /// The mask's size in texels.
    let width: Int, height: Int

    /// Most texels on a side of a mask.
    static let maxSide = 2048

    /// The mask of `list`, covering what of it lies inside `limit`; nil when nothing does.
    init?(list: DrawList, limit: Rect) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for v in list.vertices where v.x.isFinite && v.y.isFinite {
            minX = min(minX, Double(v.x)); maxX = max(maxX, Double(v.x))
            minY = min(minY, Double(v.y)); maxY = max(maxY, Double(v.y))
        }
        minX = max(minX, limit.minX).rounded(.down); minY = max(minY, limit.minY).rounded(.down)
        maxX = min(maxX, limit.maxX).rounded(.up); maxY = min(maxY, limit.maxY).rounded(.up)
        guard minX < maxX, minY < maxY else { return nil }
        let scale = min(1, Double(ShadowMask.maxSide) / max(maxX - minX, maxY - minY))
        width = max(1, Int(((maxX - minX) * scale).rounded(.up)))
        height = max(1, Int(((maxY - minY) * scale).rounded(.up)))
        region = Rect(x: minX, y: minY, width: Double(width) / scale, height: Double(height) / scale)
        self.scale = scale
        self.list = list
    }

    /// The mask drawn with `backend` and blurred by `blur` points: a white texture whose alpha is
    /// the subtree's, larger than `region` by `ShadowMaker.padding(blur × scale)` texels a side.
    func render(blur: Double, backend: HeadlessBackend) -> RenderTexture? {
        var local = list
        let x0 = region.minX, y0 = region.minY
        for i in local.vertices.indices {
            local.vertices[i].x = Float((Double(local.vertices[i].x) - x0) * scale)
            local.vertices[i].y = Float((Double(local.vertices[i].y) - y0) * scale)
        }
        let frame = FrameBuffer(width: width, height: height)
        backend.draw(local, into: frame, background: Color(r: 0, g: 0, b: 0, a: 0))
        return ShadowMaker.shadow(width: width, height: height, pixels: frame.pixels, radius: blur * scale)
    }

    static func == (a: ShadowMask, b: ShadowMask) -> Bool {
        a.region == b.region && a.scale == b.scale && a.list.drawsTheSame(as: b.list, colors: false)
    }
}
