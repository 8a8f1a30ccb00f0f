import Foundation

/// A gaussian blur of premultiplied RGBA pixels by a sampled gaussian kernel, normalised and
/// reaching three standard deviations each side (past that a gaussian's tail holds less than
/// half a level of 255), applied along rows then along columns. The channels are worked on as
/// floats, four pixels at a time (a `SIMD16<Float>`), a few rows at a time so that they stay
/// in the cache; outside the image is transparent. Wider blurs are made on the pixels shrunk
/// by 2 or 4 and enlarged back (`shrunk`).
enum GaussianBlur {
    /// Four pixels' channels.
    typealias Quad = SIMD16<Float>

    /// From this standard deviation the blur is made at half size, and from `quarterSize` at
    /// a quarter; below each, shrinking and enlarging would show (more than a level of 255
    /// from the gaussian on small dots).
    static let halfSize = 3.0
    static let quarterSize = 6.0

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
            shrunk(p, width: width, height: height, sigma: sigma, factor: sigma >= quarterSize ? 4 : 2)
        }
    }

    /// For each of a small pixel's `f` pixels along an axis, in order, its weights in sixteenths
    /// on the small pixels before, at and after its own: they sum to one, centre on the pixel
    /// and spread it by the same variance (`spread`) wherever it lies in its small pixel (three
    /// weights, three conditions). Enlarging mixes those small pixels with these weights;
    /// shrinking is the same the other way, each pixel sharing itself among them.
    static func taps(factor f: Int) -> [(UInt16, UInt16, UInt16)] {
        let v = spread(factor: f) / Double(f * f)
        return (0..<f).map { j in
            let d = (Double(j) + 0.5) / Double(f) - 0.5
            let a = UInt16(((v + d * d - d) * 8).rounded()), c = UInt16(((v + d * d + d) * 8).rounded())
            return (a, 16 - a - c, c)
        }
    }

    /// The variance, in pixels², that enlarging by `f` adds (and shrinking as well).
    static func spread(factor f: Int) -> Double {
        let v = (0..<f).map { j in
            let d = (Double(j) + 0.5) / Double(f) - 0.5
            return abs(d) - d * d
        }.max() ?? 0
        return v * Double(f * f)
    }

    /// Blurs by `sigma` through an image shrunk by `f`: each pixel shares itself among the
    /// three small pixels nearest it along each axis (`taps`), the small image is blurred by
    /// what remains of the variance, then enlarged with the same weights. Sharing and
    /// enlarging each add the same variance whatever a pixel's place within its small pixel,
    /// so the result does not depend on where edges fall. The small image has one small
    /// pixel more each side, so that nothing is lost at the image's edges: small pixel s is
    /// centred on pixel f(s − 1) + (f − 1) / 2, and block b (pixels fb to fb + f − 1) is shared
    /// among small pixels b, b + 1 and b + 2.
    static func shrunk(_ p: UnsafeMutablePointer<UInt32>, width: Int, height: Int, sigma: Double, factor f: Int) {
        let w = (width + f - 1) / f + 2, h = (height + f - 1) / f + 2
        let taps = taps(factor: f)
        let blocks = (height + f - 1) / f
        let small = UnsafeMutablePointer<UInt64>.allocate(capacity: w * h)
        // Three rows of sums, the small rows being gathered; the first two start at nothing.
        let sums = UnsafeMutablePointer<UInt16>.allocate(capacity: 3 * 4 * width)
        sums.initialize(repeating: 0, count: 2 * 4 * width)
        // A row of sums as floats, with 2f transparent pixels before it and more after.
        let padding = 4 * (width + 6 * f)
        let line = UnsafeMutablePointer<Float>.allocate(capacity: padding)
        line.initialize(repeating: 0, count: padding)
        defer {
            small.deallocate()
            sums.deallocate()
            line.deallocate()
        }
        // The weights of the f pixels of the blocks before, at and after a small pixel's own,
        // each once a channel, with the sums' scale.
        var spans: [SIMD16<Float>] = []
        for block in 0..<3 {
            var v = SIMD16<Float>()
            for j in 0..<f {
                let (a, b, c) = taps[j]
                for channel in 0..<4 { v[4 * j + channel] = Float([c, b, a][block]) / Float(256 * f * f) }
            }
            spans.append(v)
        }
        let (before, at, after) = (spans[0], spans[1], spans[2])
        let smallChannels = UnsafeMutableRawPointer(small).assumingMemoryBound(to: UInt16.self)
        let rest = (sigma * sigma - 2 * spread(factor: f)).squareRoot() / Double(f)
        let bytes = UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self)
        let count = 4 * width
        blurRows(width: w, height: h, sigma: rest, load: { y, row in
            // Block y of f rows shared among small rows y, y + 1 and y + 2 (small row y is
            // then whole): each channel a 16-bit sum of bytes times sixteenths, at most 255 × 16 f.
            let now = sums + y % 3 * count, next = sums + (y + 1) % 3 * count, fresh = sums + (y + 2) % 3 * count
            if y < blocks {
                // Rows past the last weigh nothing.
                let first = bytes + count * f * y, rows = min(f, height - f * y)
                func row(_ j: Int) -> UnsafePointer<UInt8> { j < rows ? first + count * j : first }
                func weight(_ j: Int, _ tap: ((UInt16, UInt16, UInt16)) -> UInt16) -> UInt16 { j < rows ? tap(taps[j]) : 0 }
                let (r0, r1) = (row(0), row(1))
                let (a0, a1) = (weight(0) { $0.0 }, weight(1) { $0.0 })
                let (b0, b1) = (weight(0) { $0.1 }, weight(1) { $0.1 })
                let (c0, c1) = (weight(0) { $0.2 }, weight(1) { $0.2 })
                if f == 4 {
                    let (r2, r3) = (row(2), row(3))
                    let (a2, a3) = (weight(2) { $0.0 }, weight(3) { $0.0 })
                    let (b2, b3) = (weight(2) { $0.1 }, weight(3) { $0.1 })
                    let (c2, c3) = (weight(2) { $0.2 }, weight(3) { $0.2 })
                    for k in 0..<count {
                        let x0 = UInt16(r0[k]), x1 = UInt16(r1[k]), x2 = UInt16(r2[k]), x3 = UInt16(r3[k])
                        now[k] = now[k] &+ x0 &* a0 &+ x1 &* a1 &+ x2 &* a2 &+ x3 &* a3
                        next[k] = next[k] &+ x0 &* b0 &+ x1 &* b1 &+ x2 &* b2 &+ x3 &* b3
                        fresh[k] = x0 &* c0 &+ x1 &* c1 &+ x2 &* c2 &+ x3 &* c3
                    }
                } else {
                    for k in 0..<count {
                        let x0 = UInt16(r0[k]), x1 = UInt16(r1[k])
                        now[k] = now[k] &+ x0 &* a0 &+ x1 &* a1
                        next[k] = next[k] &+ x0 &* b0 &+ x1 &* b1
                        fresh[k] = x0 &* c0 &+ x1 &* c1
                    }
                }
            }
            let padded = line + 8 * f
            for k in 0..<count { padded[k] = Float(now[k]) }
            let quads = UnsafeRawPointer(line), out = UnsafeMutableRawPointer(row)
            if f == 4 {
                for s in 0..<w {
                    let v = before * quads.load(fromByteOffset: 64 * s, as: SIMD16<Float>.self)
                        + at * quads.load(fromByteOffset: 64 * s + 64, as: SIMD16<Float>.self)
                        + after * quads.load(fromByteOffset: 64 * s + 128, as: SIMD16<Float>.self)
                    out.storeBytes(of: v.lowHalf.lowHalf + v.lowHalf.highHalf + v.highHalf.lowHalf + v.highHalf.highHalf,
                                   toByteOffset: 16 * s, as: SIMD4<Float>.self)
                }
            } else {
                for s in 0..<w {
                    let v = before.lowHalf * quads.load(fromByteOffset: 32 * s, as: SIMD8<Float>.self)
                        + at.lowHalf * quads.load(fromByteOffset: 32 * s + 32, as: SIMD8<Float>.self)
                        + after.lowHalf * quads.load(fromByteOffset: 32 * s + 64, as: SIMD8<Float>.self)
                    out.storeBytes(of: v.lowHalf + v.highHalf, toByteOffset: 16 * s, as: SIMD4<Float>.self)
                }
            }
        }, store: { y, row in
            // In quarters of a level, so that only the enlarged pixels are rounded to whole
            // levels. The blur keeps each colour channel at most the alpha (the same weights,
            // and rounding that keeps order): the pixels stay premultiplied.
            let target = smallChannels + 4 * w * y
            for i in 0..<(4 * w) { target[i] = UInt16(truncatingIfNeeded: rounded(4 * row[i], limit: 4 * 255)) }
        })
        enlarge(small, width: w, height: h, factor: f, into: p, width: width, height: height)
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

    /// `small` (w × h with a small pixel more each side, four 16-bit channels a pixel in
    /// quarters of a level) enlarged by `f` into `pixels` (width × height): each output pixel
    /// mixes the three small pixels nearest it along each axis. Rows are mixed along
    /// themselves first (`taps` in sixteenths, kept in sixteenths of a level, at most 4080),
    /// three such rows are kept, and each output row mixes three of them (sixteenths again:
    /// 256 times the level, at most 65,280, so each lane keeps its 16 bits), rounded once.
    static func enlarge(_ small: UnsafeMutablePointer<UInt64>, width w: Int, height h: Int, factor f: Int,
                        into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        let wide = UnsafeMutablePointer<UInt64>.allocate(capacity: 3 * (width + f))
        defer { wide.deallocate() }
        let taps = taps(factor: f)
        // The weights of the small pixels before, at and after for f pixels, once a channel.
        var weights = (SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>())
        for j in 0..<f {
            for channel in 0..<4 {
                weights.0[4 * j + channel] = taps[j].0
                weights.1[4 * j + channel] = taps[j].1
                weights.2[4 * j + channel] = taps[j].2
            }
        }
        let stride = width + f
        func widen(_ row: Int, into line: UnsafeMutablePointer<UInt64>) {
            let source = UnsafeRawPointer(small + row * w), out = UnsafeMutableRawPointer(line)
            if f == 4 {
                for i in 0..<(w - 2) {
                    let a = source.load(fromByteOffset: 8 * i, as: SIMD4<UInt16>.self)
                    let b = source.load(fromByteOffset: 8 * i + 8, as: SIMD4<UInt16>.self)
                    let c = source.load(fromByteOffset: 8 * i + 16, as: SIMD4<UInt16>.self)
                    let a2 = SIMD8(lowHalf: a, highHalf: a), b2 = SIMD8(lowHalf: b, highHalf: b)
                    let c2 = SIMD8(lowHalf: c, highHalf: c)
                    let v = weights.0 &* SIMD16(lowHalf: a2, highHalf: a2) &+ weights.1 &* SIMD16(lowHalf: b2, highHalf: b2)
                        &+ weights.2 &* SIMD16(lowHalf: c2, highHalf: c2) &+ 2
                    out.storeBytes(of: v &>> 2, toByteOffset: 32 * i, as: SIMD16<UInt16>.self)
                }
            } else {
                for i in 0..<(w - 2) {
                    let a = source.load(fromByteOffset: 8 * i, as: SIMD4<UInt16>.self)
                    let b = source.load(fromByteOffset: 8 * i + 8, as: SIMD4<UInt16>.self)
                    let c = source.load(fromByteOffset: 8 * i + 16, as: SIMD4<UInt16>.self)
                    let v = weights.0.lowHalf &* SIMD8(lowHalf: a, highHalf: a) &+ weights.1.lowHalf &* SIMD8(lowHalf: b, highHalf: b)
                        &+ weights.2.lowHalf &* SIMD8(lowHalf: c, highHalf: c) &+ 2
                    out.storeBytes(of: v &>> 2, toByteOffset: 16 * i, as: SIMD8<UInt16>.self)
                }
            }
        }
        var made = -1
        for y in 0..<height {
            let i = y / f, (ta, tb, tc) = taps[y % f]
            while made < i + 2 {
                made += 1
                widen(made, into: wide + (made % 3) * stride)
            }
            func line(_ r: Int) -> UnsafePointer<UInt16> {
                UnsafeRawPointer(wide + (r % 3) * stride).assumingMemoryBound(to: UInt16.self)
            }
            let l0 = line(i), l1 = line(i + 1), l2 = line(i + 2)
            let out = UnsafeMutableRawPointer(pixels + y * width).assumingMemoryBound(to: UInt8.self)
            if ta == 0 {
                for k in 0..<(4 * width) { out[k] = UInt8(truncatingIfNeeded: (l1[k] &* tb &+ l2[k] &* tc &+ 128) >> 8) }
            } else if tc == 0 {
                for k in 0..<(4 * width) { out[k] = UInt8(truncatingIfNeeded: (l0[k] &* ta &+ l1[k] &* tb &+ 128) >> 8) }
            } else {
                for k in 0..<(4 * width) {
                    out[k] = UInt8(truncatingIfNeeded: (l0[k] &* ta &+ l1[k] &* tb &+ l2[k] &* tc &+ 128) >> 8)
                }
            }
        }
    }
}
