import Export
import LayerKit
import Render

/// A `Chart` drawn with layers of the overlay's scene, placed by `ChartLayout` exactly as `plot`
/// places it in a file — the grid, the axes with their ticks and labels, the legend, the marks
/// and the lines — in a palette of the window's own. The inspector's graph and timing curve are
/// two of these. Whatever is added with `addOnTop` (a playhead) is drawn over the chart, in the
/// chart's coordinates.
final class ChartLayers {
    /// The chart's layer, its origin at the top-left corner; the caller places it.
    let root: Layer
    let style: ChartStyle
    let palette: ChartPalette
    /// The layout of the chart shown last, for mapping between data and points.
    private(set) var layout: ChartLayout?

    private let scene: Scene
    private let content: Layer
    private let grid: ShapeLayer
    private let axes: ShapeLayer
    /// The plot area, clipping the lines and marks to it as the file's clip does.
    private let plotArea: Layer
    private var strokes: [ShapeLayer] = []
    private var swatches: [ShapeLayer] = []
    private var labels: [TextLayer] = []
    private let yTitle: TextLayer
    private let measurer: TextMeasuring
    private static let font = "DejaVu Sans"

    init(scene: Scene, style: ChartStyle, palette: ChartPalette, measurer: TextMeasuring) {
        self.scene = scene
        self.style = style
        self.palette = palette
        self.measurer = measurer
        root = Layer(scene: scene)
        content = Layer(scene: scene)
        grid = ShapeLayer(scene: scene)
        axes = ShapeLayer(scene: scene)
        plotArea = Layer(scene: scene)
        yTitle = TextLayer(scene: scene)
        for layer in [root, content, grid, axes, plotArea] as [Layer] { layer.set(.anchorPoint, Point.zero) }
        root.set(.backgroundColor, palette.background)
        root.set(.cornerRadius, 4)
        plotArea.set(.masksToBounds, true)
        Self.stroke(grid, palette.grid, width: style.gridLineWidth)
        Self.stroke(axes, palette.axis, width: 2)
        yTitle.font = Self.font
        yTitle.set(.fontSize, style.textSize)
        yTitle.set(.foregroundColor, palette.text)
        yTitle.set(.transform, Transform3D.identity.rotated(by: -Double.pi / 2, x: 0, y: 0, z: 1))
        try? root.addSublayer(content)
        for layer in [grid, axes, plotArea, yTitle] as [Layer] { try? content.addSublayer(layer) }
    }

    /// Adds `layer` over the chart (after everything the chart draws), in its coordinates.
    func addOnTop(_ layer: Layer) {
        try? root.addSublayer(layer)
    }

    /// The layout `chart` gets at `size`, its text measured as these layers draw it.
    func layout(_ chart: Chart, size: Size) -> ChartLayout {
        ChartLayout(chart: chart, width: size.width, height: size.height, style: style) { [measurer, style] text, role in
            measurer.size(of: text, font: role == .title ? Self.font + " Bold" : Self.font,
                          fontSize: role == .title ? style.titleSize : style.textSize, wrapWidth: nil)
        }
    }

    /// Draws `chart` at `size`; returns its layout.
    @discardableResult
    func show(_ chart: Chart, size: Size) -> ChartLayout {
        let layout = layout(chart, size: size)
        self.layout = layout
        root.set(.bounds, Rect(x: 0, y: 0, width: size.width, height: size.height))
        content.set(.bounds, Rect(x: 0, y: 0, width: size.width, height: size.height))
        let plot = layout.plot
        grid.path = gridPath(layout)
        axes.path = axesPath(layout)
        plotArea.set(.position, Point(x: plot.minX, y: plot.minY - 1))
        plotArea.set(.bounds, Rect(x: 0, y: 0, width: plot.width + 1, height: plot.height + 1))

        // Marks, then the lines in order (model lines first, so that presentation lines are over them).
        var used = 0
        let shift = { (p: Point) in Point(x: p.x - plot.minX, y: p.y - plot.minY + 1) }
        for marks in chart.marks {
            var path = Path()
            for x in marks.xs {
                path.move(to: shift(Point(x: layout.x(x), y: plot.minY)))
                path.addLine(to: shift(Point(x: layout.x(x), y: plot.maxY)))
            }
            nextStroke(&used).configure(path, palette.mark, marks.stroke, width: style.markLineWidth)
        }
        for series in chart.series {
            var path = Path()
            for line in layout.polylines(series) {
                guard let first = line.first else { continue }
                path.move(to: shift(first))
                for point in line.dropFirst() { path.addLine(to: shift(point)) }
            }
            let width = series.stroke == .solid ? style.lineWidth : style.modelLineWidth
            nextStroke(&used).configure(path, palette.color(series.ink), series.stroke, width: width)
        }
        for index in used..<strokes.count { strokes[index].path = nil }

        // Text and the legend's swatches.
        var texts: [(ChartLayout.Label, ChartLayout.TextRole, Color)] = [(layout.title, .title, palette.text)]
        texts += (layout.xTickLabels + layout.yTickLabels).map { ($0, .body, palette.axis) }
        texts.append((layout.xTitle, .body, palette.text))
        var swatchCount = 0
        for item in layout.legend {
            if let pattern = item.entry.stroke {
                var path = Path()
                path.move(to: item.swatchStart)
                path.addLine(to: item.swatchEnd)
                let swatch = nextSwatch(&swatchCount)
                swatch.configure(path, palette.color(item.entry.ink), pattern,
                                 width: pattern == .solid ? style.lineWidth : style.modelLineWidth)
            }
            texts.append((item.label, .body, item.entry.stroke == nil ? palette.axis : palette.text))
        }
        for index in swatchCount..<swatches.count { swatches[index].path = nil }
        var labelCount = 0
        for (label, role, color) in texts where !label.text.isEmpty {
            let text = nextLabel(&labelCount)
            text.string = label.text
            text.font = role == .title ? Self.font + " Bold" : Self.font
            text.set(.fontSize, role == .title ? style.titleSize : style.textSize)
            text.set(.foregroundColor, color)
            let size = measurer.size(of: label.text, font: text.font, fontSize: role == .title ? style.titleSize : style.textSize,
                                     wrapWidth: nil)
            text.set(.position, label.origin)
            text.set(.bounds, Rect(x: 0, y: 0, width: size.width + 2, height: size.height))
            text.set(.hidden, false)
        }
        for index in labelCount..<labels.count { labels[index].set(.hidden, true) }
        yTitle.string = layout.yTitle
        yTitle.set(.hidden, layout.yTitle.isEmpty)
        let titleSize = measurer.size(of: layout.yTitle, font: Self.font, fontSize: style.textSize, wrapWidth: nil)
        yTitle.set(.position, layout.yTitleCenter)
        yTitle.set(.bounds, Rect(x: 0, y: 0, width: titleSize.width + 2, height: titleSize.height))
        return layout
    }

    private func gridPath(_ layout: ChartLayout) -> Path {
        let plot = layout.plot
        var path = Path()
        for tick in layout.yAxis.ticks {
            let y = Self.crisp(layout.y(tick))
            path.move(to: Point(x: plot.minX, y: y))
            path.addLine(to: Point(x: plot.maxX, y: y))
        }
        for tick in layout.xAxis.ticks {
            let x = Self.crisp(layout.x(tick))
            path.move(to: Point(x: x, y: plot.minY))
            path.addLine(to: Point(x: x, y: plot.maxY))
        }
        return path
    }

    /// The left and bottom axes on whole pixels, with their ticks.
    private func axesPath(_ layout: ChartLayout) -> Path {
        let plot = layout.plot
        let (left, bottom, right) = (plot.minX.rounded(), plot.maxY.rounded(), plot.maxX.rounded())
        var path = Path()
        path.move(to: Point(x: left, y: plot.minY))
        path.addLine(to: Point(x: left, y: bottom))
        path.addLine(to: Point(x: right, y: bottom))
        for tick in layout.xAxis.ticks {
            path.move(to: Point(x: Self.crisp(layout.x(tick)), y: bottom))
            path.addLine(to: Point(x: Self.crisp(layout.x(tick)), y: bottom + 4))
        }
        for tick in layout.yAxis.ticks {
            path.move(to: Point(x: left, y: Self.crisp(layout.y(tick))))
            path.addLine(to: Point(x: left - 4, y: Self.crisp(layout.y(tick))))
        }
        return path
    }

    /// A coordinate on the middle of a pixel, so that a 1-pixel line stays sharp.
    private static func crisp(_ value: Double) -> Double {
        value.rounded(.down) + 0.5
    }

    private static func stroke(_ shape: ShapeLayer, _ color: Color, width: Double) {
        shape.set(.anchorPoint, Point.zero)
        shape.set(.fillColor, Color.clear)
        shape.set(.strokeColor, color)
        shape.set(.lineWidth, width)
    }

    private func nextStroke(_ used: inout Int) -> ShapeLayer {
        Self.next(in: &strokes, &used, parent: plotArea) { ShapeLayer(scene: scene) }
    }

    private func nextSwatch(_ used: inout Int) -> ShapeLayer {
        Self.next(in: &swatches, &used, parent: content) { ShapeLayer(scene: scene) }
    }

    private func nextLabel(_ used: inout Int) -> TextLayer {
        Self.next(in: &labels, &used, parent: content) { TextLayer(scene: scene) }
    }

    /// The next layer of `pool` after the `used` ones drawn on so far this time, made (and
    /// added to `parent`) when the pool has no more.
    private static func next<Kind: Layer>(in pool: inout [Kind], _ used: inout Int, parent: Layer,
                                          make: () -> Kind) -> Kind {
        defer { used += 1 }
        if used < pool.count { return pool[used] }
        let layer = make()
        layer.set(.anchorPoint, Point.zero)
        try? parent.addSublayer(layer)
        pool.append(layer)
        return layer
    }
}

private extension ShapeLayer {
    /// Strokes `path` in `color`, `width` wide, dashed as `stroke` says.
    func configure(_ path: Path, _ color: Color, _ stroke: ChartStroke, width: Double) {
        self.path = path
        set(.fillColor, Color.clear)
        set(.strokeColor, color)
        set(.lineWidth, width)
        set(.lineDashPattern, stroke.dashes(width: width))
        set(.lineCap, (stroke == .solid ? LineCap.round : LineCap.butt).rawValue)
        set(.lineJoin, LineJoin.round.rawValue)
    }
}
