/// What a part of a chart is drawn in, by its role rather than its colour, so that one chart can
/// be drawn on white paper (`plot`, `learn check --chart`) or on the window's dark inspector,
/// each with its own `ChartPalette`.
public enum ChartInk: Sendable, Equatable, Hashable {
    /// Line `index` of the palette's line colours (a component of a value).
    case series(Int)
    case text
    case axis
    /// Marks (key times, a spring's settling), behind the lines.
    case mark
    /// A line shown for comparison: the values before a change not yet written.
    case comparison
}
