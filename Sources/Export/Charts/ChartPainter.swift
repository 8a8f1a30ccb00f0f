import CPangoCairo
import Foundation
import LayerKit
import Render

/// Draws a chart with Cairo on any surface (an SVG document, an image), its text set by Pango in
/// the default family (DejaVu Sans).
struct ChartPainter {
    let context: OpaquePointer
    let style: ChartStyle
    var palette = ChartPalette.paper

    /// The chart placed in a frame `width` × `height`, its text measured as it will be drawn.
    func layout(_ chart: Chart, width: Double, height: Double) -> ChartLayout {
        ChartLayout(chart: chart, width: width, height: height, style: style) { text, role in
            withTextLayout(text, role) { layout in
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_layout_get_pixel_extents(layout, &ink, &logical)
                return Size(width: Double(logical.width), height: Double(logical.height))
            } ?? Size(width: 0, height: 0)
        }
    }

    /// Draws the chart as `layout` places it.
    func draw(_ chart: Chart, _ layout: ChartLayout) {
        setColor(palette.background)
        cairo_paint(context)
        let plot = layout.plot

        // Grid and axes.
        cairo_set_line_width(context, style.gridLineWidth)
        setColor(palette.grid)
        for tick in layout.yAxis.ticks {
            let y = crisp(layout.y(tick))
            cairo_move_to(context, plot.minX, y)
            cairo_line_to(context, plot.maxX, y)
        }
        for tick in layout.xAxis.ticks {
            let x = crisp(layout.x(tick))
            cairo_move_to(context, x, plot.minY)
            cairo_line_to(context, x, plot.maxY)
        }
        cairo_stroke(context)
        // Axes two pixels wide on whole pixels, as sharp as the grid.
        setColor(palette.axis)
        cairo_set_line_width(context, 2)
        let (left, bottom, right) = (plot.minX.rounded(), plot.maxY.rounded(), plot.maxX.rounded())
        cairo_move_to(context, left, plot.minY)
        cairo_line_to(context, left, bottom)
        cairo_line_to(context, right, bottom)
        cairo_stroke(context)
        cairo_set_line_width(context, 1)
        for tick in layout.xAxis.ticks {
            cairo_move_to(context, crisp(layout.x(tick)), bottom)
            cairo_rel_line_to(context, 0, 6)
        }
        for tick in layout.yAxis.ticks {
            cairo_move_to(context, left, crisp(layout.y(tick)))
            cairo_rel_line_to(context, -6, 0)
        }
        cairo_stroke(context)

        // Text around the plot.
        text(layout.title, .title, palette.text)
        for label in layout.xTickLabels + layout.yTickLabels { text(label, .body, palette.axis) }
        text(layout.xTitle, .body, palette.text)
        turnedText(layout.yTitle, centredAt: layout.yTitleCenter)
        for item in layout.legend {
            if let pattern = item.entry.stroke {
                stroke(from: item.swatchStart, to: item.swatchEnd, palette.color(item.entry.ink), pattern,
                       width: pattern == .solid ? style.lineWidth : style.modelLineWidth)
            }
            text(item.label, .body, item.entry.stroke == nil ? palette.axis : palette.text)
        }

        // Inside the plot: marks, then the lines, model first.
        cairo_save(context)
        cairo_rectangle(context, plot.minX, plot.minY - 1, plot.width + 1, plot.height + 1)
        cairo_clip(context)
        for marks in chart.marks {
            for x in marks.xs {
                let px = layout.x(x)
                stroke(from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY), palette.mark, marks.stroke,
                       width: style.markLineWidth)
            }
        }
        for series in chart.series {
            let width = series.stroke == .solid ? style.lineWidth : style.modelLineWidth
            for line in layout.polylines(series) {
                guard let first = line.first else { continue }
                cairo_move_to(context, first.x, first.y)
                for point in line.dropFirst() { cairo_line_to(context, point.x, point.y) }
                setStroke(palette.color(series.ink), series.stroke, width: width)
                cairo_stroke(context)
            }
        }
        cairo_restore(context)
    }

    /// A coordinate on the middle of a pixel, so that a 1-pixel line stays sharp.
    private func crisp(_ value: Double) -> Double {
        value.rounded(.down) + 0.5
    }

    private func setColor(_ color: Color) {
        cairo_set_source_rgba(context, color.r, color.g, color.b, color.a)
    }

    private func setStroke(_ color: Color, _ stroke: ChartStroke, width: Double) {
        setColor(color)
        cairo_set_line_width(context, width)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(context, stroke == .solid ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        let dashes = stroke.dashes(width: width)
        cairo_set_dash(context, dashes, Int32(dashes.count), 0)
    }

    private func stroke(from a: Point, to b: Point, _ color: Color, _ stroke: ChartStroke, width: Double) {
        cairo_move_to(context, a.x, a.y)
        cairo_line_to(context, b.x, b.y)
        setStroke(color, stroke, width: width)
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    private func text(_ label: ChartLayout.Label, _ role: ChartLayout.TextRole, _ color: Color) {
        withTextLayout(label.text, role) { layout in
            setColor(color)
            cairo_move_to(context, label.origin.x, label.origin.y)
            pango_cairo_show_layout(context, layout)
        }
    }

    /// `string` turned a quarter turn anticlockwise (reading upwards), centred on `center`.
    private func turnedText(_ string: String, centredAt center: Point) {
        withTextLayout(string, .body) { layout in
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, &ink, &logical)
            cairo_save(context)
            cairo_translate(context, center.x, center.y)
            cairo_rotate(context, -Double.pi / 2)
            setColor(palette.text)
            cairo_move_to(context, -Double(logical.width) / 2, -Double(logical.height) / 2)
            pango_cairo_update_layout(context, layout)
            pango_cairo_show_layout(context, layout)
            cairo_restore(context)
        }
    }

    /// Calls `body` with a Pango layout of `string` in the role's font; nil when Pango fails.
    private func withTextLayout<T>(_ string: String, _ role: ChartLayout.TextRole, _ body: (OpaquePointer) -> T) -> T? {
        guard let layout = pango_cairo_create_layout(context) else { return nil }
        defer { snowglobe_g_object_unref(UnsafeMutableRawPointer(layout)) }
        let family = FontResolver.defaultFamily + (role == .title ? " Bold" : "")
        let description = pango_font_description_from_string(family)
        defer { pango_font_description_free(description) }
        let size = role == .title ? style.titleSize : style.textSize
        pango_font_description_set_absolute_size(description, size * Double(snowglobe_pango_scale()))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, string, -1)
        return body(layout)
    }
}
