@testable import Export
import Foundation
import LayerKit
import Render
import Testing
import TestSupport

/// The chart model (round ticks, labels, layout, lines) and the chart drawn by Cairo.
@Suite struct ChartTests {
    struct TickCase: Sendable, CustomStringConvertible {
        var description: String
        var lower: Double, upper: Double, count: Int
        var exact: Bool
        var expected: [Double]
        var bounds: (Double, Double)
    }

    static let tickCases: [TickCase] = [
        TickCase(description: "two seconds", lower: 0, upper: 2, count: 8, exact: true,
                 expected: [0, 0.5, 1, 1.5, 2], bounds: (0, 2)),
        TickCase(description: "tenths", lower: 0, upper: 1, count: 10, exact: true,
                 expected: (0...10).map { Double($0) * 0.1 }, bounds: (0, 1)),
        TickCase(description: "a range that starts off a tick", lower: 0.3, upper: 2.2, count: 4, exact: true,
                 expected: [0.5, 1, 1.5, 2], bounds: (0.3, 2.2)),
        TickCase(description: "values to 100", lower: 0, upper: 100, count: 5, exact: false,
                 expected: [0, 20, 40, 60, 80, 100], bounds: (0, 100)),
        TickCase(description: "an overshoot widens to round ticks", lower: -0.1, upper: 1.1, count: 6, exact: false,
                 expected: [-0.2, 0, 0.2, 0.4, 0.6, 0.8, 1, 1.2], bounds: (-0.2, 1.2)),
        TickCase(description: "a constant gets room around it", lower: 3, upper: 3, count: 4, exact: false,
                 expected: [2.6, 2.8, 3, 3.2, 3.4], bounds: (2.6, 3.4)),
        TickCase(description: "zero gets ± 1", lower: 0, upper: 0, count: 4, exact: false,
                 expected: [-1, -0.5, 0, 0.5, 1], bounds: (-1, 1)),
        TickCase(description: "large values", lower: 120, upper: 4_870, count: 5, exact: false,
                 expected: [0, 1_000, 2_000, 3_000, 4_000, 5_000], bounds: (0, 5_000)),
        TickCase(description: "a span too wide to measure is cut to ±1e307", lower: -1e308, upper: 1e308, count: 4,
                 exact: false, expected: [-1e307, -5e306, 0, 5e306, 1e307], bounds: (-1e307, 1e307)),
        TickCase(description: "no finite values", lower: .nan, upper: 1, count: 5, exact: false,
                 expected: [0, 0.2, 0.4, 0.6, 0.8, 1], bounds: (0, 1)),
    ]

    @Test(arguments: tickCases)
    func ticksAreRound(_ c: TickCase) {
        let axis = c.exact ? ChartAxis.exact(c.lower, c.upper, tickCount: c.count)
                           : ChartAxis.rounded(c.lower, c.upper, tickCount: c.count)
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }
        #expect(axis.ticks.count == c.expected.count, "\(axis.ticks)")
        for (tick, expected) in zip(axis.ticks, c.expected) {
            #expect(near(tick, expected), "\(axis.ticks)")
        }
        #expect(near(axis.lower, c.bounds.0) && near(axis.upper, c.bounds.1), "\(axis.lower)…\(axis.upper)")
    }

    @Test(arguments: [(7.0, 1, 10.0), (1.0, 5, 0.2), (0.03, 3, 0.01), (2.0, 8, 0.5), (450.0, 5, 100.0), (0.0, 4, 1.0)])
    func niceStepsAreOneTwoOrFiveTimesAPowerOfTen(span: Double, count: Int, expected: Double) {
        #expect(abs(ChartAxis.niceStep(span, tickCount: count) - expected) < 1e-12)
    }

    @Test func labelsHaveTheDecimalsTheStepNeeds() {
        let seconds = ChartAxis.exact(0, 2, tickCount: 8)
        #expect(seconds.ticks.map(seconds.label) == ["0.0", "0.5", "1.0", "1.5", "2.0"])
        let hundreds = ChartAxis.rounded(0, 100, tickCount: 5)
        #expect(hundreds.label(for: 40) == "40")
        let overshoot = ChartAxis.rounded(-0.1, 1.1, tickCount: 6)
        #expect(overshoot.label(for: -0.2) == "\u{2212}0.2")
        #expect(overshoot.label(for: -1e-17) == "0.0")
        let tenths = ChartAxis.rounded(0.9, 1.4, tickCount: 5)
        #expect(tenths.label(for: 1.4) == "1.4")
        let huge = ChartAxis.rounded(0, 5e7, tickCount: 5)
        #expect(huge.label(for: 1e7) == "1e+07")
    }

    /// A chart of y = x² over 0…2 s, with its model at 4 and a key time at 1 s.
    func square(points: Int = 201) -> Chart {
        let xs = (0..<points).map { 2 * Double($0) / Double(points - 1) }
        return Chart(title: "square", xTitle: "time (s)", yTitle: "value", xLower: 0, xUpper: 2,
                     series: [ChartSeries(name: "model", ink: .series(0), stroke: .dashed, xs: xs, ys: xs.map { _ in 4 }),
                              ChartSeries(name: "value", ink: .series(0), stroke: .solid, xs: xs, ys: xs.map { $0 * $0 })],
                     marks: [ChartMarks(name: "key times", xs: [1], stroke: .dotted)],
                     legend: [ChartLegendEntry(label: "presentation value", ink: .series(0), stroke: .solid),
                              ChartLegendEntry(label: "model value", ink: .series(0), stroke: .dashed),
                              ChartLegendEntry(label: "key times", ink: .mark, stroke: .dotted)])
    }

    /// Text 8 points a character wide and 18 high.
    func layout(_ chart: Chart, width: Double = 960, height: Double = 540) -> ChartLayout {
        ChartLayout(chart: chart, width: width, height: height) { text, role in
            Size(width: Double(text.count) * (role == .title ? 10 : 8), height: 18)
        }
    }

    @Test func theLayoutMapsTheDataIntoThePlotInsideTheFrame() {
        let l = layout(square())
        #expect(l.plot.minX > 0 && l.plot.maxX < 960 && l.plot.minY > 0 && l.plot.maxY < 540)
        #expect(l.x(0) == l.plot.minX && l.x(2) == l.plot.maxX)
        #expect(l.yAxis.lower == 0 && l.yAxis.upper == 4)
        #expect(l.y(0) == l.plot.maxY - l.inset && l.y(4) == l.plot.minY + l.inset)
        #expect(l.y(1) > l.y(2))
        // Labels sit left of and under the plot, the legend above it, the title on top.
        for label in l.yTickLabels { #expect(label.origin.x < l.plot.minX && label.origin.x >= 0) }
        for label in l.xTickLabels { #expect(label.origin.y > l.plot.maxY && label.origin.y + 18 < 540) }
        #expect(l.legend.count == 3)
        for item in l.legend { #expect(item.label.origin.y > l.title.origin.y && item.label.origin.y + 18 < l.plot.minY) }
        #expect(l.xTitle.origin.y > (l.xTickLabels.first?.origin.y ?? 540))
    }

    /// Drawn downwards (screen coordinates), larger values sit lower and the axis says so.
    @Test func aDownwardChartPutsLargerValuesLower() {
        var chart = square()
        chart.direction = .down
        let l = layout(chart)
        #expect(l.y(0) == l.plot.minY + l.inset && l.y(4) == l.plot.maxY - l.inset)
        #expect(l.y(1) < l.y(2))
        #expect(l.yTitle.contains("lower"))
        let labels = l.yTickLabels.sorted { $0.origin.y < $1.origin.y }.map(\.text)
        #expect(labels.first == "0" && labels.last == "4", "\(labels)")
    }

    @Test func theLegendWrapsInANarrowFrame() {
        let wide = layout(square()), narrow = layout(square(), width: 260)
        #expect(Set(wide.legend.map(\.label.origin.y)).count == 1)
        #expect(Set(narrow.legend.map(\.label.origin.y)).count == 3)
        #expect(narrow.plot.minY > wide.plot.minY)
        for item in narrow.legend { #expect(item.label.origin.x + Double(item.entry.label.count) * 8 <= 260) }
    }

    @Test func linesBreakWhereAValueIsMissing() {
        let series = ChartSeries(name: "gaps", ink: .series(0), stroke: .solid, xs: [0, 0.5, 1, 1.5, 2],
                                 ys: [0, 1, nil, 2, .nan])
        let l = layout(square())
        let lines = l.polylines(series)
        // [0, 0.5] is a line; 1.5 alone is not.
        #expect(lines.count == 1)
        #expect(lines.first?.count == 2)
    }

    @Test func aDenseSeriesKeepsItsExtremesInFewerPoints() {
        let count = 100_000
        let xs = (0..<count).map { 2 * Double($0) / Double(count - 1) }
        let ys: [Double?] = xs.map { sin($0 * 40) + ($0 == xs[61_234] ? 3 : 0) }
        let series = ChartSeries(name: "dense", ink: .series(0), stroke: .solid, xs: xs, ys: ys)
        let l = layout(Chart(title: "", xTitle: "", yTitle: "", xLower: 0, xUpper: 2, series: [series], marks: [], legend: []))
        let points = l.polylines(series).flatMap { $0 }
        #expect(points.count <= 4 * (Int(l.plot.width) + 2))
        #expect(points.map(\.y).min() == l.y(3 + sin(xs[61_234] * 40)))
        #expect(abs((points.map(\.y).max() ?? 0) - l.y(-1)) < 0.01)
    }

    func temporaryFile(_ name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snowglobe-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.appendingPathComponent(name).path
    }

    @Test func aChartIsWrittenAsSVGInPixels() throws {
        let path = try temporaryFile("chart.svg")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try ChartFile.writeSVG(square(), width: 480, height: 300, to: path)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("width=\"480px\" height=\"300px\""))
        #expect(svg.contains("stroke-dasharray"))
    }

    @Test func aChartThatCannotBeWrittenSaysWhere() {
        #expect(throws: OutputError.self) {
            try ChartFile.writeSVG(square(), width: 480, height: 300, to: "/no/such/folder/chart.svg")
        }
        #expect(throws: OutputError.invalidSettings("a chart must be from 1x1 to 4096x4096 pixels, got 0x300")) {
            try ChartFile.writePNG(square(), width: 0, height: 300, to: "/tmp/never.png")
        }
    }

    @Test func theDrawnLineIsWhereTheLayoutPutsIt() throws {
        let chart = square()
        let frame = try ChartFile.frame(chart, width: 960, height: 540)
        let canvas = try #require(CairoCanvas(width: 960, height: 540))
        let l = ChartPainter(context: canvas.context, style: ChartStyle()).layout(chart, width: 960, height: 540)
        let blue = ChartPalette.paper.color(.series(0))
        func isBlue(_ x: Double, _ y: Double) -> Bool {
            let p = frame.pixel(x: Int(x), y: Int(y))
            return abs(Double(p.r) - blue.r * 255) < 40 && abs(Double(p.g) - blue.g * 255) < 40 && abs(Double(p.b) - blue.b * 255) < 40
        }
        for t in [0.5, 1.0, 1.5] {
            #expect(isBlue(l.x(t), l.y(t * t)), "the line at \(t) s")
            #expect(!isBlue(l.x(t), l.y(t * t) + 12), "below the line at \(t) s")
        }
        // The background is white, the grid light.
        let corner = frame.pixel(x: 2, y: 2)
        #expect(corner.r == 255 && corner.g == 255 && corner.b == 255)
    }
}
