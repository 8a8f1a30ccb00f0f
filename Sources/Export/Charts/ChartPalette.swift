import LayerKit
import Render

/// A chart's colours, on white: for the lines, Okabe and Ito's colour-blind-safe set without its
/// yellow and pale blue (which wash out on a projector), each dark or saturated enough to stay
/// apart from the others there.
public enum ChartPalette {
    /// Line colours, in the order components take them.
    public static let series: [Color] = [0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00, 0x000000, 0x8C564B]
        .map(rgb)

    /// The colour of line `index` (the palette repeats past its end).
    public static func series(_ index: Int) -> Color {
        series[((index % series.count) + series.count) % series.count]
    }

    public static let background = Color.white
    public static let text = rgb(0x1A1A1A)
    public static let axis = rgb(0x333333)
    public static let grid = rgb(0xDDDDDD)
    /// Marks (key times, settling), drawn behind the lines.
    public static let mark = rgb(0x555555)

    private static func rgb(_ hex: Int) -> Color {
        Color(r: Double((hex >> 16) & 0xFF) / 255, g: Double((hex >> 8) & 0xFF) / 255, b: Double(hex & 0xFF) / 255)
    }
}
