import LayerKit
import Render

/// Where everything of a chart goes in a frame `width` × `height`: the title, the legend's
/// entries (wrapped into rows), the plot area, the axes with their ticks and labels, and the
/// mapping from data to the frame. Text is measured by the caller's `measure`, so that Cairo or
/// a window's own text can lay it out alike.
public struct ChartLayout {
    /// Which text a measurement is for.
    public enum TextRole: Sendable {
        case title, body
    }

    /// A piece of text placed by the top-left corner of its box.
    public struct Label: Sendable {
        public var text: String
        public var origin: Point
    }

    /// A legend entry placed: its line from `swatchStart` to `swatchEnd` and its label.
    public struct LegendItem: Sendable {
        public var entry: ChartLegendEntry
        public var swatchStart: Point
        public var swatchEnd: Point
        public var label: Label
    }

    public let width: Double
    public let height: Double
    public let style: ChartStyle
    public let title: Label
    public let legend: [LegendItem]
    /// The plot area: the axes run along its left and bottom edges.
    public let plot: Rect
    public let xAxis: ChartAxis
    public let yAxis: ChartAxis
    public let xTickLabels: [Label]
    public let yTickLabels: [Label]
    public let xTitle: Label
    /// The y axis's title is drawn turned a quarter turn anticlockwise, centred here.
    public let yTitleCenter: Point
    public let yTitle: String
    /// Space kept inside the plot area above and below the y axis's span, so that a line at its
    /// top or bottom is not cut by the frame.
    public let inset: Double
    /// Which way up values are drawn.
    public let direction: ChartDirection

    public init(chart: Chart, width: Double, height: Double, style: ChartStyle = ChartStyle(),
                measure: (String, TextRole) -> Size) {
        self.width = width
        self.height = height
        self.style = style
        let pad = style.padding
        title = Label(text: chart.title, origin: Point(x: pad, y: pad))
        // A part with no text (a panel's chart, titled by its heading) takes no room.
        let titleHeight = chart.title.isEmpty ? 0 : measure(chart.title, .title).height
        let titleGap = chart.title.isEmpty ? 0.0 : 8

        // The legend: entries left to right, wrapping.
        var items: [LegendItem] = []
        let rowHeight = measure("Ag", .body).height + 4
        var x = pad, rowTop = pad + titleHeight + titleGap
        for entry in chart.legend {
            let text = measure(entry.label, .body)
            let swatch = entry.stroke == nil ? 0 : style.swatchLength + 6
            let entryWidth = swatch + text.width
            if x > pad && x + entryWidth > width - pad {
                x = pad
                rowTop += rowHeight
            }
            let middle = rowTop + rowHeight / 2 - 2
            items.append(LegendItem(entry: entry, swatchStart: Point(x: x, y: middle),
                                    swatchEnd: Point(x: x + style.swatchLength, y: middle),
                                    label: Label(text: entry.label, origin: Point(x: x + swatch, y: middle - text.height / 2))))
            x += entryWidth + 22
        }
        legend = items
        let top = items.isEmpty ? pad + titleHeight + titleGap * 1.5 : rowTop + rowHeight + 10

        // Bottom: tick labels, then the x axis's title.
        let bodyHeight = measure("0", .body).height
        let xTitleRow = chart.xTitle.isEmpty ? 0 : bodyHeight + 4
        let bottom = height - pad - xTitleRow - bodyHeight - 6
        let plotHeight = max(bottom - top, 1)
        let inset = min(8, plotHeight * 0.05)
        self.inset = inset
        let direction = chart.direction
        self.direction = direction
        let extent = chart.yExtent
        let yAxis = ChartAxis.rounded(extent.lower, extent.upper, tickCount: max(2, Int(plotHeight / style.yTickSpacing)))

        // Left: the y axis's title (turned), then the tick labels right-aligned.
        let yTickTexts = yAxis.ticks.map { (yAxis.label(for: $0), measure(yAxis.label(for: $0), .body)) }
        let widest = yTickTexts.map(\.1.width).max() ?? 0
        let left = pad + (chart.yTitle.isEmpty ? 0 : bodyHeight + 10) + widest + 8
        let right = width - pad - 12
        let plot = Rect(x: left, y: top, width: max(right - left, 1), height: plotHeight)
        let xAxis = ChartAxis.exact(chart.xLower, chart.xUpper, tickCount: max(2, Int(plot.width / style.xTickSpacing)))
        (self.yAxis, self.plot, self.xAxis) = (yAxis, plot, xAxis)

        var yLabels: [Label] = []
        for (tick, (text, size)) in zip(yAxis.ticks, yTickTexts) {
            yLabels.append(Label(text: text, origin: Point(x: left - 8 - size.width,
                                                           y: Self.y(tick, yAxis, plot, inset, direction) - size.height / 2)))
        }
        yTickLabels = yLabels
        xTickLabels = xAxis.ticks.map { tick in
            let text = xAxis.label(for: tick)
            let size = measure(text, .body)
            let x = min(max(Self.x(tick, xAxis, plot) - size.width / 2, 0), width - size.width)
            return Label(text: text, origin: Point(x: x, y: plot.maxY + 6))
        }
        let xTitleSize = measure(chart.xTitle, .body)
        xTitle = Label(text: chart.xTitle, origin: Point(x: plot.midX - xTitleSize.width / 2, y: plot.maxY + 6 + bodyHeight + 4))
        yTitle = direction == .down && !chart.yTitle.isEmpty ? chart.yTitle + " (larger is lower, as on screen)" : chart.yTitle
        yTitleCenter = Point(x: pad + bodyHeight / 2, y: plot.midY)
    }

    /// Where `value` falls across the frame.
    public func x(_ value: Double) -> Double { Self.x(value, xAxis, plot) }

    /// Where `value` falls down the frame.
    public func y(_ value: Double) -> Double { Self.y(value, yAxis, plot, inset, direction) }

    private static func x(_ value: Double, _ axis: ChartAxis, _ plot: Rect) -> Double {
        plot.minX + (value - axis.lower) / (axis.upper - axis.lower) * plot.width
    }

    private static func y(_ value: Double, _ axis: ChartAxis, _ plot: Rect, _ inset: Double,
                          _ direction: ChartDirection) -> Double {
        let along = (value - axis.lower) / (axis.upper - axis.lower) * (plot.height - 2 * inset)
        return direction == .down ? plot.minY + inset + along : plot.maxY - inset - along
    }

    /// The series as lines in the frame, broken where a y is missing or not finite. A series
    /// with many more points than the plot has pixel columns keeps, for each column, its first,
    /// lowest, highest and last points, so that the line looks the same with far fewer points.
    public func polylines(_ series: ChartSeries) -> [[Point]] {
        var lines: [[Point]] = []
        var current: [Point] = []
        let reduce = series.xs.count > 4 * Int(plot.width)
        var column = Int.min
        var bucket: [Point] = []
        func flushBucket() {
            guard !bucket.isEmpty else { return }
            var low = 0, high = 0
            for i in bucket.indices {
                if bucket[i].y < bucket[low].y { low = i }
                if bucket[i].y > bucket[high].y { high = i }
            }
            for i in [0, min(low, high), max(low, high), bucket.count - 1] where current.last != bucket[i] {
                current.append(bucket[i])
            }
            bucket.removeAll(keepingCapacity: true)
        }
        for (index, xValue) in series.xs.enumerated() {
            guard index < series.ys.count, let yValue = series.ys[index], yValue.isFinite, xValue.isFinite else {
                flushBucket()
                if current.count > 1 { lines.append(current) }
                current = []
                continue
            }
            let point = Point(x: x(xValue), y: y(yValue))
            if reduce {
                let pixel = Int(point.x.rounded(.down))
                if pixel != column { flushBucket(); column = pixel }
                bucket.append(point)
            } else {
                current.append(point)
            }
        }
        flushBucket()
        if current.count > 1 { lines.append(current) }
        return lines
    }
}
