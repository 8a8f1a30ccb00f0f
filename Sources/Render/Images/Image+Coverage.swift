import LayerKit

extension Image {
    /// An image of `width` × `height` pixels in `color`, each pixel covered as much as
    /// `coverage(x, y)` says (0 … 1), premultiplied: what the drawn shapes (circles,
    /// rectangles) share, which keeps `shape` as what it draws. Nil when the size is out of range.
    static func covered(width: Int, height: Int, color: Color, label: String, shape: ImageShape,
                        coverage: (_ x: Int, _ y: Int) -> Double) -> Image? {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let a = coverage(x, y) * color.a
                let o = (y * width + x) * 4
                bytes[o] = VertexColor.byte(color.r * a)
                bytes[o + 1] = VertexColor.byte(color.g * a)
                bytes[o + 2] = VertexColor.byte(color.b * a)
                bytes[o + 3] = VertexColor.byte(a)
            }
        }
        return Image(width: width, height: height, premultipliedRGBA: bytes, label: label, shape: shape)
    }
}
