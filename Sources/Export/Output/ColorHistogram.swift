/// The distinct colours of some pixels and how many pixels have each, in ascending order of
/// their pixel words: the same order every run, which libimagequant's palettes depend on (a
/// dictionary's order changes from run to run).
struct ColorHistogram {
    /// The colours, opaque pixel words (red in the low byte), ascending.
    private(set) var colors: [UInt32] = []
    /// How many pixels have each colour.
    private(set) var counts: [Int] = []

    /// The histogram of `pixels`, which it sorts; words equal to 0 (pixels not to be drawn)
    /// are left out.
    init(sorting pixels: [UInt32]) {
        var pixels = pixels
        pixels.sort()
        for pixel in pixels where pixel != 0 {
            if colors.last == pixel {
                counts[counts.count - 1] += 1
            } else {
                colors.append(pixel)
                counts.append(1)
            }
        }
    }

    /// How many pixels were counted.
    var total: Int { counts.reduce(0, +) }

    var isEmpty: Bool { colors.isEmpty }
}
