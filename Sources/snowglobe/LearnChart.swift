import Export
import Foundation
import Learn

/// The chart `learn check --chart` writes: each checked key path's changing components, the
/// target's dashed and the submission's solid in the same colour, over the checked time.
enum LearnChart {
    static func chart(exercise: Exercise, target: Behaviour, own: Behaviour.Curves, file: String) -> Chart {
        var series: [ChartSeries] = []
        var legend: [ChartLegendEntry] = []
        let changing = target.series.filter { item in
            let values = item.values.compactMap { $0 }
            return (values.max() ?? 0) - (values.min() ?? 0) > 1e-9
        }
        for (colorIndex, item) in (changing.isEmpty ? target.series : changing).enumerated() {
            series.append(ChartSeries(name: item.label + " (target)", ink: .series(colorIndex), stroke: .dashed,
                                      xs: target.times, ys: item.values))
            if let mine = own.series.first(where: { $0.keyPath == item.keyPath && $0.component == item.component }),
               mine.values.count == own.times.count {
                series.append(ChartSeries(name: item.label, ink: .series(colorIndex), stroke: .solid, xs: own.times, ys: mine.values))
            }
            legend.append(ChartLegendEntry(label: item.label, ink: .series(colorIndex), stroke: .solid))
        }
        legend.append(ChartLegendEntry(label: "yours", ink: .axis, stroke: .solid))
        legend.append(ChartLegendEntry(label: "the target", ink: .axis, stroke: .dashed))
        let check = exercise.check
        return Chart(title: "\(exercise.name) · \(file) · '\(check.layer)'", xTitle: "time (s)",
                     yTitle: check.keyPaths.joined(separator: ", "), xLower: check.from, xUpper: check.to,
                     series: series, marks: [], legend: legend)
    }

    /// Writes the chart as SVG or PNG, by `path`'s extension, `width` × `height`; whole or not
    /// at all (a reader never sees half a file).
    static func write(_ chart: Chart, to path: String, width: Int = 960, height: Int = 540) throws {
        let staged = StagedFile(path)
        do {
            if path.lowercased().hasSuffix(".png") {
                try ChartFile.writePNG(chart, width: width, height: height, to: staged.temporary)
            } else {
                try ChartFile.writeSVG(chart, width: width, height: height, to: staged.temporary)
            }
            try staged.commit()
        } catch {
            staged.discard()
            throw error
        }
    }
}
