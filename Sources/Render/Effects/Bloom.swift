/// Core Image's CIBloom on premultiplied RGBA pixels: the image plus a copy of itself blurred
/// by the radius and scaled by the intensity, so that bright parts glow into their
/// surroundings (each channel saturates at full).
enum Bloom {
    static func apply(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double, intensity: Double) {
        var glow = pixels
        GaussianBlur.blur(&glow, width: width, height: height, sigma: sigma)
        let k = UInt32(max(0, min(intensity, 16)) * 256 + 0.5)
        for i in pixels.indices {
            let p = pixels[i], g = glow[i]
            @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
                let sum = ((p >> shift) & 0xFF) + ((((g >> shift) & 0xFF) * k + 128) >> 8)
                return min(sum, 255) << shift
            }
            pixels[i] = channel(0) | channel(8) | channel(16) | channel(24)
        }
    }
}
