/// One entry of a chart's legend: a short line drawn the way the thing it names is drawn, and
/// its name; with no stroke, a note of text alone.
public struct ChartLegendEntry: Sendable {
    public var label: String
    public var ink: ChartInk
    public var stroke: ChartStroke?

    public init(label: String, ink: ChartInk, stroke: ChartStroke?) {
        self.label = label
        self.ink = ink
        self.stroke = stroke
    }
}
