import LayerKit

extension Image {
    /// A filled circle of `radius` pixels in `color`, its edge sharp (softness 0, antialiased)
    /// to fully blurred from the centre (softness 1, a smoothstep falloff). The image is the
    /// circle's bounding square plus a pixel of margin.
    public static func circle(radius: Double, softness: Double = 0, color: Color = .white) throws(ImageError) -> Image {
        guard radius.isFinite, radius > 0, radius <= 1024 else {
            throw .invalidArgument("circle radius must be a number in (0, 1024], got \(radius)")
        }
        guard softness.isFinite, softness >= 0, softness <= 1 else {
            throw .invalidArgument("circle softness must be a number in [0, 1], got \(softness)")
        }
        let side = Int((2 * radius).rounded(.up)) + 2
        let centre = Double(side) / 2
        let inner = radius * (1 - softness)
        let ramp = max(radius - inner, 1)
        var bytes = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let d = (dx * dx + dy * dy).squareRoot()
                var t = min(max((radius + (softness > 0 ? 0 : 0.5) - d) / ramp, 0), 1)
                if softness > 0 { t = t * t * (3 - 2 * t) }
                let a = t * color.a
                let o = (y * side + x) * 4
                bytes[o] = VertexColor.byte(color.r * a)
                bytes[o + 1] = VertexColor.byte(color.g * a)
                bytes[o + 2] = VertexColor.byte(color.b * a)
                bytes[o + 3] = VertexColor.byte(a)
            }
        }
        guard let image = Image(width: side, height: side, premultipliedRGBA: bytes,
                                label: "circle(radius: \(radius), softness: \(softness))") else {
            throw .invalidArgument("circle radius \(radius) is too large")
        }
        return image
    }
}
