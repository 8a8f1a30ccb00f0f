/// Core Image's CIColorControls on premultiplied RGBA pixels: on the straight colour, the
/// saturation mixes each pixel with its grey (Rec. 709 luma weights), then the brightness is
/// added and the contrast scales about middle grey; alpha is unchanged.
enum ColorControls {
    static func apply(_ pixels: inout [UInt32], saturation: Double, brightness: Double, contrast: Double) {
        let s = Float(saturation), b = Float(brightness), c = Float(contrast)
        for i in pixels.indices {
            let p = pixels[i]
            let a = p >> 24
            guard a > 0 else { continue }
            let alpha = Float(a) / 255
            let r = Float(p & 0xFF) / 255 / alpha, g = Float((p >> 8) & 0xFF) / 255 / alpha
            let bl = Float((p >> 16) & 0xFF) / 255 / alpha
            let grey = 0.2125 * r + 0.7154 * g + 0.0721 * bl
            @inline(__always) func channel(_ x: Float) -> UInt32 {
                let saturated = grey + (x - grey) * s
                let shown = ((saturated + b) - 0.5) * c + 0.5
                return UInt32(min(1, max(0, shown)) * alpha * 255 + 0.5)
            }
            pixels[i] = channel(r) | channel(g) << 8 | channel(bl) << 16 | a << 24
        }
    }
}
