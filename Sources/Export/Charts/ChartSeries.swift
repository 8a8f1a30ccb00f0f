/// One line of a chart: a component of a value over time, in the presentation or the model.
public struct ChartSeries: Sendable {
    public var name: String
    public var ink: ChartInk
    public var stroke: ChartStroke
    /// The points, in data units; a nil y breaks the line (the value was not there).
    public var xs: [Double]
    public var ys: [Double?]

    public init(name: String, ink: ChartInk, stroke: ChartStroke, xs: [Double], ys: [Double?]) {
        self.name = name
        self.ink = ink
        self.stroke = stroke
        self.xs = xs
        self.ys = ys
    }
}
