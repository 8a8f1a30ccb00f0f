/// Vertical lines across a chart at moments of one kind (a keyframe animation's key times, a
/// spring's settling).
public struct ChartMarks: Sendable {
    public var name: String
    public var xs: [Double]
    public var stroke: ChartStroke

    public init(name: String, xs: [Double], stroke: ChartStroke) {
        self.name = name
        self.xs = xs
        self.stroke = stroke
    }
}
