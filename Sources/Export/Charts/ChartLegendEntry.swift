import LayerKit
import Render

/// One entry of a chart's legend: a short line drawn the way the thing it names is drawn, and
/// its name; with no stroke, a note of text alone.
public struct ChartLegendEntry: Sendable {
    public var label: String
    public var color: Color
    public var stroke: ChartStroke?

    public init(label: String, color: Color, stroke: ChartStroke?) {
        self.label = label
        self.color = color
        self.stroke = stroke
    }
}
