/// Reads and writes values of each kind as consecutive `Double`s in a layer's flat storage.
///
/// This is what keeps per-frame evaluation free of closures, dictionaries and copies: a resolved
/// key path is an offset and a kind.
enum FlatValues {
    /// Writes `value` (of `spec`'s kind) at `spec.offset` from `base`.
    @inline(__always)
    static func store(_ value: AnimationValue, _ spec: PropertySpec, _ base: UnsafeMutablePointer<Double>) {
        if case .choice(let name) = value, case .choice(let options) = spec.kind {
            base[spec.offset] = Double(options.firstIndex(of: name) ?? 0)
            return
        }
        store(value, kind: spec.kind, at: base + spec.offset)
    }

    /// Reads the value of `spec` at `spec.offset` from `base`.
    @inline(__always)
    static func load(_ spec: PropertySpec, _ base: UnsafeMutablePointer<Double>) -> AnimationValue {
        if case .choice(let options) = spec.kind {
            let index = Int(base[spec.offset])
            return .choice(index >= 0 && index < options.count ? options[index] : (options.first ?? ""))
        }
        return load(kind: spec.kind, at: base + spec.offset)
    }

    /// Writes a value of `kind` at `p` (choices and arrays are handled by the caller).
    @inline(__always)
    static func store(_ value: AnimationValue, kind: ValueKind, at p: UnsafeMutablePointer<Double>) {
        switch kind {
        case .number: p[0] = value.number
        case .bool: p[0] = value.bool ? 1 : 0
        case .point:
            let v = value.point
            p[0] = v.x; p[1] = v.y
        case .size:
            let v = value.size
            p[0] = v.width; p[1] = v.height
        case .rect:
            let v = value.rect
            p[0] = v.origin.x; p[1] = v.origin.y; p[2] = v.size.width; p[3] = v.size.height
        case .color:
            let v = value.color
            p[0] = v.r; p[1] = v.g; p[2] = v.b; p[3] = v.a
        case .transform:
            storeTransform(value.transform, at: p)
        case .choice, .numbers, .colors, .path:
            break
        }
    }

    /// Reads a value of `kind` at `p`.
    @inline(__always)
    static func load(kind: ValueKind, at p: UnsafeMutablePointer<Double>) -> AnimationValue {
        switch kind {
        case .number: return .number(p[0])
        case .bool: return .bool(p[0] != 0)
        case .point: return .point(Point(x: p[0], y: p[1]))
        case .size: return .size(Size(width: p[0], height: p[1]))
        case .rect: return .rect(Rect(x: p[0], y: p[1], width: p[2], height: p[3]))
        case .color: return .color(Color(r: p[0], g: p[1], b: p[2], a: p[3]))
        case .transform: return .transform(loadTransform(at: p))
        case .choice: return .choice("")
        case .numbers: return .numbers([])
        case .colors: return .colors([])
        case .path: return .path(Path())
        }
    }

    /// Reads a transform's sixteen numbers, row by row, at `p`.
    @inline(__always)
    static func loadTransform(at p: UnsafeMutablePointer<Double>) -> Transform3D {
        Transform3D(m11: p[0], m12: p[1], m13: p[2], m14: p[3],
                    m21: p[4], m22: p[5], m23: p[6], m24: p[7],
                    m31: p[8], m32: p[9], m33: p[10], m34: p[11],
                    m41: p[12], m42: p[13], m43: p[14], m44: p[15])
    }

    /// Writes a transform's sixteen numbers, row by row, at `p`.
    @inline(__always)
    static func storeTransform(_ t: Transform3D, at p: UnsafeMutablePointer<Double>) {
        p[0] = t.m11; p[1] = t.m12; p[2] = t.m13; p[3] = t.m14
        p[4] = t.m21; p[5] = t.m22; p[6] = t.m23; p[7] = t.m24
        p[8] = t.m31; p[9] = t.m32; p[10] = t.m33; p[11] = t.m34
        p[12] = t.m41; p[13] = t.m42; p[14] = t.m43; p[15] = t.m44
    }
}
