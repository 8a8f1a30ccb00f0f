/// A gaussian blur of premultiplied RGBA pixels, as three box blurs in each direction whose
/// variances add up to the gaussian's (the central limit makes three boxes very nearly a
/// gaussian). Each box is a running sum, so the cost does not grow with the radius; the four
/// channels of a pixel are summed at once in one 64-bit word (16 bits a channel, as the
/// software rasterizer widens them). Outside the image is transparent.
enum GaussianBlur {
    /// The widest box the 16-bit sums allow (255 × 257 < 65536).
    static let maxBox = 257

    /// Half-widths of three boxes whose variances sum to `sigma`² (a box of width w has
    /// variance (w² − 1) / 12): some of the odd width below the ideal, the rest two wider.
    static func boxRadii(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal)
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4))
            .rounded()
        return (0..<3).map { i in (Double(i) < m ? lower : upper) / 2 }
    }

    /// Blurs `width` × `height` pixels by a gaussian of standard deviation `sigma` pixels
    /// (at most `maxBox` / 2 pixels a box: the caller scales larger blurs down).
    static func blur(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        guard sigma >= 0.25, width > 0, height > 0, pixels.count == width * height else { return }
        let radii = boxRadii(sigma: sigma).map { min($0, maxBox / 2) }
        var a = pixels.map(SoftwareRasterizer.widen)
        var b = [UInt64](repeating: 0, count: width * height)
        var line = [UInt64](repeating: 0, count: width)
        var sums = [UInt64](repeating: 0, count: width)
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                line.withUnsafeMutableBufferPointer { line in
                    guard let a = a.baseAddress, let b = b.baseAddress, let line = line.baseAddress else { return }
                    for y in 0..<height {
                        for r in radii { boxRow(a + y * width, count: width, radius: r, scratch: line) }
                    }
                    sums.withUnsafeMutableBufferPointer { sums in
                        guard let sums = sums.baseAddress else { return }
                        boxColumns(from: a, to: b, width: width, height: height, radius: radii[0], sums: sums)
                        boxColumns(from: b, to: a, width: width, height: height, radius: radii[1], sums: sums)
                        boxColumns(from: a, to: b, width: width, height: height, radius: radii[2], sums: sums)
                    }
                }
            }
        }
        pixels = b.map(SoftwareRasterizer.pack)
    }

    /// 65536 / the box's width, rounded down (so that no average exceeds 255).
    @inline(__always) static func reciprocal(_ radius: Int) -> UInt64 {
        UInt64(65536 / (2 * radius + 1))
    }

    /// A widened sum of pixels times `inverse` / 65536, rounded: their average.
    @inline(__always) static func average(_ sum: UInt64, _ inverse: UInt64) -> UInt64 {
        let lanes: UInt64 = 0x0000_FFFF_0000_FFFF, half: UInt64 = 0x0000_8000_0000_8000
        let redBlue = (((sum & lanes) &* inverse &+ half) >> 16) & lanes
        let greenAlpha = ((((sum >> 16) & lanes) &* inverse &+ half) >> 16) & lanes
        return redBlue | (greenAlpha << 16)
    }

    /// One box pass along a row, in place.
    static func boxRow(_ row: UnsafeMutablePointer<UInt64>, count: Int, radius: Int,
                       scratch: UnsafeMutablePointer<UInt64>) {
        guard radius > 0 else { return }
        scratch.update(from: row, count: count)
        let inverse = reciprocal(radius)
        var sum: UInt64 = 0
        for i in 0..<min(radius, count) { sum &+= scratch[i] }
        for x in 0..<count {
            if x + radius < count { sum &+= scratch[x + radius] }
            row[x] = average(sum, inverse)
            if x >= radius { sum &-= scratch[x - radius] }
        }
    }

    /// One box pass down every column, row by row (each row read and written whole).
    static func boxColumns(from source: UnsafeMutablePointer<UInt64>, to target: UnsafeMutablePointer<UInt64>,
                           width: Int, height: Int, radius: Int, sums: UnsafeMutablePointer<UInt64>) {
        guard radius > 0 else {
            target.update(from: source, count: width * height)
            return
        }
        let inverse = reciprocal(radius)
        sums.update(repeating: 0, count: width)
        for y in 0..<min(radius, height) {
            let row = source + y * width
            for x in 0..<width { sums[x] &+= row[x] }
        }
        for y in 0..<height {
            if y + radius < height {
                let row = source + (y + radius) * width
                for x in 0..<width { sums[x] &+= row[x] }
            }
            let out = target + y * width
            for x in 0..<width { out[x] = average(sums[x], inverse) }
            if y >= radius {
                let row = source + (y - radius) * width
                for x in 0..<width { sums[x] &-= row[x] }
            }
        }
    }
}
