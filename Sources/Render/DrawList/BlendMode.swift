import LayerKit

/// How a drawn pixel combines with what is already there. Colours are premultiplied.
public enum BlendMode: Sendable, Hashable {
    /// Source over destination (Core Animation's normal compositing).
    case normal
    /// Source added to destination (an emitter's `additive` render mode, `additionCompositing`).
    case additive
    // The blend modes of `compositingFilter`, as the W3C/PDF compositing
    // specification (and Core Image) define them (see BlendMode+Formulas.swift).
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    // The non-separable ones, which mix whole colours by hue, saturation and luminosity.
    case hue, saturation, color, luminosity
    // Porter and Duff's operators besides source over (Core Image's `CISource…Compositing`).
    case sourceIn, sourceOut, sourceAtop

    /// The blend mode a layer's `compositingFilter` names.
    public init(_ filter: CompositingFilter) {
        switch filter {
        case .multiplyBlendMode: self = .multiply
        case .screenBlendMode: self = .screen
        case .overlayBlendMode: self = .overlay
        case .darkenBlendMode: self = .darken
        case .lightenBlendMode: self = .lighten
        case .colorDodgeBlendMode: self = .colorDodge
        case .colorBurnBlendMode: self = .colorBurn
        case .softLightBlendMode: self = .softLight
        case .hardLightBlendMode: self = .hardLight
        case .differenceBlendMode: self = .difference
        case .exclusionBlendMode: self = .exclusion
        case .hueBlendMode: self = .hue
        case .saturationBlendMode: self = .saturation
        case .colorBlendMode: self = .color
        case .luminosityBlendMode: self = .luminosity
        case .additionCompositing: self = .additive
        case .sourceOverCompositing: self = .normal
        case .sourceInCompositing: self = .sourceIn
        case .sourceOutCompositing: self = .sourceOut
        case .sourceAtopCompositing: self = .sourceAtop
        }
    }
}
