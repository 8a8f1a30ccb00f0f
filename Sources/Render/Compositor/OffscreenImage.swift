import LayerKit

/// A layer drawn offscreen: its subtree as a draw list in its bounds coordinates times the
/// scale it is composed at (and its mask's, placed the same way), the filters applied to it, and
/// the grid of texels it is drawn on. As a cache key it compares all of these exactly, so that an
/// image that did not change is not drawn again.
struct OffscreenImage {
    /// The layer and its sublayers, fully opaque and untinted, in bounds coordinates times
    /// `composedScale`.
    let content: DrawList
    /// The mask, in the same coordinates (nil: none).
    let mask: DrawList?
    let filters: [FilterSetting]
    /// Texels a point the lists were composed at.
    let composedScale: Double
    /// Texels a point of the image (below `composedScale` only for an image larger than
    /// `maxSide`), and its grid: texel (0, 0) covers the point (originX, originY) / scale.
    let scale: Double
    let originX: Int, originY: Int, width: Int, height: Int

    /// Most texels on a side; a larger image is drawn at a lower scale.
    static let maxSide = 2048
    /// Most texels a point (a layer scaled up further is drawn at this scale and magnified).
    static let maxScale = 4.0
    /// Most texels of blur (the standard deviation): a larger blur is drawn at a lower scale,
    /// which its softness hides.
    static let maxBlurTexels = 64.0

    /// The scale to compose a layer at, for `wanted` texels a point (its scale on screen) and
    /// filters blurring by up to `blur` points.
    static func composingScale(wanted: Double, blur: Double) -> Double {
        var scale = min(max(wanted.isFinite ? wanted : 1, 1.0 / 64), OffscreenImage.maxScale)
        if blur * scale > OffscreenImage.maxBlurTexels { scale = OffscreenImage.maxBlurTexels / blur }
        return scale
    }

    /// The image of `content` (with `mask` and `filters`), composed at `scale` texels a point,
    /// covering `region` (in the lists' coordinates), shrunk when that is larger than `maxSide`;
    /// nil when the region is empty or not finite.
    init?(content: DrawList, mask: DrawList?, filters: [FilterSetting], region: Rect, composedAt scale: Double) {
        guard !region.isEmpty, region.minX.isFinite, region.minY.isFinite, region.maxX.isFinite,
              region.maxY.isFinite, scale > 0 else { return nil }
        let longest = max(region.width, region.height)
        let shrink = longest > Double(OffscreenImage.maxSide) ? Double(OffscreenImage.maxSide) / longest : 1
        let x0 = (region.minX * shrink).rounded(.down), y0 = (region.minY * shrink).rounded(.down)
        let x1 = (region.maxX * shrink).rounded(.up), y1 = (region.maxY * shrink).rounded(.up)
        guard x1 > x0, y1 > y0, abs(x0) < 1e9, abs(y0) < 1e9 else { return nil }
        originX = Int(x0)
        originY = Int(y0)
        width = min(Int(x1 - x0), OffscreenImage.maxSide)
        height = min(Int(y1 - y0), OffscreenImage.maxSide)
        composedScale = scale
        self.scale = scale * shrink
        self.content = content
        self.mask = mask
        self.filters = filters
    }

    /// Where the image lies in the layer's bounds coordinates.
    var rect: Rect {
        Rect(x: Double(originX) / scale, y: Double(originY) / scale, width: Double(width) / scale,
             height: Double(height) / scale)
    }

    /// Draws the content with `backend`, applies the filters in order, then multiplies by the
    /// mask's alpha: a premultiplied texture the size of the grid.
    func render(backend: HeadlessBackend) -> RenderTexture {
        let clear = Color(r: 0, g: 0, b: 0, a: 0)
        let frame = FrameBuffer(width: width, height: height)
        backend.draw(placed(content), into: frame, background: clear)
        var pixels = frame.pixels
        for filter in filters { filter.apply(&pixels, width: width, height: height, scale: scale) }
        if let mask {
            let coverage = FrameBuffer(width: width, height: height)
            backend.draw(placed(mask), into: coverage, background: clear)
            OffscreenImage.multiply(&pixels, byAlphaOf: coverage.pixels)
        }
        return RenderTexture(width: width, height: height, pixels: pixels, label: "offscreen layer", isDrawnAtItsSize: true)
    }

    /// `list` moved onto the texel grid.
    private func placed(_ list: DrawList) -> DrawList {
        list.placed(scale: scale / composedScale, dx: Double(originX), dy: Double(originY))
    }

    /// Each premultiplied pixel times the alpha of the same pixel of `mask`.
    static func multiply(_ pixels: inout [UInt32], byAlphaOf mask: [UInt32]) {
        for i in 0..<min(pixels.count, mask.count) {
            let k = UInt64(mask[i] >> 24)
            if k == 255 { continue }
            // x × k / 255 in each 16-bit lane, rounded: (t + t / 256) / 256 with t = x × k + 128.
            let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
            let t = SoftwareRasterizer.widen(pixels[i]) &* k &+ 0x0080_0080_0080_0080
            pixels[i] = SoftwareRasterizer.pack(((t &+ ((t >> 8) & lanes)) >> 8) & lanes)
        }
    }

    /// Whether `other` is drawn exactly the same.
    func drawsSame(as other: OffscreenImage) -> Bool {
        guard scale == other.scale, composedScale == other.composedScale, originX == other.originX, originY == other.originY, width == other.width,
              height == other.height, filters == other.filters, content.drawsTheSame(as: other.content) else { return false }
        switch (mask, other.mask) {
        case (nil, nil): return true
        case let (a?, b?): return a.drawsTheSame(as: b)
        default: return false
        }
    }
}
