/// One image of a GIF as it is stored: a rectangle of the canvas, its own palette (nil: the
/// global colour table) and its pixels as palette indices, with the entry (if any) that leaves
/// what is under it showing.
struct GIFFrameImage {
    var x: Int, y: Int, width: Int, height: Int
    var colors: [ImageQuantizer.RGB]?
    var indices: [UInt8]
    var transparentIndex: Int?

    /// A frame that changes nothing: one transparent pixel (a GIF image cannot be empty), of
    /// the global colour table (`colors` nil) or of `colors`.
    static func unchanged(transparentIndex: Int, colors: [ImageQuantizer.RGB]? = nil) -> GIFFrameImage {
        GIFFrameImage(x: 0, y: 0, width: 1, height: 1, colors: colors, indices: [UInt8(transparentIndex)],
                      transparentIndex: transparentIndex)
    }

    /// The same image cut down to the rectangle around its pixels that are not transparent.
    func trimmed() -> GIFFrameImage {
        guard let transparentIndex else { return self }
        let clear = UInt8(transparentIndex)
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for row in 0..<height {
            let start = row * width
            guard let first = indices[start..<start + width].firstIndex(where: { $0 != clear }),
                  let last = indices[start..<start + width].lastIndex(where: { $0 != clear }) else { continue }
            x0 = min(x0, first - start); x1 = max(x1, last - start + 1)
            y0 = min(y0, row); y1 = row + 1
        }
        guard x0 < x1 else { return .unchanged(transparentIndex: transparentIndex, colors: colors) }
        if x0 == 0, y0 == 0, x1 == width, y1 == height { return self }
        var cut: [UInt8] = []
        cut.reserveCapacity((x1 - x0) * (y1 - y0))
        for row in y0..<y1 { cut += indices[row * width + x0..<row * width + x1] }
        return GIFFrameImage(x: x + x0, y: y + y0, width: x1 - x0, height: y1 - y0, colors: colors,
                             indices: cut, transparentIndex: transparentIndex)
    }
}
