import LayerKit

/// How value kinds read in the docs.
enum LuaTypes {
    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .choice(let options): return options.map { "`\"\($0)\"`" }.joined(separator: " ")
        default: return kind.description
        }
    }

    static func lua(_ kind: ValueKind) -> String {
        switch kind {
        case .number: return "number"
        case .bool: return "boolean"
        case .point: return "ca.Point"
        case .size: return "ca.Size"
        case .rect: return "ca.Rect"
        case .color: return "ca.Color"
        case .transform: return "Transform3D"
        case .numbers: return "number[]"
        case .colors: return "ca.Color[]"
        case .path: return "Path?"
        case .choice(let options): return options.map { "\"\($0)\"" }.joined(separator: "|")
        }
    }

    static func literal(_ value: AnimationValue) -> String {
        switch value {
        case .number(let v): return v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
        case .bool(let b): return String(b)
        case .point(let p): return "{\(fmt(p.x)), \(fmt(p.y))}"
        case .size(let s): return "{\(fmt(s.width)), \(fmt(s.height))}"
        case .rect(let r): return "{\(fmt(r.origin.x)), \(fmt(r.origin.y)), \(fmt(r.size.width)), \(fmt(r.size.height))}"
        case .color(let c): return c == .clear ? "clear" : c.hexString
        case .transform(let t): return t.isIdentity ? "identity" : "a transform"
        case .numbers(let a): return a.isEmpty ? "none" : "\(a)"
        case .colors(let a): return a.isEmpty ? "none" : "\(a.count) colours"
        case .choice(let s): return "\"\(s)\""
        case .path(let p): return p.isEmpty ? "none" : "a path"
        }
    }

    private static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
