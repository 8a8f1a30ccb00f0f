/// Maps pixels to a palette: each to its nearest entry (by squared distance in RGB, the error
/// PSNR counts), optionally with Floyd–Steinberg dithering, where what a pixel's entry misses
/// of its colour is carried to the pixels after it (7/16 ahead, 3/16, 5/16 and 1/16 on the next
/// row; rows run alternately left and right so that the error does not drift one way).
///
/// As in libimagequant, a pixel takes the carried error only where the picture is flat or a
/// smooth gradient (`smoothness`), which is where banding shows and dithering hides it; across
/// an edge, or in noise, the picture has its own texture and dithering only adds noise (and
/// bytes). And it takes 15/16 of it at most, so that small errors die out.
///
/// Only the pixels asked for are mapped: the others get the transparent entry, and no error is
/// carried into or out of them. With a background (what shows under a transparent pixel), a
/// pixel also gets the transparent entry where the background is at least as close to its
/// colour as the nearest entry.
struct PaletteMapper {
    /// The entries to choose from; `colors.count` is the transparent entry's index.
    let colors: [ImageQuantizer.RGB]
    private let search: PaletteSearch
    /// Colours whose nearest entry was found (`UInt32.max`: none), in buckets by a hash of the
    /// colour, each found entry's index and squared distance beside it. A colour found again
    /// replaces whatever was in its bucket.
    private var cachedColors = [UInt32](repeating: .max, count: PaletteMapper.cacheSize)
    private var cachedEntries = [(index: UInt8, distance: Int32)](repeating: (0, 0), count: PaletteMapper.cacheSize)
    private static let cacheSize = 1 << 12

    /// The share of the carried error a pixel takes at most.
    static let damping: Float = 15 / 16
    /// The second difference (of 255) across a pixel at which it takes no carried error.
    static let edge: Float = 16

    /// A mapper to `colors` (at most 255 are used; none is taken as black).
    init(colors: [ImageQuantizer.RGB]) {
        self.colors = colors.isEmpty ? [(0, 0, 0)] : Array(colors.prefix(255))
        search = PaletteSearch(self.colors)
    }

    /// The transparent entry's index.
    var transparentIndex: Int { colors.count }

    /// One index per pixel of `wanted` (`width` × `height` opaque pixel words, 0 where the
    /// pixel is to stay as it is), over `background` when given.
    mutating func map(_ wanted: [UInt32], width: Int, height: Int, background: [UInt32]?, dither: Bool) -> [UInt8] {
        var indices = [UInt8](repeating: UInt8(transparentIndex), count: width * height)
        guard wanted.count == width * height, background.map({ $0.count == wanted.count }) ?? true else { return indices }
        // The errors carried to this row and the next, three channels a pixel, one pixel of
        // margin each side.
        let rowLength = (width + 2) * 3
        var errors = [Float](repeating: 0, count: rowLength * 2)
        let transparent = UInt8(transparentIndex)
        wanted.withUnsafeBufferPointer { wanted in
            indices.withUnsafeMutableBufferPointer { indices in
                errors.withUnsafeMutableBufferPointer { errors in
                    guard let base = errors.baseAddress else { return }
                    var this = base, next = base + rowLength
                    for y in 0..<height {
                        let leftward = dither && y % 2 == 1
                        for step in 0..<width {
                            let x = leftward ? width - 1 - step : step
                            let o = y * width + x
                            let pixel = wanted[o]
                            guard pixel != 0 else { continue }
                            var r = Float(pixel & 0xFF), g = Float((pixel >> 8) & 0xFF), b = Float((pixel >> 16) & 0xFF)
                            let e = (x + 1) * 3
                            if dither {
                                let weight = PaletteMapper.smoothness(wanted, x, y, width, height) * PaletteMapper.damping
                                if weight > 0 {
                                    r = min(255, max(0, r + this[e] * weight))
                                    g = min(255, max(0, g + this[e + 1] * weight))
                                    b = min(255, max(0, b + this[e + 2] * weight))
                                }
                            }
                            let target = UInt32(r + 0.5) | UInt32(g + 0.5) << 8 | UInt32(b + 0.5) << 16
                            var (index, distance) = nearestEntry(target)
                            var chosen = colors[Int(index)]
                            if let background {
                                let under = background[o]
                                let shown: ImageQuantizer.RGB = (UInt8(under & 0xFF), UInt8((under >> 8) & 0xFF),
                                                                 UInt8((under >> 16) & 0xFF))
                                if ImageQuantizer.distance(target, shown) <= Int(distance) {
                                    index = transparent
                                    distance = 0
                                    chosen = shown
                                }
                            }
                            indices[o] = index
                            guard dither else { continue }
                            let er = r - Float(chosen.r), eg = g - Float(chosen.g), eb = b - Float(chosen.b)
                            let ahead = leftward ? e - 3 : e + 3, behind = leftward ? e + 3 : e - 3
                            this[ahead] += er * 7 / 16; this[ahead + 1] += eg * 7 / 16; this[ahead + 2] += eb * 7 / 16
                            next[behind] += er * 3 / 16; next[behind + 1] += eg * 3 / 16; next[behind + 2] += eb * 3 / 16
                            next[e] += er * 5 / 16; next[e + 1] += eg * 5 / 16; next[e + 2] += eb * 5 / 16
                            next[ahead] += er / 16; next[ahead + 1] += eg / 16; next[ahead + 2] += eb / 16
                        }
                        if dither {
                            swap(&this, &next)
                            next.update(repeating: 0, count: rowLength)
                        }
                    }
                }
            }
        }
        return indices
    }

    /// How much of the carried error pixel (x, y) of `pixels` takes, before damping: 1 where
    /// the picture is flat or a smooth gradient, falling to 0 at an edge. Measured as
    /// libimagequant measures it: the largest second difference of a channel across the pixel,
    /// horizontally or vertically (neighbours not being mapped count as the pixel itself).
    static func smoothness(_ pixels: UnsafeBufferPointer<UInt32>, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Float {
        let o = y * width + x
        let centre = pixels[o]
        func at(_ i: Int) -> UInt32 { pixels[i] == 0 ? centre : pixels[i] }
        let left = x > 0 ? at(o - 1) : centre, right = x + 1 < width ? at(o + 1) : centre
        let up = y > 0 ? at(o - width) : centre, down = y + 1 < height ? at(o + width) : centre
        var contrast: Int32 = 0
        for shift: UInt32 in [0, 8, 16] {
            let c = 2 * Int32((centre >> shift) & 0xFF)
            let across = abs(Int32((left >> shift) & 0xFF) + Int32((right >> shift) & 0xFF) - c)
            let along = abs(Int32((up >> shift) & 0xFF) + Int32((down >> shift) & 0xFF) - c)
            contrast = max(contrast, across, along)
        }
        return max(0, 1 - Float(contrast) / edge)
    }

    /// The entry nearest to `color` and its squared distance.
    private mutating func nearestEntry(_ color: UInt32) -> (index: UInt8, distance: Int32) {
        let bucket = Int((color &* 2_654_435_761) >> 20) & (PaletteMapper.cacheSize - 1)
        if cachedColors[bucket] == color { return cachedEntries[bucket] }
        let (best, bestDistance) = search.nearest(color)
        let found = (UInt8(best), Int32(bestDistance))
        cachedColors[bucket] = color
        cachedEntries[bucket] = found
        return found
    }
}
