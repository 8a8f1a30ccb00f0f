/// One line of a chart: a component of a value over time, in the presentation or the model.
public struct ChartSeries: Sendable {
    public var name: String
    /// The line's colour, from `ChartPalette.series`.
    public var colorIndex: Int
    public var stroke: ChartStroke
    /// The points, in data units; a nil y breaks the line (the value was not there).
    public var xs: [Double]
    public var ys: [Double?]

    public init(name: String, colorIndex: Int, stroke: ChartStroke, xs: [Double], ys: [Double?]) {
        self.name = name
        self.colorIndex = colorIndex
        self.stroke = stroke
        self.xs = xs
        self.ys = ys
    }
}
