/// A texture's mipmap levels side by side in one texture: level 0 on the left, the smaller
/// levels stacked to its right. Each level has a one-pixel border copying its edge, so bilinear
/// sampling near an edge behaves as clamping to that level.
struct MipmapAtlas {
    /// A level's place in the atlas (inside its border).
    struct Place {
        let x: Int, y: Int, width: Int, height: Int
    }

    let texture: RenderTexture
    let levels: [Place]

    init(_ source: RenderTexture) {
        var images: [(w: Int, h: Int, pixels: [UInt32])] = [(source.width, source.height, Array(source.pixels))]
        while let last = images.last, last.w > 1 || last.h > 1, images.count < 13 {
            images.append(MipmapAtlas.halve(last.pixels, last.w, last.h))
        }
        var places: [Place] = [Place(x: 1, y: 1, width: source.width, height: source.height)]
        let column = source.width + 2
        var y = 0
        var columnWidth = 0
        for image in images.dropFirst() {
            places.append(Place(x: column + 1, y: y + 1, width: image.w, height: image.h))
            y += image.h + 2
            columnWidth = max(columnWidth, image.w + 2)
        }
        let width = column + columnWidth, height = max(source.height + 2, y)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for (image, place) in zip(images, places) {
            for row in -1...image.h {
                let sy = min(max(row, 0), image.h - 1)
                for col in -1...image.w {
                    let sx = min(max(col, 0), image.w - 1)
                    pixels[(place.y + row) * width + place.x + col] = image.pixels[sy * image.w + sx]
                }
            }
        }
        texture = RenderTexture(width: width, height: height, pixels: pixels, label: source.label + " (mipmaps)")
        levels = places
    }

    /// The texture coordinates in the atlas of `uv` in level `n`.
    func uv(_ uv: UVRect, level n: Int) -> UVRect {
        let p = levels[min(max(n, 0), levels.count - 1)]
        let w = Double(texture.width), h = Double(texture.height)
        return UVRect(u0: (Double(p.x) + uv.u0 * Double(p.width)) / w, v0: (Double(p.y) + uv.v0 * Double(p.height)) / h,
                      u1: (Double(p.x) + uv.u1 * Double(p.width)) / w, v1: (Double(p.y) + uv.v1 * Double(p.height)) / h)
    }

    /// Half the size (rounded down), each pixel the mean of the source pixels it covers (a box
    /// filter). A side of odd length still covers the whole image: its output pixels each
    /// cover a little more than two source pixels, with the shared ones weighted by how much of
    /// them they take, so a level shows the image at the same place and size as level 0.
    private static func halve(_ source: [UInt32], _ sw: Int, _ sh: Int) -> (w: Int, h: Int, pixels: [UInt32]) {
        let w = max(1, sw / 2), h = max(1, sh / 2)
        let xs = boxTaps(from: sw, to: w), ys = boxTaps(from: sh, to: h)
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sums: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for (sy, wy) in ys[y] {
                    for (sx, wx) in xs[x] {
                        let p = source[sy * sw + sx], k = wx * wy
                        sums.0 += Double(p & 0xFF) * k
                        sums.1 += Double((p >> 8) & 0xFF) * k
                        sums.2 += Double((p >> 16) & 0xFF) * k
                        sums.3 += Double(p >> 24) * k
                    }
                }
                func byte(_ v: Double) -> UInt32 { UInt32(min(max(v + 0.5, 0), 255)) }
                out[y * w + x] = byte(sums.0) | byte(sums.1) << 8 | byte(sums.2) << 16 | byte(sums.3) << 24
            }
        }
        return (w, h, out)
    }

    /// For each of `n` output pixels along a side of `m` source pixels, the source pixels it
    /// covers and the share of it each one makes (summing to 1).
    static func boxTaps(from m: Int, to n: Int) -> [[(index: Int, weight: Double)]] {
        let step = Double(m) / Double(n)
        return (0..<n).map { k in
            let start = Double(k) * step, end = start + step
            var taps: [(index: Int, weight: Double)] = []
            var i = Int(start.rounded(.down))
            while Double(i) < end - 1e-9 && i < m {
                let covered = min(end, Double(i + 1)) - max(start, Double(i))
                if covered > 1e-9 { taps.append((i, covered / step)) }
                i += 1
            }
            return taps
        }
    }
}
