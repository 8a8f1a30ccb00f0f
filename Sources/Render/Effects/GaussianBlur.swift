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
    /// blur of 6 pixels or more is made on the pixels shrunk by half (the average of each 2 × 2
    /// square) and enlarged back bilinearly: within a few levels of blurring them all, at
    /// about half the cost.
    static func blur(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        guard sigma >= 0.25, width > 0, height > 0, pixels.count == width * height else { return }
        let k = 2
        guard sigma >= 6, width >= 8, height >= 8 else {
            blurAtFullSize(&pixels, width: width, height: height, sigma: sigma)
            return
        }
        // Shrinking (a box of k) and enlarging (a tent of k) blur a little themselves.
        let k2 = Double(k * k)
        let small = (max(sigma * sigma - (k2 - 1) / 12 - k2 / 6, 0.0625)).squareRoot() / Double(k)
        let w = (width + k - 1) / k, h = (height + k - 1) / k
        var shrunk = shrink(pixels, width: width, height: height, by: k)
        blurAtFullSize(&shrunk, width: w, height: h, sigma: small)
        enlarge(shrunk, width: w, height: h, by: k, into: &pixels, width: width, height: height)
    }

    /// The average of each k × k square (squares past the edge count what they cover, over k²).
    static func shrink(_ pixels: [UInt32], width: Int, height: Int, by k: Int) -> [UInt32] {
        let w = (width + k - 1) / k, h = (height + k - 1) / k
        let inverse = UInt64(65536 / (k * k))
        var out = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for y in 0..<h {
                    let rows = min(k, height - y * k)
                    for x in 0..<w {
                        let columns = min(k, width - x * k)
                        var sum: UInt64 = 0
                        for j in 0..<rows {
                            let row = source + (y * k + j) * width + x * k
                            for i in 0..<columns { sum &+= SoftwareRasterizer.widen(row[i]) }
                        }
                        target[y * w + x] = SoftwareRasterizer.pack(average(sum, inverse))
                    }
                }
            }
        }
        return out
    }

    /// `small` (w × h) enlarged k times bilinearly into `pixels` (width × height), each pixel
    /// sampled at its centre: each source row is enlarged along x once, and each output row
    /// mixes the two it lies between.
    static func enlarge(_ small: [UInt32], width w: Int, height h: Int, by k: Int, into pixels: inout [UInt32],
                        width: Int, height: Int) {
        // Where a pixel at `i` samples along an axis of `n` source pixels: the two it mixes and
        // the second's weight, of 256.
        func place(_ i: Int, _ n: Int) -> (Int, Int, UInt64) {
            let u = (Double(i) + 0.5) / Double(k) - 0.5
            let base = Int(u.rounded(.down))
            return (min(max(base, 0), n - 1), min(max(base + 1, 0), n - 1), UInt64(((u - Double(base)) * 256).rounded()))
        }
        let columns = (0..<width).map { place($0, w) }
        let rows = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * width)
        defer { rows.deallocate() }
        var held = (-1, -1)
        small.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                columns.withUnsafeBufferPointer { columns in
                    guard let source = source.baseAddress, let target = target.baseAddress,
                          let columns = columns.baseAddress else { return }
                    /// Source row `r` enlarged along x into `slot` (0 or 1).
                    func enlargeRow(_ r: Int, into slot: Int) {
                        let line = rows + slot * width, row = source + r * w
                        for x in 0..<width {
                            let (x0, x1, fx) = columns[x]
                            let a = SoftwareRasterizer.widen(row[x0]), b = SoftwareRasterizer.widen(row[x1])
                            line[x] = ((a &* (256 &- fx) &+ b &* fx) >> 8) & 0x00FF_00FF_00FF_00FF
                        }
                    }
                    for y in 0..<height {
                        let (y0, y1, fy) = place(y, h)
                        if held != (y0, y1) {
                            if held.1 == y0 {
                                (rows).update(from: rows + width, count: width)
                            } else {
                                enlargeRow(y0, into: 0)
                            }
                            enlargeRow(y1, into: 1)
                            held = (y0, y1)
                        }
                        let out = target + y * width, r0 = rows, r1 = rows + width
                        let f0 = 256 &- fy
                        for x in 0..<width {
                            out[x] = SoftwareRasterizer.pack(((r0[x] &* f0 &+ r1[x] &* fy) >> 8) & 0x00FF_00FF_00FF_00FF)
                        }
                    }
                }
            }
        }
    }

    /// `blur` without shrinking.
    static func blurAtFullSize(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        let radii = boxRadii(sigma: sigma)
        let longest = max(width, height)
        let lines = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * strip * longest)
        defer { lines.deallocate() }
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            let line = lines, other = lines + longest
            for y in 0..<height {
                let row = p + y * width
                for x in 0..<width { line[x] = SoftwareRasterizer.widen(row[x]) }
                boxLine(line, other, width, radii[0])
                boxLine(other, line, width, radii[1])
                boxLine(line, other, width, radii[2])
                for x in 0..<width { row[x] = SoftwareRasterizer.pack(other[x]) }
            }
            let columns = lines, spare = lines + strip * longest
            var x0 = 0
            while x0 < width {
                let n = min(strip, width - x0)
                for y in 0..<height {
                    let row = p + y * width + x0
                    for k in 0..<n { columns[k * height + y] = SoftwareRasterizer.widen(row[k]) }
                }
                for k in 0..<n {
                    let column = columns + k * height, scratch = spare + k * height
                    boxLine(column, scratch, height, radii[0])
                    boxLine(scratch, column, height, radii[1])
                    boxLine(column, scratch, height, radii[2])
                }
                for y in 0..<height {
                    let row = p + y * width + x0
                    for k in 0..<n { row[k] = SoftwareRasterizer.pack(spare[k * height + y]) }
                }
                x0 += n
            }
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
