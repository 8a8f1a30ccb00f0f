/// How a layer, composed as a group with its sublayers, combines with what is behind it
/// (macOS's `compositingFilter`, by Core Image's names). Each blend mode is the W3C/PDF
/// compositing formula Core Image implements, on premultiplied colour; the `source…`
/// operators are Porter and Duff's, which Core Image offers as compositing filters.
public enum CompositingFilter: String, CaseIterable, Sendable {
    case multiplyBlendMode, screenBlendMode, overlayBlendMode, darkenBlendMode, lightenBlendMode
    case colorDodgeBlendMode, colorBurnBlendMode, softLightBlendMode, hardLightBlendMode
    case differenceBlendMode, exclusionBlendMode
    case hueBlendMode, saturationBlendMode, colorBlendMode, luminosityBlendMode
    case additionCompositing
    case sourceOverCompositing, sourceInCompositing, sourceOutCompositing, sourceAtopCompositing

    /// Core Image's name for the filter: "CI" and the name capitalised (`CIMultiplyBlendMode`).
    public var coreImageName: String {
        "CI" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// The filter named `name`, by Snowglobe's name or Core Image's.
    public init?(name: String) {
        if let filter = CompositingFilter(rawValue: name) {
            self = filter
        } else if let filter = CompositingFilter.allCases.first(where: { $0.coreImageName == name }) {
            self = filter
        } else {
            return nil
        }
    }
}
