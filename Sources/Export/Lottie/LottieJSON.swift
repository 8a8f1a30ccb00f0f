import Foundation

/// A JSON value as the Lottie writer makes it: objects keep the order their keys were given in
/// and numbers carry how many decimals a player can show, so the same scene always gives the
/// same bytes.
public indirect enum LottieJSON: Equatable, Sendable {
    case object([(String, LottieJSON)])
    case array([LottieJSON])
    /// A number written with at most `decimals` digits after the point (trailing zeros dropped).
    case number(Double, decimals: Int)
    case string(String)
    case bool(Bool)

    public static func == (a: LottieJSON, b: LottieJSON) -> Bool { a.text == b.text }

    /// An integer.
    static func int(_ value: Int) -> LottieJSON { .number(Double(value), decimals: 0) }

    /// The compact text of the value.
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .object(let members):
            out.append("{")
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(",") }
                LottieJSON.writeString(key, into: &out)
                out.append(":")
                value.write(into: &out)
            }
            out.append("}")
        case .array(let items):
            out.append("[")
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(",") }
                item.write(into: &out)
            }
            out.append("]")
        case .number(let value, let decimals):
            out.append(LottieJSON.numberText(value, decimals: decimals))
        case .string(let s):
            LottieJSON.writeString(s, into: &out)
        case .bool(let b):
            out.append(b ? "true" : "false")
        }
    }

    /// `value` rounded to `decimals` places, without trailing zeros, "-0" or exponents; a number
    /// that is not finite is written as 0 (JSON has no form for it).
    static func numberText(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let places = max(0, min(decimals, 6))
        let scale = pow(10, Double(places))
        let units = (value * scale).rounded()
        if units == 0 { return "0" }
        if abs(units) < 1e15 {
            // Whole units of the last place, written as digits: a file holds hundreds of
            // thousands of numbers, and formatting each through printf is most of writing it.
            let n = Int64(abs(units)), unit = Int64(scale)
            var text = (units < 0 ? "-" : "") + String(n / unit)
            var fraction = n % unit
            if fraction > 0 {
                var digits = places
                while fraction % 10 == 0 {
                    fraction /= 10
                    digits -= 1
                }
                let written = String(fraction)
                text += "." + String(repeating: "0", count: digits - written.count) + written
            }
            return text
        }
        let rounded = units / scale
        var text = String(format: "%.\(places)f", rounded)
        if places > 0 {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    static func writeString(_ s: String, into out: inout String) {
        out.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            default:
                if scalar.value < 0x20 {
                    out.append(String(format: "\\u%04x", scalar.value))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }
}
