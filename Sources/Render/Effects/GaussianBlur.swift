/// A gaussian blur of premultiplied RGBA pixels, as three box blurs in each direction whose
/// variances add up to the gaussian's (three boxes make very nearly a gaussian). Each box is a
/// running sum, so the cost does not grow with the radius; the four channels of a pixel are
/// summed at once in one 64-bit word (16 bits a channel, as the software rasterizer widens
/// them). Rows are blurred one at a time, columns a strip at a time turned into rows, so that
/// everything worked on stays in the cache. Outside the image is transparent.
enum GaussianBlur {
    /// The widest box the 16-bit sums allow (255 × 257 < 65536).
    static let maxBox = 257
    /// Columns turned into rows at once.
    static let strip = 16

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
        return (0..<3).map { i in min((Double(i) < m ? lower : upper) / 2, maxBox / 2) }
    }

    /// Blurs `width` × `height` pixels by a gaussian of standard deviation `sigma` pixels. A
    /// blur of 4 pixels or more is made on the pixels shrunk by half (the average of each 2 × 2
    /// square) and enlarged back bilinearly: within four levels of blurring them all, at about
    /// half the cost.
    static func blur(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        guard sigma >= 0.25, width > 0, height > 0, pixels.count == width * height else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            guard sigma >= 4, width >= 8, height >= 8 else {
                let wide = UnsafeMutablePointer<UInt64>.allocate(capacity: width * height)
                defer { wide.deallocate() }
                for i in 0..<(width * height) { wide[i] = SoftwareRasterizer.widen(p[i]) }
                blurWide(wide, width: width, height: height, sigma: sigma)
                for i in 0..<(width * height) { p[i] = SoftwareRasterizer.pack(wide[i]) }
                return
            }
            // Shrinking (a box of 2) and enlarging (a tent of 2) blur a little themselves.
            let small = (max(sigma * sigma - 0.25 - 4.0 / 6, 0.0625)).squareRoot() / 2
            let w = (width + 1) / 2, h = (height + 1) / 2
            let shrunk = UnsafeMutablePointer<UInt64>.allocate(capacity: w * h)
            defer { shrunk.deallocate() }
            shrink(p, width: width, height: height, into: shrunk)
            blurWide(shrunk, width: w, height: h, sigma: small)
            enlarge(shrunk, width: w, height: h, into: p, width: width, height: height)
        }
    }

    /// The average of each 2 × 2 square of `pixels` into `target`, widened (squares past the
    /// edge count what they cover, over 4).
    static func shrink(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
                       into target: UnsafeMutablePointer<UInt64>) {
        let w = (width + 1) / 2, h = (height + 1) / 2
        let widen = SoftwareRasterizer.widen
        for y in 0..<h {
            let r0 = pixels + 2 * y * width, r1 = 2 * y + 1 < height ? r0 + width : nil
            let out = target + y * w
            for x in 0..<(width / 2) {
                var sum = widen(r0[2 * x]) &+ widen(r0[2 * x + 1])
                if let r1 { sum &+= widen(r1[2 * x]) &+ widen(r1[2 * x + 1]) }
                out[x] = average(sum, 16384)
            }
            if width % 2 == 1 {
                var sum = widen(r0[width - 1])
                if let r1 { sum &+= widen(r1[width - 1]) }
                out[w - 1] = average(sum, 16384)
            }
        }
    }

    /// `small` (w × h, widened) enlarged twice bilinearly into `pixels` (width × height), each
    /// pixel sampled at its centre: each source row is enlarged along x once, and each output
    /// row mixes the two it lies between.
    static func enlarge(_ small: UnsafeMutablePointer<UInt64>, width w: Int, height h: Int,
                        into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        // Where a pixel at `i` samples along an axis of `n` source pixels: the two it mixes and
        // the second's weight, of 256.
        func place(_ i: Int, _ n: Int) -> (Int, Int, UInt64) {
            let u = (Double(i) + 0.5) / 2 - 0.5
            let base = Int(u.rounded(.down))
            return (min(max(base, 0), n - 1), min(max(base + 1, 0), n - 1), UInt64(((u - Double(base)) * 256).rounded()))
        }
        let columns = UnsafeMutablePointer<(Int, Int, UInt64)>.allocate(capacity: width)
        let rows = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * width)
        defer {
            columns.deallocate()
            rows.deallocate()
        }
        for x in 0..<width { columns[x] = place(x, w) }
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        /// Source row `r` enlarged along x into `line`.
        func enlargeRow(_ r: Int, into line: UnsafeMutablePointer<UInt64>) {
            let row = small + r * w
            for x in 0..<width {
                let (x0, x1, fx) = columns[x]
                line[x] = ((row[x0] &* (256 &- fx) &+ row[x1] &* fx) >> 8) & lanes
            }
        }
        var held = (-1, -1)
        for y in 0..<height {
            let (y0, y1, fy) = place(y, h)
            if held != (y0, y1) {
                if held.1 == y0 { rows.update(from: rows + width, count: width) } else { enlargeRow(y0, into: rows) }
                enlargeRow(y1, into: rows + width)
                held = (y0, y1)
            }
            let out = pixels + y * width, r0 = rows, r1 = rows + width
            let f0 = 256 &- fy
            for x in 0..<width { out[x] = SoftwareRasterizer.pack(((r0[x] &* f0 &+ r1[x] &* fy) >> 8) & lanes) }
        }
    }

    /// Blurs widened pixels in place: rows one at a time, then columns a strip at a time.
    static func blurWide(_ p: UnsafeMutablePointer<UInt64>, width: Int, height: Int, sigma: Double) {
        let radii = boxRadii(sigma: sigma)
        let longest = max(width, height)
        let lines = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * strip * longest)
        defer { lines.deallocate() }
        for y in 0..<height {
            let row = p + y * width
            boxLine(row, lines, width, radii[0])
            boxLine(lines, row, width, radii[1])
            boxLine(row, lines, width, radii[2])
            row.update(from: lines, count: width)
        }
        let columns = lines, spare = lines + strip * longest
        var x0 = 0
        while x0 < width {
            let n = min(strip, width - x0)
            for y in 0..<height {
                let row = p + y * width + x0
                for k in 0..<n { columns[k * height + y] = row[k] }
            }
            for k in 0..<n {
                let column = columns + k * height, scratch = spare + k * height
                boxLine(column, scratch, height, radii[0])
                boxLine(scratch, column, height, radii[1])
                boxLine(column, scratch, height, radii[2])
            }
            for y in 0..<height {
                let row = p + y * width + x0
                for k in 0..<n { row[k] = spare[k * height + y] }
            }
            x0 += n
        }
    }

    /// A widened sum of pixels times `inverse` / 65536, rounded: their average.
    @inline(__always) static func average(_ sum: UInt64, _ inverse: UInt64) -> UInt64 {
        let lanes: UInt64 = 0x0000_FFFF_0000_FFFF, half: UInt64 = 0x0000_8000_0000_8000
        let redBlue = (((sum & lanes) &* inverse &+ half) >> 16) & lanes
        let greenAlpha = ((((sum >> 16) & lanes) &* inverse &+ half) >> 16) & lanes
        return redBlue | (greenAlpha << 16)
    }

    /// One box pass of half-width `radius` along `count` widened pixels from `source` into
    /// `target` (the box's average at each pixel, transparent outside).
    @inline(__always) static func boxLine(_ source: UnsafeMutablePointer<UInt64>, _ target: UnsafeMutablePointer<UInt64>,
                                          _ count: Int, _ radius: Int) {
        // 65536 / the box's width, rounded down (so that no average exceeds 255).
        let inverse = UInt64(65536 / (2 * radius + 1))
        var sum: UInt64 = 0
        let r = min(radius, count)
        for i in 0..<r { sum &+= source[i] }
        // The box's right edge enters at x + radius, its left edge leaves after x − radius.
        let enterEnd = max(count - radius, 0), leaveStart = min(radius, count)
        var x = 0
        while x < min(enterEnd, leaveStart) {
            sum &+= source[x &+ radius]; target[x] = average(sum, inverse); x &+= 1
        }
        while x < enterEnd {
            sum &+= source[x &+ radius]; target[x] = average(sum, inverse); sum &-= source[x &- radius]; x &+= 1
        }
        while x < leaveStart {
            target[x] = average(sum, inverse); x &+= 1
        }
        while x < count {
            target[x] = average(sum, inverse); sum &-= source[x &- radius]; x &+= 1
        }
    }
}
