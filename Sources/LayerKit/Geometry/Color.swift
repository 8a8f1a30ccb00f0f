/// An sRGB colour with straight (not premultiplied) alpha, each component in 0...1.
public struct Color: Hashable, Sendable {
    /// Red, 0...1.
    public var r: Double
    /// Green, 0...1.
    public var g: Double
    /// Blue, 0...1.
    public var b: Double
    /// Opacity, 0...1, not premultiplied into the other components.
    public var a: Double

    /// Creates a colour, clamping each component to 0...1 (NaN becomes 0).
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = Color.clamp(r)
        self.g = Color.clamp(g)
        self.b = Color.clamp(b)
        self.a = Color.clamp(a)
    }

    /// Parses `"#RGB"`, `"#RGBA"`, `"#RRGGBB"` or `"#RRGGBBAA"` (hex digits in either case).
    ///
    /// Returns nil without the leading `#`, with another length or with a non-hex digit.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        var digits: [UInt32] = []
        digits.reserveCapacity(8)
        for byte in bytes.dropFirst() {
            guard let d = Color.hexDigit(byte) else { return nil }
            digits.append(d)
        }
        var channels: [UInt32]
        switch digits.count {
        case 3, 4: channels = digits.map { $0 * 17 }
        case 6, 8: channels = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
        default: return nil
        }
        if channels.count == 3 { channels.append(255) }
        self.init(
            r: Double(channels[0]) / 255, g: Double(channels[1]) / 255,
            b: Double(channels[2]) / 255, a: Double(channels[3]) / 255
        )
    }

    /// Parses a hex colour (when the string starts with `#`) or a CSS colour name.
    public init?(parsing string: String) {
        if string.hasPrefix("#") {
            self.init(hex: string)
        } else {
            self.init(cssName: string)
        }
    }

    /// Transparent black, (0, 0, 0, 0).
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = Color(r: 1, g: 1, b: 1)

    /// The colour a fraction of the way to `other`, componentwise on straight RGBA as Core
    /// Animation does; fractions outside 0...1 extrapolate and the result is clamped.
    public func interpolated(to other: Color, fraction: Double) -> Color {
        Color(
            r: r + (other.r - r) * fraction,
            g: g + (other.g - g) * fraction,
            b: b + (other.b - b) * fraction,
            a: a + (other.a - a) * fraction
        )
    }

    /// The colour as `"#RRGGBBAA"` in upper-case hex, each component rounded to 8 bits.
    public var hexString: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        for component in [r, g, b, a] {
            let byte = Int((Color.clamp(component) * 255).rounded())
            out.append(digits[byte / 16])
            out.append(digits[byte % 16])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func clamp(_ x: Double) -> Double {
        x.isNaN ? 0 : min(max(x, 0), 1)
    }

    private static func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
