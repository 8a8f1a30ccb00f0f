/// The filters a layer's `filters` may hold, by their Core Image names (macOS's CALayer takes
/// CIFilters): each with the inputs it reads and Core Image's defaults for them.
public enum FilterKind: String, CaseIterable, Sendable {
    /// CIGaussianBlur: the image blurred by a gaussian whose standard deviation is the radius.
    case gaussianBlur
    /// CIColorControls: saturation, then brightness added, then contrast about middle grey.
    case colorControls
    /// CIBloom: the image plus a blurred copy of itself, brightened by the intensity.
    case bloom

    /// The inputs this filter reads, in the order the reference lists them.
    public var inputs: [FilterInput] {
        switch self {
        case .gaussianBlur: [.inputRadius]
        case .colorControls: [.inputSaturation, .inputBrightness, .inputContrast]
        case .bloom: [.inputRadius, .inputIntensity]
        }
    }

    /// Core Image's default for `input` on this filter.
    public func defaultValue(_ input: FilterInput) -> Double {
        switch (self, input) {
        case (.gaussianBlur, .inputRadius), (.bloom, .inputRadius): 10
        case (.bloom, .inputIntensity): 0.5
        case (.colorControls, .inputSaturation), (.colorControls, .inputContrast): 1
        default: 0
        }
    }
}

/// An input of a filter (CIFilter's input keys that take numbers).
public enum FilterInput: String, CaseIterable, Sendable {
    case inputRadius, inputIntensity, inputSaturation, inputBrightness, inputContrast

    /// The range a value is clamped to when drawn (Core Image's slider ranges are wider than
    /// what is useful; these only keep the arithmetic sane).
    public var range: ClosedRange<Double> {
        switch self {
        case .inputRadius: 0...256
        case .inputIntensity: 0...16
        case .inputSaturation: 0...16
        case .inputBrightness: -1...1
        case .inputContrast: 0...16
        }
    }
}
