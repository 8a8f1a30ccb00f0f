/// How each frame of a GIF is made.
///
/// The first frame is stored whole, mapped to a palette libimagequant chooses for it, and that
/// palette (with one transparent entry) becomes the GIF's global colour table.
///
/// A later frame is stored only over the rectangle around the pixels it has to change, and in it
/// only those pixels: the rest are transparent, so what the GIF shows there stays exactly as it
/// was. A pixel is changed when its colour differs from the last frame's and from what the GIF
/// shows there by more than `keepTolerance`. Wherever a frame equals the last one, the GIF does
/// not change; and a pixel whose colour comes back after something passed over it is written
/// again, mapped to the frame's palette like any other, so it does not keep a colour of the thing
/// that passed. Dithering carries error only from changed pixels to changed pixels: every pixel
/// left out keeps what it shows, so neither the colours nor the dither pattern around a changed
/// part move.
///
/// The frame is mapped to the global colour table when that holds its changed pixels' colours
/// closely (`globalPaletteTolerance`); otherwise it gets a palette of its own, chosen by
/// libimagequant from those pixels, of at most `laterFrameColors` entries unless it changes much
/// of the picture. A changed pixel is left transparent where what the GIF shows is as close as
/// the palette gets (`PaletteMapper`).
extension GIFEncoder {
    /// A later frame keeps what the GIF shows at a pixel that changed by at most this much in
    /// each channel (of 255) from what is shown: such changes (the faint edges of a shape moved
    /// by a fraction of a pixel) cannot be seen, and leaving them out makes frames much smaller.
    static let keepTolerance = 1
    /// The mean squared error per channel (of 255) of the changed pixels mapped, undithered, to
    /// the global colour table, up to which a later frame uses that table instead of its own.
    static let globalPaletteTolerance = 1.0
    /// The most colours (the transparent entry included) of a later frame's own palette, unless
    /// the frame changes a quarter of the picture or more (then 256). A frame after the first
    /// usually changes a few moving things, whose colours this many entries hold closely; a
    /// palette of 128 takes half the bytes of one of 256, and shorter codes.
    static let laterFrameColors = 128

    /// The first frame: all of it, on a palette that becomes the global colour table.
    func firstImage(_ pixels: [UInt32]) throws(ImageQuantError) -> GIFFrameImage {
        var mapper = PaletteMapper(colors: try quantizer.palette(for: ColorHistogram(sorting: pixels), maxColors: 255))
        let indices = mapper.map(pixels, width: width, height: height, background: nil, dither: dither)
        shown = indices.map { GIFEncoder.word(mapper.colors[Int($0)]) }
        globalPalette = mapper
        return GIFFrameImage(x: 0, y: 0, width: width, height: height, colors: nil, indices: indices,
                             transparentIndex: nil)
    }

    /// A later frame: what changed since the last one (the first frame when there was none).
    func laterImage(_ pixels: [UInt32]) throws(ImageQuantError) -> GIFFrameImage {
        guard var global = globalPalette else { return try firstImage(pixels) }
        let (mask, found) = changes(pixels)
        guard let box = found else { return .unchanged(transparentIndex: global.transparentIndex) }
        // The pixels to change (0 elsewhere), their colours, and what the GIF shows under them.
        var wanted = [UInt32](repeating: 0, count: box.width * box.height)
        var background = wanted
        var changed: [UInt32] = []
        pixels.withUnsafeBufferPointer { pixels in
            shown.withUnsafeBufferPointer { shown in
                wanted.withUnsafeMutableBufferPointer { wanted in
                    background.withUnsafeMutableBufferPointer { background in
                        for y in 0..<box.height {
                            let row = (box.y + y) * width + box.x
                            for x in 0..<box.width {
                                let i = row + x, o = y * box.width + x
                                background[o] = shown[i]
                                if mask[i] {
                                    wanted[o] = pixels[i]
                                    changed.append(pixels[i])
                                }
                            }
                        }
                    }
                }
            }
        }
        let histogram = ColorHistogram(sorting: changed)
        var image: GIFFrameImage
        var mapper: PaletteMapper
        if fits(histogram, in: global.colors) {
            image = GIFFrameImage(x: box.x, y: box.y, width: box.width, height: box.height, colors: nil,
                                  indices: global.map(wanted, width: box.width, height: box.height,
                                                      background: background, dither: dither),
                                  transparentIndex: global.transparentIndex)
            globalPalette = global
            mapper = global
        } else {
            let most = histogram.total * 4 >= width * height ? 256 : GIFEncoder.laterFrameColors
            mapper = PaletteMapper(colors: try quantizer.palette(for: histogram, maxColors: most - 1))
            image = GIFFrameImage(x: box.x, y: box.y, width: box.width, height: box.height,
                                  colors: mapper.colors + [(0, 0, 0)],
                                  indices: mapper.map(wanted, width: box.width, height: box.height,
                                                      background: background, dither: dither),
                                  transparentIndex: mapper.transparentIndex)
        }
        let words = mapper.colors.map(GIFEncoder.word)
        shown.withUnsafeMutableBufferPointer { shown in
            for y in 0..<box.height {
                let row = (box.y + y) * width + box.x
                for x in 0..<box.width {
                    let index = Int(image.indices[y * box.width + x])
                    if index < words.count { shown[row + x] = words[index] }
                }
            }
        }
        return image.trimmed()
    }

    /// Which pixels of `pixels` are to be written (those whose colour changed since the last
    /// frame, and by more than `keepTolerance` in some channel from what the GIF shows there),
    /// and the smallest rectangle around them (nil when there are none).
    private func changes(_ pixels: [UInt32]) -> (mask: [Bool], box: (x: Int, y: Int, width: Int, height: Int)?) {
        var mask = [Bool](repeating: false, count: pixels.count)
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        let tolerance = UInt32(GIFEncoder.keepTolerance)
        pixels.withUnsafeBufferPointer { new in
            previous.withUnsafeBufferPointer { old in
                shown.withUnsafeBufferPointer { seen in
                    mask.withUnsafeMutableBufferPointer { mask in
                        for y in 0..<height {
                            let row = y * width
                            for x in 0..<width {
                                let i = row + x, color = new[i]
                                guard color != old[i] else { continue }
                                let other = seen[i]
                                var differs = false
                                for shift: UInt32 in [0, 8, 16] {
                                    let a = (color >> shift) & 0xFF, b = (other >> shift) & 0xFF
                                    if (a > b ? a - b : b - a) > tolerance { differs = true }
                                }
                                guard differs else { continue }
                                mask[i] = true
                                x0 = min(x0, x); x1 = max(x1, x + 1); y0 = min(y0, y); y1 = y + 1
                            }
                        }
                    }
                }
            }
        }
        return (mask, x0 < x1 ? (x0, y0, x1 - x0, y1 - y0) : nil)
    }

    /// Whether the colours of `histogram` map to `palette`, each to its nearest entry, within
    /// `globalPaletteTolerance`.
    private func fits(_ histogram: ColorHistogram, in palette: [ImageQuantizer.RGB]) -> Bool {
        let budget = GIFEncoder.globalPaletteTolerance * 3 * Double(histogram.total)
        let search = PaletteSearch(palette)
        var total = 0.0
        for (color, count) in zip(histogram.colors, histogram.counts) {
            total += Double(search.nearest(color).distance) * Double(count)
            if total > budget { return false }
        }
        return true
    }

    /// A palette colour as an opaque pixel word.
    static func word(_ color: ImageQuantizer.RGB) -> UInt32 {
        UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | 0xFF00_0000
    }
}
