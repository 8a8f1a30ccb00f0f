import Foundation

/// A Lua numeral as written: its value, and how it is printed — so that a changed value is
/// written back the same way (`0.25` → `0.26`, `120` → `121`, `2.5e-3` → `2.6e-3`, `0xff` →
/// `0x100`), and so that a change moves by a step its printing suggests.
public struct NumberText: Equatable, Sendable {
    /// How the numeral is printed.
    public enum Style: Equatable, Sendable {
        /// Decimal: `decimals` digits after the point (`hasPoint` when there is a point, even
        /// with none after it: `3.`), an optional exponent as written (`e-3`), and whether it
        /// starts with the point (`.5`).
        case decimal(decimals: Int, hasPoint: Bool, exponent: Int?, exponentText: String?, leadingPoint: Bool)
        /// A hexadecimal integer with `digits` digits, upper-case letters or not.
        case hexInteger(digits: Int, uppercase: Bool)
        /// A hexadecimal float (`0x1.8p3`): changed values are written as decimals.
        case hexFloat
    }

    /// The numeral's value, its sign included.
    public let value: Double
    /// Whether Lua reads it as an integer (no point, no exponent; hex without `p`).
    public let isInteger: Bool
    public let style: Style
    /// Whether the text starts with a unary minus.
    public let negative: Bool

    /// Reads `text`, a numeral with an optional leading `-`; nil when Lua would not read it.
    public init?<Bytes: Collection>(_ text: Bytes) where Bytes.Element == UInt8 {
        var body = Array(text)
        negative = body.first == Byte.minus
        if negative { body.removeFirst() }
        guard let first = body.first else { return nil }
        let sign: Double = negative ? -1 : 1
        if body.count > 2, first == UInt8(ascii: "0"), body[1] == UInt8(ascii: "x") || body[1] == UInt8(ascii: "X") {
            let digits = body.dropFirst(2)
            if digits.allSatisfy(Byte.isHexDigit) {
                // Lua wraps hexadecimal integers around 2^64.
                var wrapped: UInt64 = 0
                for c in digits { wrapped = wrapped &* 16 &+ UInt64(NumberText.hexValue(c)) }
                value = sign * Double(Int64(bitPattern: wrapped))
                isInteger = true
                let uppercase = digits.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") }
                style = .hexInteger(digits: digits.count, uppercase: uppercase)
                return
            }
            guard let parsed = NumberText.hexFloat(Array(digits)) else { return nil }
            value = sign * parsed
            isInteger = false
            style = .hexFloat
            return
        }
        guard Byte.isDigit(first) || first == Byte.dot else { return nil }
        let string = String(decoding: body, as: UTF8.self)
        guard let parsed = Double(string) else { return nil }
        let exponentAt = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = exponentAt.map { Array(body[..<$0]) } ?? body
        guard mantissa.contains(where: Byte.isDigit),
              mantissa.allSatisfy({ Byte.isDigit($0) || $0 == Byte.dot }),
              mantissa.filter({ $0 == Byte.dot }).count <= 1 else { return nil }
        let point = mantissa.firstIndex(of: Byte.dot)
        let decimals = point.map { mantissa.count - $0 - 1 } ?? 0
        var exponent: Int?
        var exponentText: String?
        if let exponentAt {
            let text = String(decoding: body[exponentAt...], as: UTF8.self)
            guard let e = Int(text.dropFirst()), abs(e) < 400 else { return nil }
            exponent = e
            exponentText = text
        }
        value = sign * parsed
        isInteger = point == nil && exponentAt == nil && parsed < 9.2e18
        style = .decimal(decimals: decimals, hasPoint: point != nil, exponent: exponent, exponentText: exponentText,
                         leadingPoint: first == Byte.dot)
    }

    /// The step one press of Up or Down moves by, from how the numeral is printed: one unit of
    /// its last digit (`0.25` → 0.01, `120` → 1, `2.5e-3` → 0.1e-3, `0xff` → 1).
    public var step: Double {
        switch style {
        case let .decimal(decimals, _, exponent, _, _):
            return NumberText.power(of10: (exponent ?? 0) - decimals)
        case .hexInteger:
            return 1
        case .hexFloat:
            return magnitudeStep(of: value)
        }
    }

    /// `newValue` printed as this numeral is printed: the same style, with as many decimals as
    /// `step` needs (a step of 0.001 on `0.25` gives `0.251`); nil for a value that is not finite.
    public func formatted(_ newValue: Double, step: Double? = nil) -> String? {
        guard newValue.isFinite else { return nil }
        let step = step ?? self.step
        switch style {
        case let .decimal(decimals, hasPoint, exponent, exponentText, leadingPoint):
            let scale = NumberText.power(of10: exponent ?? 0)
            let needed = max(decimals, NumberText.decimals(of: step / scale))
            var mantissa = newValue / scale
            // Rounded to the digits printed, so that no "-0.00" is written.
            let unit = NumberText.power(of10: -needed)
            mantissa = (mantissa / unit).rounded() * unit
            if mantissa == 0 { mantissa = 0 }
            var text: String
            if needed == 0 {
                guard abs(mantissa) < 9.2e18 else { return nil }
                text = String(Int64(mantissa.rounded()))
                if hasPoint { text += "." }
            } else {
                text = String(format: "%.\(needed)f", mantissa)
            }
            if leadingPoint {
                if text.hasPrefix("0.") { text.removeFirst() } else if text.hasPrefix("-0.") { text.remove(at: text.index(after: text.startIndex)) }
            }
            return text + (exponentText ?? "")
        case let .hexInteger(digits, uppercase):
            let whole = newValue.rounded()
            guard whole == newValue, abs(whole) < 9.2e18 else {
                return NumberText.plainDecimal(newValue, step: step)
            }
            let magnitude = String(UInt64(abs(whole)), radix: 16, uppercase: uppercase)
            let padded = String(repeating: "0", count: max(digits - magnitude.count, 0)) + magnitude
            return (whole < 0 ? "-0x" : "0x") + padded
        case .hexFloat:
            return NumberText.plainDecimal(newValue, step: step)
        }
    }

    /// `value` with as many decimals as `step` has.
    static func plainDecimal(_ value: Double, step: Double) -> String {
        let decimals = NumberText.decimals(of: step)
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && (Double(text) ?? 1) == 0 ? String(text.dropFirst()) : text
    }

    /// The digits after the point a step needs (0.01 → 2, 10 → 0).
    static func decimals(of step: Double) -> Int {
        guard step > 0, step.isFinite else { return 0 }
        var scaled = step
        var decimals = 0
        while decimals < 15 && abs(scaled - scaled.rounded()) > 1e-9 * max(1, scaled) {
            scaled *= 10
            decimals += 1
        }
        return decimals
    }

    static func power(of10 exponent: Int) -> Double {
        // Exact for the exponents numerals use; `pow` is not always exact for negative ones.
        exponent >= 0 ? pow(10, Double(exponent)) : 1 / pow(10, Double(-exponent))
    }

    private func magnitudeStep(of value: Double) -> Double {
        guard value != 0 else { return 0.01 }
        return NumberText.power(of10: Int(log10(abs(value)).rounded(.down)) - 2)
    }

    private static func hexValue(_ c: UInt8) -> UInt8 {
        Byte.isDigit(c) ? c - 0x30 : (c | 0x20) - UInt8(ascii: "a") + 10
    }

    /// The value of a hexadecimal float's digits after `0x` (`1.8p3`, `.1P-4`, `A.8`).
    private static func hexFloat(_ digits: [UInt8]) -> Double? {
        let pAt = digits.firstIndex { $0 == UInt8(ascii: "p") || $0 == UInt8(ascii: "P") }
        let mantissa = pAt.map { Array(digits[..<$0]) } ?? digits
        guard mantissa.contains(where: Byte.isHexDigit), mantissa.filter({ $0 == Byte.dot }).count <= 1,
              mantissa.allSatisfy({ Byte.isHexDigit($0) || $0 == Byte.dot }) else { return nil }
        var exponent = 0
        if let pAt {
            guard let e = Int(String(decoding: digits[(pAt + 1)...], as: UTF8.self)) else { return nil }
            exponent = e
        }
        var value = 0.0
        var scale = 0
        var afterPoint = false
        for c in mantissa {
            if c == Byte.dot {
                afterPoint = true
                continue
            }
            value = value * 16 + Double(hexValue(c))
            if afterPoint { scale -= 4 }
        }
        return scalbn(value, exponent + scale)
    }
}
