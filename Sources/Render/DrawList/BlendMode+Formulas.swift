/// The blend modes on premultiplied colour, as the W3C Compositing and Blending specification
/// (which Core Image's blend-mode filters follow) defines them: with source s and backdrop b
/// premultiplied, and S = s/αs, B = b/αb their straight colours,
/// result = s(1 − αb) + b(1 − αs) + αs αb · mix(B, S), alpha = αs + αb − αs αb.
/// The Porter–Duff operators weigh source and backdrop instead: result = Fs·s + Fb·b, alpha
/// likewise.
extension BlendMode {
    /// `mix(B, S)` for one channel in 0…1, for the separable modes.
    @inline(__always) func mix(_ b: Float, _ s: Float) -> Float {
        switch self {
        case .normal, .sourceIn, .sourceOut, .sourceAtop: return s
        case .additive: return min(1, b + s)
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return BlendMode.hardLight.mix(s, b)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge:
            if b == 0 { return 0 }
            return s >= 1 ? 1 : min(1, b / (1 - s))
        case .colorBurn:
            if b >= 1 { return 1 }
            return s <= 0 ? 0 : 1 - min(1, (1 - b) / s)
        case .hardLight:
            return s <= 0.5 ? b * 2 * s : BlendMode.screen.mix(b, 2 * s - 1)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        case .hue, .saturation, .color, .luminosity: return s
        }
    }

    /// `mix(B, S)` of whole straight colours: the non-separable modes by the specification's
    /// Lum, SetLum, Sat and SetSat, the others channel by channel.
    @inline(__always) func mix(_ b: SIMD3<Float>, _ s: SIMD3<Float>) -> SIMD3<Float> {
        switch self {
        case .hue: return BlendMode.setLum(BlendMode.setSat(s, BlendMode.sat(b)), BlendMode.lum(b))
        case .saturation: return BlendMode.setLum(BlendMode.setSat(b, BlendMode.sat(s)), BlendMode.lum(b))
        case .color: return BlendMode.setLum(s, BlendMode.lum(b))
        case .luminosity: return BlendMode.setLum(b, BlendMode.lum(s))
        default: return SIMD3(mix(b.x, s.x), mix(b.y, s.y), mix(b.z, s.z))
        }
    }

    /// The luminosity the specification weighs colours by.
    static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    /// `c` brought back into 0…1 keeping its luminosity.
    static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = c.min(), x = c.max()
        var c = c
        if n < 0 { c = l + (c - l) * (l / (l - n)) }
        if x > 1 { c = l + (c - l) * ((1 - l) / (x - l)) }
        return c
    }

    /// `c` moved to luminosity `l`.
    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        clipColor(c + (l - lum(c)))
    }

    /// The saturation the specification means: the widest channel less the narrowest.
    static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// `c` with saturation `s`: its largest channel `s`, its smallest 0, the middle one scaled
    /// between (all 0 when `c` is grey).
    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let n = c.min(), range = c.max() - n
        guard range > 0 else { return .zero }
        return (c - n) * (s / range)
    }

    /// How much of the source and of the backdrop a Porter–Duff operator keeps, given their
    /// alphas; nil for the blend modes.
    @inline(__always) func porterDuff(_ sa: Float, _ da: Float) -> (source: Float, backdrop: Float)? {
        switch self {
        case .sourceIn: return (da, 0)
        case .sourceOut: return (1 - da, 0)
        case .sourceAtop: return (da, 1 - sa)
        default: return nil
        }
    }

    /// Blends widened premultiplied source `s` onto backdrop `d` (0x00AA_00BB_00GG_00RR each).
    func composite(_ d: UInt64, _ s: UInt64) -> UInt64 {
        let sa = Float((s >> 48) & 0xFF) / 255
        let da = Float((d >> 48) & 0xFF) / 255
        @inline(__always) func byte(_ v: Float) -> UInt64 { UInt64(min(255, max(0, v * 255 + 0.5))) }
        @inline(__always) func colour(_ p: UInt64) -> SIMD3<Float> {
            SIMD3(Float(p & 0xFF), Float((p >> 16) & 0xFF), Float((p >> 32) & 0xFF)) / 255
        }
        @inline(__always) func pack(_ c: SIMD3<Float>, _ a: Float) -> UInt64 {
            byte(c.x) | byte(c.y) << 16 | byte(c.z) << 32 | byte(a) << 48
        }
        if let (fs, fb) = porterDuff(sa, da) {
            return pack(colour(s) * fs + colour(d) * fb, sa * fs + da * fb)
        }
        guard sa > 0 else { return d }
        let sc = colour(s), dc = colour(d)
        let straightS = (sc / sa).clamped(lowerBound: .zero, upperBound: .one)
        let straightD = da > 0 ? (dc / da).clamped(lowerBound: .zero, upperBound: .one) : .zero
        let c = sc * (1 - da) + dc * (1 - sa) + sa * da * mix(straightD, straightS)
        return pack(c, sa + da - sa * da)
    }
}
