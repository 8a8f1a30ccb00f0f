import CPangoCairo
import LayerKit
import Render

/// Writes a chart to a file: an SVG document through Cairo's SVG surface (its text as glyph
/// outlines, which Cairo always makes), or a PNG drawn on an image surface.
public enum ChartFile {
    /// The largest side a chart may have.
    public static let maxSide = CairoCanvas.maxSide

    /// Writes `chart` as an SVG document `width` × `height` pixels to `path`.
    public static func writeSVG(_ chart: Chart, width: Int, height: Int, style: ChartStyle = ChartStyle(),
                                to path: String) throws(OutputError) {
        try checkSize(width, height)
        guard let surface = cairo_svg_surface_create(path, Double(width), Double(height)) else {
            throw .cannotWrite(path: path, reason: "Cairo could not make an SVG surface")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        guard let context = cairo_create(surface) else { throw .cannotWrite(path: path, reason: "Cairo could not draw") }
        let painter = ChartPainter(context: context, style: style)
        painter.draw(chart, painter.layout(chart, width: Double(width), height: Double(height)))
        let drawn = cairo_status(context)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let status = drawn != CAIRO_STATUS_SUCCESS ? drawn : cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Writes `chart` as a PNG `width` × `height` pixels to `path`.
    public static func writePNG(_ chart: Chart, width: Int, height: Int, style: ChartStyle = ChartStyle(),
                                to path: String) throws(OutputError) {
        try PNGWriter.write(try frame(chart, width: width, height: height, style: style), to: path)
    }

    /// `chart` drawn on a frame `width` × `height` pixels.
    public static func frame(_ chart: Chart, width: Int, height: Int, style: ChartStyle = ChartStyle()) throws(OutputError) -> FrameBuffer {
        try checkSize(width, height)
        guard let canvas = CairoCanvas(width: width, height: height) else {
            throw .invalidSettings("Cairo could not make an image of \(width)x\(height)")
        }
        let painter = ChartPainter(context: canvas.context, style: style)
        painter.draw(chart, painter.layout(chart, width: Double(width), height: Double(height)))
        let frame = FrameBuffer(width: width, height: height)
        frame.pixels = canvas.pixels()
        return frame
    }

    private static func checkSize(_ width: Int, _ height: Int) throws(OutputError) {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw .invalidSettings("a chart must be from 1x1 to \(maxSide)x\(maxSide) pixels, got \(width)x\(height)")
        }
    }
}
