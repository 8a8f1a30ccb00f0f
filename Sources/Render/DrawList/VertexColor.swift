/// The colour a vertex multiplies its texture samples by: straight (not premultiplied) RGBA,
/// 8 bits a channel, as SDL_Vertex's colour. Opacity travels in `a`.
public struct VertexColor: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Opaque white: the texture as it is.
    public static let white = VertexColor(r: 255, g: 255, b: 255, a: 255)

    /// Quantises straight components in 0...1 (clamped; NaN is 0) to 8 bits, rounding to nearest.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        r = VertexColor.byte(red)
        g = VertexColor.byte(green)
        b = VertexColor.byte(blue)
        a = VertexColor.byte(alpha)
    }

    @inline(__always) static func byte(_ x: Double) -> UInt8 {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 255 }
        return UInt8(x * 255 + 0.5)
    }
}
