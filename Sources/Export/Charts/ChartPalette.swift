import LayerKit
import Render

/// The colours a chart is drawn in: one for each `ChartInk`, and the background and grid.
public struct ChartPalette: Sendable {
    /// Line colours, in the order components take them; they repeat past the end.
    public var series: [Color]
    public var background: Color
    public var text: Color
    public var axis: Color
    public var grid: Color
    public var mark: Color
    public var comparison: Color

    public init(series: [Color], background: Color, text: Color, axis: Color, grid: Color, mark: Color,
                comparison: Color) {
        self.series = series
        self.background = background
        self.text = text
        self.axis = axis
        self.grid = grid
        self.mark = mark
        self.comparison = comparison
    }

    /// The colour of `ink`.
    public func color(_ ink: ChartInk) -> Color {
        switch ink {
        case .series(let index): return series[((index % series.count) + series.count) % series.count]
        case .text: return text
        case .axis: return axis
        case .mark: return mark
        case .comparison: return comparison
        }
    }

    /// On white: for the lines, Okabe and Ito's colour-blind-safe set without its yellow and
    /// pale blue (which wash out on a projector), each dark or saturated enough to stay apart
    /// from the others there.
    public static let paper = ChartPalette(
        series: [0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00, 0x000000, 0x8C564B].map(rgb),
        background: .white, text: rgb(0x1A1A1A), axis: rgb(0x333333), grid: rgb(0xDDDDDD), mark: rgb(0x555555),
        comparison: rgb(0x8A8A8A))

    /// The colour `0xRRGGBB`, opaque.
    public static func rgb(_ hex: Int) -> Color {
        Color(r: Double((hex >> 16) & 0xFF) / 255, g: Double((hex >> 8) & 0xFF) / 255, b: Double(hex & 0xFF) / 255)
    }
}
