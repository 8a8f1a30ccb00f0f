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

    /// Half the size, each pixel the average of four (a box filter).
    private static func halve(_ source: [UInt32], _ sw: Int, _ sh: Int) -> (w: Int, h: Int, pixels: [UInt32]) {
        let w = max(1, sw / 2), h = max(1, sh / 2)
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let y0 = min(2 * y, sh - 1), y1 = min(2 * y + 1, sh - 1)
            for x in 0..<w {
                let x0 = min(2 * x, sw - 1), x1 = min(2 * x + 1, sw - 1)
                let a = source[y0 * sw + x0], b = source[y0 * sw + x1], c = source[y1 * sw + x0], d = source[y1 * sw + x1]
                var result: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let sum = ((a >> shift) & 0xFF) + ((b >> shift) & 0xFF) + ((c >> shift) & 0xFF) + ((d >> shift) & 0xFF)
                    result |= ((sum + 2) / 4) << shift
                }
                out[y * w + x] = result
            }
        }
        return (w, h, out)
    }
}
