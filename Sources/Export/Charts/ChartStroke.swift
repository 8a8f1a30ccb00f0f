/// How a chart's line is drawn: a presentation value solid, a model value dashed, key times
/// dotted, a spring's settling dash-dotted.
public enum ChartStroke: Sendable, Equatable {
    case solid, dashed, dotted, dashDot

    /// The dash lengths, on and off, in points for a line `width` wide (empty when solid).
    public func dashes(width: Double) -> [Double] {
        switch self {
        case .solid: return []
        case .dashed: return [4 * width, 2.5 * width]
        case .dotted: return [width, 2.5 * width]
        case .dashDot: return [5 * width, 2 * width, width, 2 * width]
        }
    }
}
