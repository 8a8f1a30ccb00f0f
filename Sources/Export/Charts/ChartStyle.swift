/// The sizes a chart is drawn at, in points (pixels in a PNG): type large enough to read on a
/// projector, lines thick enough to tell apart.
public struct ChartStyle: Sendable {
    public var titleSize = 17.0
    public var textSize = 15.0
    public var padding = 16.0
    /// A presentation line.
    public var lineWidth = 3.0
    /// A model line (dashed, under the presentation).
    public var modelLineWidth = 2.0
    public var markLineWidth = 1.5
    public var gridLineWidth = 1.0
    /// The length of a legend entry's line.
    public var swatchLength = 30.0
    /// Roughly how far apart ticks are.
    public var xTickSpacing = 90.0
    public var yTickSpacing = 55.0

    public init() {}
}
