import LayerKit
import Playback
import Render

extension KeyPathRecording {
    /// The recording as a chart titled `title`: for each component, the presentation value as a
    /// solid line and the model value dashed under it, in the component's colour; key times
    /// dotted and a spring's settling dash-dotted. A value of more than four components (a
    /// transform) shows only those that change, and the legend names the others. Values are
    /// drawn `direction` up (nil: as the key path reads naturally, `ChartDirection.natural`).
    public func chart(title: String, direction: ChartDirection? = nil) -> Chart {
        let times = samples.map(\.time)
        func column(_ index: Int, _ values: KeyPath<Sample, [Double?]>) -> [Double?] {
            samples.map { index < $0[keyPath: values].count ? $0[keyPath: values][index] : nil }
        }
        let shown = components.count > 4 ? components.indices.filter { varies(column($0, \.presentation) + column($0, \.model)) }
                                         : Array(components.indices)
        let drawn = shown.isEmpty ? Array(components.indices) : shown
        let single = components.count == 1
        var series: [ChartSeries] = []
        var legend: [ChartLegendEntry] = []
        for (colorIndex, index) in drawn.enumerated() {
            let name = components[index]
            series.append(ChartSeries(name: name + " (model)", ink: .series(colorIndex), stroke: .dashed, xs: times,
                                      ys: column(index, \.model)))
            legend.append(ChartLegendEntry(label: single ? "presentation value" : name,
                                           ink: .series(colorIndex), stroke: .solid))
        }
        for (colorIndex, index) in drawn.enumerated() {
            series.append(ChartSeries(name: components[index], ink: .series(colorIndex), stroke: .solid, xs: times,
                                      ys: column(index, \.presentation)))
        }
        legend.append(ChartLegendEntry(label: "model value", ink: single ? .series(0) : .axis,
                                       stroke: .dashed))
        var marks: [ChartMarks] = []
        for (kind, name, stroke) in [(AnimationMark.Kind.keyTime, "key times", ChartStroke.dotted),
                                     (.settled, "spring at rest", .dashDot)] {
            let xs = self.marks.filter { $0.kind == kind }.map(\.time)
            guard !xs.isEmpty else { continue }
            marks.append(ChartMarks(name: name, xs: xs, stroke: stroke))
            legend.append(ChartLegendEntry(label: name, ink: .mark, stroke: stroke))
        }
        let constant = components.indices.filter { !drawn.contains($0) }.map { components[$0] }
        if !constant.isEmpty {
            legend.append(ChartLegendEntry(label: "constant: " + constant.joined(separator: ", "), ink: .text,
                                           stroke: nil))
        }
        let natural = ChartDirection.natural(keyPath: keyPath, components: drawn.map { components[$0] })
        return Chart(title: title, xTitle: "time (s)", yTitle: keyPath, xLower: start, xUpper: end,
                     series: series, marks: marks, legend: legend, direction: direction ?? natural)
    }

    /// Whether the numbers present differ from one another by more than rounding (a rotation
    /// decomposed from a matrix leaves its scale a hair from 1).
    private func varies(_ values: [Double?]) -> Bool {
        let present = values.compactMap { $0 }
        guard let first = present.first else { return false }
        return present.contains { !(abs($0 - first) <= 1e-9 * max(1, abs(first))) }
    }
}
