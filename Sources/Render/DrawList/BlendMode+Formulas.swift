/// The separable blend modes on premultiplied colour, as the W3C Compositing and Blending
/// specification (which Core Image's blend-mode filters follow) defines them: with source s and
/// backdrop b premultiplied, and S = s/αs, B = b/αb their straight colours,
/// result = s(1 − αb) + b(1 − αs) + αs αb · mix(B, S), alpha = αs + αb − αs αb.
extension BlendMode {
    /// `mix(B, S)` for one channel in 0…1.
    @inline(__always) func mix(_ b: Float, _ s: Float) -> Float {
        switch self {
        case .normal: return s
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
        }
    }

    /// Blends widened premultiplied source `s` onto backdrop `d` (0x00AA_00BB_00GG_00RR each).
    func composite(_ d: UInt64, _ s: UInt64) -> UInt64 {
        let sa = Float((s >> 48) & 0xFF) / 255
        guard sa > 0 else { return d }
        let da = Float((d >> 48) & 0xFF) / 255
        @inline(__always) func channel(_ shift: UInt64) -> UInt64 {
            let sc = Float((s >> shift) & 0xFF) / 255, dc = Float((d >> shift) & 0xFF) / 255
            let straightS = min(1, sc / sa), straightD = da > 0 ? min(1, dc / da) : 0
            let c = sc * (1 - da) + dc * (1 - sa) + sa * da * mix(straightD, straightS)
            return UInt64(min(255, max(0, c * 255 + 0.5))) << shift
        }
        let a = sa + da - sa * da
        return channel(0) | channel(16) | channel(32) | UInt64(min(255, max(0, a * 255 + 0.5))) << 48
    }
}
