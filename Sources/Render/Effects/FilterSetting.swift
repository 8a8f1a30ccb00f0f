import LayerKit

/// One filter as a frame draws it: its kind and its inputs' values (presentation, clamped),
/// what an offscreen image applies and compares to know whether it changed.
struct FilterSetting: Equatable {
    let kind: FilterKind
    let values: [Double]

    init(_ filter: Filter, _ slot: StateSlot) {
        kind = filter.kind
        values = filter.kind.inputs.map { filter.drawnValue($0, slot) }
    }

    private func value(_ input: FilterInput) -> Double {
        guard let i = kind.inputs.firstIndex(of: input) else { return kind.defaultValue(input) }
        return values[i]
    }

    /// The gaussian's standard deviation in points (Core Image's `inputRadius`), 0 for none.
    var sigma: Double {
        kind == .colorControls ? 0 : value(.inputRadius)
    }

    /// How far past what it is given the filter draws, in points: three standard deviations.
    var reach: Double { 3 * sigma }

    /// Applies the filter to premultiplied pixels drawn at `scale` texels a point.
    func apply(_ pixels: inout [UInt32], width: Int, height: Int, scale: Double) {
        switch kind {
        case .gaussianBlur:
            GaussianBlur.blur(&pixels, width: width, height: height, sigma: sigma * scale)
        case .colorControls:
            ColorControls.apply(&pixels, saturation: value(.inputSaturation), brightness: value(.inputBrightness),
                                contrast: value(.inputContrast))
        case .bloom:
            Bloom.apply(&pixels, width: width, height: height, sigma: sigma * scale, intensity: value(.inputIntensity))
        }
    }
}
