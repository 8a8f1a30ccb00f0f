import CImageQuant
import Render

/// Chooses palettes through libimagequant (pngquant's library): median cut refined by k-means
/// in a perceptual colour space, from a histogram of the colours to represent. It is given the
/// histogram rather than an image so that a GIF frame's palette is chosen from the pixels that
/// frame changes, however scattered they are. Its palette is then completed and refined for the
/// error PSNR counts (`filled`, `refined`).
final class ImageQuantizer {
    /// A palette entry, straight RGB.
    typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    private let attributes: OpaquePointer

    /// A quantizer at libimagequant's `speed` (1, best and slowest, to 10). Nil when
    /// libimagequant cannot run here (it needs SSE on x86).
    init?(speed: Int32) {
        guard let attributes = liq_attr_create() else { return nil }
        self.attributes = attributes
        liq_set_speed(attributes, speed)
    }

    deinit {
        liq_attr_destroy(attributes)
    }

    /// A palette of at most `maxColors` (2…256) for the colours of `histogram`; all of them
    /// when they are few enough.
    func palette(for histogram: ColorHistogram, maxColors: Int) throws(ImageQuantError) -> [RGB] {
        guard !histogram.isEmpty else { return [(0, 0, 0)] }
        try check(liq_set_max_colors(attributes, Int32(max(2, min(256, maxColors)))))
        // On one thread (OpenMP's setting is the calling thread's): its palettes come from
        // histograms of a few thousand colours, for which OpenMP's threads cost more in spinning
        // than they save, and the palettes are then the same however many cores there are.
        omp_set_num_threads(1)
        guard let liqHistogram = liq_histogram_create(attributes) else { throw ImageQuantError(code: LIQ_OUT_OF_MEMORY) }
        defer { liq_histogram_destroy(liqHistogram) }
        // A pixel of an image weighs 255 in libimagequant's histograms (less where the image is
        // noisy), and its thresholds are set for that: a colour's count weighs the same here.
        let entries = zip(histogram.colors, histogram.counts).map { color, count in
            liq_histogram_entry(color: liq_color(r: UInt8(color & 0xFF), g: UInt8((color >> 8) & 0xFF),
                                                 b: UInt8((color >> 16) & 0xFF), a: 255),
                                count: UInt32(min(count, Int(UInt32.max) / 255) * 255))
        }
        try check(liq_histogram_add_colors(liqHistogram, attributes, entries, Int32(entries.count), 0))
        var quantized: OpaquePointer?
        try check(liq_histogram_quantize(liqHistogram, attributes, &quantized))
        guard let result = quantized else { throw ImageQuantError(code: LIQ_OUT_OF_MEMORY) }
        defer { liq_result_destroy(result) }
        var palette = liq_get_palette(result).pointee
        let chosen: [RGB] = withUnsafeBytes(of: &palette.entries) { raw in
            raw.bindMemory(to: liq_color.self).prefix(Int(palette.count)).map { ($0.r, $0.g, $0.b) }
        }
        let filled = ImageQuantizer.filled(chosen, for: histogram, upTo: maxColors)
        return ImageQuantizer.refined(filled, for: histogram, steps: ImageQuantizer.refinements)
    }

    /// `palette` with entries added, up to `maxColors`, for the colours it serves worst: each
    /// time the colour whose count times its squared distance to the nearest entry is largest.
    /// libimagequant stops adding colours once its own measure of the error is small enough,
    /// which can leave palette entries free while some pixels are still off by a level or two.
    static func filled(_ palette: [RGB], for histogram: ColorHistogram, upTo maxColors: Int) -> [RGB] {
        let colors = histogram.colors, weights = histogram.counts
        guard palette.count < maxColors, colors.count > palette.count else { return palette }
        var palette = palette
        let search = PaletteSearch(palette)
        var nearest = colors.map { search.nearest($0).distance }
        while palette.count < maxColors {
            var worst = -1, worstCost = 0
            for i in colors.indices where nearest[i] * weights[i] > worstCost {
                worst = i
                worstCost = nearest[i] * weights[i]
            }
            guard worst >= 0 else { break }
            let color = colors[worst]
            let added: RGB = (UInt8(color & 0xFF), UInt8((color >> 8) & 0xFF), UInt8((color >> 16) & 0xFF))
            palette.append(added)
            for (i, other) in colors.enumerated() { nearest[i] = min(nearest[i], distance(other, added)) }
        }
        return palette
    }

    /// The squared RGB distance between a pixel word and a palette entry.
    static func distance(_ color: UInt32, _ entry: RGB) -> Int {
        let dr = Int(color & 0xFF) - Int(entry.r), dg = Int((color >> 8) & 0xFF) - Int(entry.g)
        let db = Int((color >> 16) & 0xFF) - Int(entry.b)
        return dr * dr + dg * dg + db * db
    }

    /// Rounds of `refined` after libimagequant's palette.
    static let refinements = 2

    /// `palette` moved, `steps` times, each entry to the mean of the colours nearest to it (by
    /// squared RGB distance, the error PSNR counts), weighted by their counts: each round lowers
    /// the error of mapping the colours to it (Lloyd's k-means step). libimagequant refines its
    /// palettes so when it maps an image itself, but not a palette made from a histogram.
    static func refined(_ palette: [RGB], for histogram: ColorHistogram, steps: Int) -> [RGB] {
        var palette = palette
        for _ in 0..<steps {
            let search = PaletteSearch(palette)
            var sums = [(r: Int, g: Int, b: Int, n: Int)](repeating: (0, 0, 0, 0), count: palette.count)
            for (color, count) in zip(histogram.colors, histogram.counts) {
                let best = search.nearest(color).index
                sums[best].r += Int(color & 0xFF) * count
                sums[best].g += Int((color >> 8) & 0xFF) * count
                sums[best].b += Int((color >> 16) & 0xFF) * count
                sums[best].n += count
            }
            for (i, sum) in sums.enumerated() where sum.n > 0 {
                palette[i] = (UInt8((sum.r + sum.n / 2) / sum.n), UInt8((sum.g + sum.n / 2) / sum.n),
                              UInt8((sum.b + sum.n / 2) / sum.n))
            }
        }
        return palette
    }

    private func check(_ error: liq_error) throws(ImageQuantError) {
        guard error == LIQ_OK else { throw ImageQuantError(code: error) }
    }
}

/// A libimagequant failure: its error code.
struct ImageQuantError: Error, CustomStringConvertible {
    let code: liq_error

    var description: String {
        switch code {
        case LIQ_OUT_OF_MEMORY: return "out of memory choosing the colours"
        default: return "libimagequant error \(code.rawValue) choosing the colours"
        }
    }
}
