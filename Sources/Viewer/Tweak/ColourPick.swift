import Foundation
import LayerKit

/// A colour as the tweak panel's picker holds it — hue (0…360), saturation, value and alpha
/// (0…1) — and written back as a hex string in the style of the one it replaces: lower or upper
/// case as it was, with alpha digits when it had them or alpha is below 1.
struct ColourPick: Equatable {
    var hue: Double
    var saturation: Double
    var value: Double
    var alpha: Double

    /// The channels the picker's bars set, in their order.
    enum Channel: Int, CaseIterable {
        case hue, saturation, value, alpha

        /// "h", "s", "v", "a".
        var letter: String { ["h", "s", "v", "a"][rawValue] }
    }

    init(_ colour: Color) {
        let r = ColourPick.unit(colour.r), g = ColourPick.unit(colour.g), b = ColourPick.unit(colour.b)
        let high = max(r, g, b), low = min(r, g, b), range = high - low
        var h = 0.0
        if range > 0 {
            if high == r { h = (g - b) / range } else if high == g { h = 2 + (b - r) / range } else { h = 4 + (r - g) / range }
            h *= 60
            if h < 0 { h += 360 }
        }
        hue = h
        saturation = high > 0 ? range / high : 0
        value = high
        alpha = ColourPick.unit(colour.a)
    }

    /// The colour in RGB.
    var colour: Color {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = value * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = value - c
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        return Color(r: r + m, g: g + m, b: b + m, a: alpha)
    }

    /// A channel's place on its bar, 0…1.
    func fraction(_ channel: Channel) -> Double {
        switch channel {
        case .hue: return hue / 360
        case .saturation: return saturation
        case .value: return value
        case .alpha: return alpha
        }
    }

    /// Sets a channel from its place on its bar (clamped to 0…1).
    mutating func set(_ channel: Channel, fraction: Double) {
        let f = ColourPick.unit(fraction)
        switch channel {
        case .hue: hue = f * 360
        case .saturation: saturation = f
        case .value: value = f
        case .alpha: alpha = f
        }
    }

    /// The colour as hex text in the style of `original` (`"#ff8800"`, `"#FF880080"`, or a
    /// CSS name, which becomes lower-case hex).
    func text(like original: String) -> String {
        let c = colour
        let withAlpha = alpha < 1 || (original.hasPrefix("#") && (original.count == 9 || original.count == 5))
        let uppercase = original.hasPrefix("#") && original.contains { "ABCDEF".contains($0) }
            && !original.contains { "abcdef".contains($0) }
        var text = "#"
        for component in withAlpha ? [c.r, c.g, c.b, c.a] : [c.r, c.g, c.b] {
            text += String(format: uppercase ? "%02X" : "%02x", Int((ColourPick.unit(component) * 255).rounded()))
        }
        return text
    }

    private static func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
}
