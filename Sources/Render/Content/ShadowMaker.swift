import CPangoCairo
import LayerKit

/// Soft shadows: the alpha of a shape, blurred (three box blurs, close to a Gaussian), as a white
/// texture the compositor tints with the shadow colour.
enum ShadowMaker {
    /// Blurs the alpha of `pixels` (`width` × `height`, premultiplied) by `radius` pixels.
    /// The result is larger by `padding(radius)` on every side.
    static func shadow(width: Int, height: Int, pixels: [UInt32], radius: Double) -> RenderTexture? {
        let pad = padding(radius)
        let w = width + 2 * pad, h = height + 2 * pad
        guard width > 0, height > 0, w <= 4 * CairoCanvas.maxSide, h <= 4 * CairoCanvas.maxSide,
              pixels.count == width * height else { return nil }
        var alpha = [Int32](repeating: 0, count: w * h)
        for y in 0..<height {
            for x in 0..<width {
                alpha[(y + pad) * w + x + pad] = Int32(pixels[y * width + x] >> 24)
            }
        }
        // Three box blurs of width 2r+1 approximate a Gaussian of sigma ≈ radius / 2.
        let r = radius.isFinite ? max(0, Int((min(radius, 512) / 2 * 1.73).rounded())) : 0
        if r > 0 {
            var scratch = [Int32](repeating: 0, count: w * h)
            for _ in 0..<3 {
                boxBlur(&alpha, into: &scratch, w: w, h: h, r: r, horizontal: true)
                boxBlur(&scratch, into: &alpha, w: w, h: h, r: r, horizontal: false)
            }
        }
        let out = alpha.map { a -> UInt32 in
            let v = UInt32(max(0, min(255, a)))
            return v | v << 8 | v << 16 | v << 24
        }
        return RenderTexture(width: w, height: h, pixels: out, label: "shadow")
    }

    /// The blurred shadow of a `width` × `height` rectangle with `corners` of `cornerRadius`.
    static func roundedRectShadow(width: Int, height: Int, cornerRadius: Double, corners: CornerMask,
                                  curve: CornerCurve = .circular, blur: Double) -> RenderTexture? {
        let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var path = Path.roundedRect(rect, cornerRadius: cornerRadius, corners: corners)
        if curve == .continuous {
            // The same outline the background is drawn with, finely divided.
            let points = Compositor.roundedRect(rect, radius: cornerRadius, segments: 32, corners: corners, curve: curve)
            path = Path()
            for point in points { path.addLine(to: point) }
            path.closeSubpath()
        }
        return pathShadow(path, width: width, height: height, dx: 0, dy: 0, blur: blur)
    }

    /// The blurred shadow of `path` filled (non-zero winding), moved by (`dx`, `dy`), on a
    /// `width` × `height` canvas.
    static func pathShadow(_ path: Path, width: Int, height: Int, dx: Double, dy: Double,
                           blur: Double) -> RenderTexture? {
        guard let canvas = CairoCanvas(width: width, height: height) else { return nil }
        canvas.addPath(path, dx: dx, dy: dy)
        canvas.setColor(.white)
        cairo_fill(canvas.context)
        return shadow(width: width, height: height, pixels: canvas.pixels(), radius: blur)
    }

    /// Pixels added on each side for a blur of `radius`.
    static func padding(_ radius: Double) -> Int {
        guard radius.isFinite, radius > 0 else { return 1 }
        return Int(min(radius * 1.6, 512).rounded(.up)) + 1
    }

    private static func boxBlur(_ src: inout [Int32], into dst: inout [Int32], w: Int, h: Int, r: Int, horizontal: Bool) {
        let n = horizontal ? w : h, lines = horizontal ? h : w
        let step = horizontal ? 1 : w, lineStep = horizontal ? w : 1
        let span = Int32(2 * r + 1)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for line in 0..<lines {
                    let base = line * lineStep
                    var sum: Int32 = 0
                    for i in -r...r where i >= 0 && i < n { sum += s[base + i * step] }
                    for i in 0..<n {
                        d[base + i * step] = (sum + span / 2) / span
                        let add = i + r + 1, drop = i - r
                        if add < n { sum += s[base + add * step] }
                        if drop >= 0 { sum -= s[base + drop * step] }
                    }
                }
            }
        }
    }
}
