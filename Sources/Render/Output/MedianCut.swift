/// A palette for a set of colours by median cut (Heckbert): the colours, binned at 5 bits a
/// channel, are split again and again across the longest side of the box that holds the most
/// spread, at the median; each box's palette colour is the mean of the colours in it. Colours
/// then map to the nearest palette entry through a table over the bins.
struct MedianCut {
    /// The palette, at most `maxColors` entries of (r, g, b).
    private(set) var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
    /// For each 15-bit bin, its palette index.
    private var lookup: [UInt8]

    private struct Box {
        var bins: [Int]
        var count: Int
        var spread: Int
        var axis: Int
    }

    /// Builds a palette of at most `maxColors` (1...256) colours from a histogram of 32768
    /// bins (r5 g5 b5), with per-bin channel sums for the means.
    init(counts: [Int32], sums: [(Int, Int, Int)], maxColors: Int) {
        lookup = [UInt8](repeating: 0, count: 32768)
        let limit = max(1, min(maxColors, 256))
        var occupied: [Int] = []
        for bin in 0..<32768 where counts[bin] > 0 { occupied.append(bin) }
        guard !occupied.isEmpty else {
            palette = [(0, 0, 0)]
            return
        }
        var boxes = [MedianCut.makeBox(occupied, counts)]
        while boxes.count < limit {
            // Split the box with the largest spread weighted by how many pixels it holds.
            var best = -1
            var bestScore = 0
            for (i, box) in boxes.enumerated() where box.bins.count > 1 {
                let score = box.spread * Int(min(box.count, 1 << 20))
                if score > bestScore {
                    bestScore = score
                    best = i
                }
            }
            guard best >= 0 else { break }
            let box = boxes[best]
            let shift = [10, 5, 0][box.axis]
            let sorted = box.bins.sorted { a, b in
                let ka = (a >> shift) & 31, kb = (b >> shift) & 31
                return ka != kb ? ka < kb : a < b
            }
            var half = 0
            var cut = 1
            for (i, bin) in sorted.enumerated() {
                half += Int(counts[bin])
                if half * 2 >= box.count {
                    cut = min(max(i + 1, 1), sorted.count - 1)
                    break
                }
            }
            boxes[best] = MedianCut.makeBox(Array(sorted[..<cut]), counts)
            boxes.append(MedianCut.makeBox(Array(sorted[cut...]), counts))
        }
        for box in boxes {
            var r = 0, g = 0, b = 0, n = 0
            for bin in box.bins {
                r += sums[bin].0
                g += sums[bin].1
                b += sums[bin].2
                n += Int(counts[bin])
            }
            n = max(n, 1)
            palette.append((UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((b + n / 2) / n)))
        }
        // Each occupied bin maps to the nearest palette colour (not only its own box's).
        for bin in occupied {
            lookup[bin] = nearest(bin)
        }
    }

    private static func makeBox(_ bins: [Int], _ counts: [Int32]) -> Box {
        var lo = [31, 31, 31], hi = [0, 0, 0]
        var count = 0
        for bin in bins {
            let c = [(bin >> 10) & 31, (bin >> 5) & 31, bin & 31]
            for k in 0..<3 {
                lo[k] = min(lo[k], c[k])
                hi[k] = max(hi[k], c[k])
            }
            count += Int(counts[bin])
        }
        // Green counts a little more, red a little less, as the eye sees them.
        let spreads = [(hi[0] - lo[0]) * 3, (hi[1] - lo[1]) * 4, (hi[2] - lo[2]) * 2]
        let axis = spreads[1] >= spreads[0] && spreads[1] >= spreads[2] ? 1 : (spreads[0] >= spreads[2] ? 0 : 2)
        return Box(bins: bins, count: count, spread: spreads[axis], axis: axis)
    }

    /// The 15-bit bin of a colour.
    @inline(__always) static func bin(_ r: Int, _ g: Int, _ b: Int) -> Int {
        ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3)
    }

    /// The palette index for a colour's bin; bins never seen are matched on first use.
    @inline(__always) mutating func index(bin: Int) -> UInt8 {
        lookup[bin]
    }

    /// The nearest palette entry to the centre of `bin`.
    func nearest(_ bin: Int) -> UInt8 {
        let r = ((bin >> 10) & 31) << 3 | 4, g = ((bin >> 5) & 31) << 3 | 4, b = (bin & 31) << 3 | 4
        var best = 0
        var bestDistance = Int.max
        for (i, p) in palette.enumerated() {
            let dr = r - Int(p.r), dg = g - Int(p.g), db = b - Int(p.b)
            let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return UInt8(best)
    }

    /// Fills in the table for a bin that was not in the histogram (dithering can reach it).
    mutating func ensure(bin: Int, seen: inout [Bool]) {
        if !seen[bin] {
            lookup[bin] = nearest(bin)
            seen[bin] = true
        }
    }
}
