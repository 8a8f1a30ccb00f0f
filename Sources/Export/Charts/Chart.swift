/// A line chart of values over time, as data: a title, what each axis shows, the lines, the
/// marks and the legend. `ChartLayout` places it in a frame of a given size and `ChartPainter`
/// draws it with Cairo; nothing here depends on how it is drawn, so that a window can draw the
/// same chart with layers.
public struct Chart: Sendable {
    public var title: String
    public var xTitle: String
    public var yTitle: String
    /// The range of x shown, exactly (ticks fall inside it).
    public var xLower: Double
    public var xUpper: Double
    /// Model lines first, so that the presentation lines are drawn over them.
    public var series: [ChartSeries]
    public var marks: [ChartMarks]
    public var legend: [ChartLegendEntry]
    /// Which way up values are drawn: `.down` puts larger values lower, as on screen.
    public var direction: ChartDirection
    /// Values the y axis takes in whatever the lines do (a timing curve's 0 and 1).
    public var yIncludes: [Double] = []

    public init(title: String, xTitle: String, yTitle: String, xLower: Double, xUpper: Double,
                series: [ChartSeries], marks: [ChartMarks], legend: [ChartLegendEntry], direction: ChartDirection = .up) {
        self.title = title
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.xLower = xLower
        self.xUpper = xUpper
        self.series = series
        self.marks = marks
        self.legend = legend
        self.direction = direction
    }

    /// The lowest and highest finite y of every series and of `yIncludes` (0…1 when there is
    /// none).
    public var yExtent: (lower: Double, upper: Double) {
        var lower = Double.infinity, upper = -Double.infinity
        for y in yIncludes where y.isFinite {
            lower = min(lower, y)
            upper = max(upper, y)
        }
        for line in series {
            for case let y? in line.ys where y.isFinite {
                lower = min(lower, y)
                upper = max(upper, y)
            }
        }
        return lower <= upper ? (lower, upper) : (0, 1)
    }
}
