import Foundation

/// A gaussian blur of premultiplied RGBA pixels by a sampled gaussian kernel, normalised and
/// reaching three standard deviations each side (past that a gaussian's tail holds less than
/// half a level of 255), applied along rows then along columns. The channels are worked on as
/// floats, four pixels at a time (a `SIMD16<Float>`), a few rows at a time so that they stay
/// in the cache; outside the image is transparent.
enum GaussianBlur {
    /// Four pixels' channels.
    typealias Quad = SIMD16<Float>

    /// From this standard deviation, the blur is made on the pixels shrunk by half (the
    /// average of each 2 × 2 square) and enlarged back bilinearly, at about a quarter of the
    /// cost; below it, the shrinking and enlarging would show (more than two levels of 255
    /// from the gaussian on a small dot).
    static let halfSize = 4.0

    /// The kernel's weights from its centre out: w[k] for offsets ±k, summing to 1 over both sides.
    static func weights(sigma: Double) -> [Float] {
        let reach = max(1, Int((3 * sigma).rounded(.up)))
        let w = (0...reach).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = w[0] + 2 * w.dropFirst().reduce(0, +)
        return w.map { Float($0 / total) }
    }

    /// Blurs `width` × `height` pixels by a gaussian of standard deviation `sigma` pixels.
    static func blur(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        guard sigma >= 0.25, width > 0, height > 0, pixels.count == width * height else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            guard sigma >= halfSize, width >= 8, height >= 8 else {
                // The pixels' bytes are their channels in order.
                let bytes = UnsafeMutableRawPointer(p).assumingMemoryBound(to: UInt8.self)
                let count = 4 * width
                blurRows(width: width, height: height, sigma: sigma, load: { y, row in
                    let source = bytes + count * y
                    for i in 0..<count { row[i] = Float(source[i]) }
                }, store: { y, row in
                    let target = bytes + count * y
                    for i in 0..<count { target[i] = UInt8(truncatingIfNeeded: rounded(row[i])) }
                })
                return
            }
            let w = (width + 1) / 2, h = (height + 1) / 2
            let small = UnsafeMutablePointer<UInt64>.allocate(capacity: w * h)
            let sums = UnsafeMutablePointer<UInt64>.allocate(capacity: w)
            let columns = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * w)
            defer {
                small.deallocate()
                sums.deallocate()
                columns.deallocate()
            }
            // A widened pixel's 16-bit lanes are its channels in order.
            let smallChannels = UnsafeMutableRawPointer(small).assumingMemoryBound(to: UInt16.self)
            let sumChannels = UnsafeRawPointer(sums).assumingMemoryBound(to: UInt16.self)
            // Shrinking (a box of 2) and enlarging (a tent of 2) blur a little themselves.
            let rest = (sigma * sigma - 0.25 - 4.0 / 6).squareRoot() / 2
            blurRows(width: w, height: h, sigma: rest, load: { y, row in
                shrinkRow(p, width: width, height: height, y: y, into: sums, columns: columns)
                for i in 0..<(4 * w) { row[i] = Float(sumChannels[i]) * 0.25 }
            }, store: { y, row in
                // In sixteenths of a level, so that only the enlarged pixels are rounded to whole
                // levels. The blur keeps each colour channel at most the alpha (the same weights,
                // and rounding that keeps order): the pixels stay premultiplied.
                let target = smallChannels + 4 * w * y
                for i in 0..<(4 * w) { target[i] = UInt16(truncatingIfNeeded: rounded(16 * row[i], limit: 4080)) }
            })
            enlarge(small, width: w, height: h, into: p, width: width, height: height)
        }
    }

    /// `v` clamped to 0…`limit` and rounded to the nearest whole number, in the low bits of
    /// the result: adding 1.5 × 2²³ leaves a float whose last bits are the rounded number, a
    /// step the compiler can do for many floats at once (a conversion to an integer cannot).
    @inline(__always) static func rounded(_ v: Float, limit: Float = 255) -> UInt32 {
        (min(max(v, 0), limit) + 12_582_912).bitPattern
    }

    /// Blurs `height` rows of `width` pixels, four floats a pixel: `load` fills row y (when
    /// first needed, in order), `store` takes row y blurred (in order). Each row is blurred
    /// along itself through a copy padded with transparent pixels, then each output row is the
    /// weighted sum of the rows around it, kept in a ring of 2 × reach + 1 rows.
    static func blurRows(width: Int, height: Int, sigma: Double, load: (Int, UnsafeMutablePointer<Float>) -> Void,
                         store: (Int, UnsafePointer<Float>) -> Void) {
        let weights = weights(sigma: sigma)
        let reach = weights.count - 1
        // Rows are whole quads of pixels, the pixels past `width` transparent.
        let stride = (4 * width + 15) / 16 * 16, bytes = 4 * stride, span = 2 * reach + 1
        let w = UnsafeMutablePointer<Float>.allocate(capacity: weights.count)
        w.initialize(from: weights, count: weights.count)
        let padded = UnsafeMutablePointer<Float>.allocate(capacity: stride + 8 * reach)
        padded.initialize(repeating: 0, count: stride + 8 * reach)
        // The ring, a transparent row for rows past either end, and the output row.
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: stride * (span + 2))
        let clear = ring + stride * span, output = clear + stride
        clear.initialize(repeating: 0, count: stride)
        let rows = UnsafeMutablePointer<UnsafeRawPointer>.allocate(capacity: span)
        defer {
            w.deallocate()
            padded.deallocate()
            ring.deallocate()
            rows.deallocate()
        }
        let centre = UnsafeRawPointer(padded + 4 * reach)
        for y in 0..<(height + reach) {
            if y < height {
                // Row y along itself, into the ring.
                load(y, padded + 4 * reach)
                let out = UnsafeMutableRawPointer(ring + stride * (y % span))
                var at = 0
                while at < bytes {
                    var sum = w[0] * centre.loadUnaligned(fromByteOffset: at, as: Quad.self)
                    var k = 1
                    while k <= reach {
                        sum += w[k] * (centre.loadUnaligned(fromByteOffset: at &- 16 &* k, as: Quad.self)
                            + centre.loadUnaligned(fromByteOffset: at &+ 16 &* k, as: Quad.self))
                        k &+= 1
                    }
                    out.storeBytes(of: sum, toByteOffset: at, as: Quad.self)
                    at &+= 64
                }
            }
            // Row y − reach along the column: rows[reach + d] is the row d below it.
            let target = y - reach
            guard target >= 0 else { continue }
            for d in -reach...reach {
                let source = target + d
                rows[reach + d] = UnsafeRawPointer(source >= 0 && source < height ? ring + stride * (source % span) : clear)
            }
            let out = UnsafeMutableRawPointer(output)
            var at = 0
            while at < bytes {
                var sum = w[0] * rows[reach].load(fromByteOffset: at, as: Quad.self)
                var k = 1
                while k <= reach {
                    sum += w[k] * (rows[reach &- k].load(fromByteOffset: at, as: Quad.self)
                        + rows[reach &+ k].load(fromByteOffset: at, as: Quad.self))
                    k &+= 1
                }
                out.storeBytes(of: sum, toByteOffset: at, as: Quad.self)
                at &+= 64
            }
            store(target, output)
        }
    }

    /// Row `y` of `pixels` shrunk by half: the sum of each 2 × 2 square, widened (squares past
    /// the edge sum what they cover). The two rows are summed channel by channel first (a loop
    /// over bytes the compiler does many at a time) into `columns`, widened pixels whose lanes
    /// are the channels in order, then pixel pairs are summed.
    @inline(__always) static func shrinkRow(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, y: Int,
                                            into sums: UnsafeMutablePointer<UInt64>,
                                            columns: UnsafeMutablePointer<UInt64>) {
        let r0 = UnsafeRawPointer(pixels + 2 * y * width).assumingMemoryBound(to: UInt8.self)
        let lanes = UnsafeMutableRawPointer(columns).assumingMemoryBound(to: UInt16.self)
        if 2 * y + 1 < height {
            let r1 = r0 + 4 * width
            for i in 0..<(4 * width) { lanes[i] = UInt16(r0[i]) &+ UInt16(r1[i]) }
        } else {
            for i in 0..<(4 * width) { lanes[i] = UInt16(r0[i]) }
        }
        for x in 0..<(width / 2) { sums[x] = columns[2 * x] &+ columns[2 * x + 1] }
        if width % 2 == 1 { sums[width / 2] = columns[width - 1] }
    }

    /// `small` (w × h, four 16-bit channels a pixel in sixteenths of a level) enlarged twice
    /// bilinearly into `pixels` (width × height), each pixel sampled at its centre. A pixel's
    /// centre falls a quarter of the way between two of the small image's, so it is three
    /// parts of the nearer and one of the other along each axis: each output row mixes two
    /// rows, then each pixel two of that row's pixels, and the sum (256 times the level, at
    /// most 65,280, so each lane keeps its 16 bits) is rounded once.
    static func enlarge(_ small: UnsafeMutablePointer<UInt64>, width w: Int, height h: Int,
                        into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        // The pixels output pixel `i` mixes along an axis of `n`: the nearer first.
        func sources(_ i: Int, _ n: Int) -> (Int, Int) {
            let near = min(i / 2, n - 1)
            return (near, min(max(i % 2 == 0 ? near - 1 : near + 1, 0), n - 1))
        }
        let line = UnsafeMutablePointer<UInt64>.allocate(capacity: w)
        defer { line.deallocate() }
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF, rounding: UInt64 = 0x0080_0080_0080_0080
        @inline(__always) func mixed(_ near: UInt64, _ far: UInt64) -> UInt32 {
            SoftwareRasterizer.pack(((near &* 3 &+ far &+ rounding) >> 8) & lanes)
        }
        for y in 0..<height {
            let (near, far) = sources(y, h)
            let r0 = small + near * w, r1 = small + far * w
            for x in 0..<w { line[x] = r0[x] &* 3 &+ r1[x] }
            // Pixel 0 is all the first; pixels 2i + 1 and 2i + 2 lie either side of the
            // boundary between i and i + 1, each three parts the nearer.
            let out = pixels + y * width
            out[0] = mixed(line[0], line[0])
            var i = 0
            while 2 * i + 2 < width && i + 1 < w {
                out[2 * i + 1] = mixed(line[i], line[i + 1])
                out[2 * i + 2] = mixed(line[i + 1], line[i])
                i += 1
            }
            if 2 * i + 1 < width { out[2 * i + 1] = mixed(line[min(i, w - 1)], line[min(i + 1, w - 1)]) }
        }
    }
}
