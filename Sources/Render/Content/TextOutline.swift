import CPangoCairo
import LayerKit

/// A text layer's glyphs as a path: what it draws, as outlines in its bounds coordinates, laid
/// out by Pango exactly as `TextContent` draws them (for exports that keep text as vectors).
public enum TextOutline {
    /// The outlines and their colour as `slot` shows the layer; nil when it draws nothing.
    /// Unlike the drawn text, the outlines are not clipped to the bounds.
    public static func outline(of layer: TextLayer, _ slot: StateSlot) -> (path: Path, color: Color)? {
        let key = TextContent(layer, slot)
        guard let path = key.outline() else { return nil }
        let origin = layer.rect(.bounds, slot).origin
        var moved = Path()
        func shift(_ p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y) }
        for element in path.elements {
            switch element {
            case .move(let p): moved.move(to: shift(p))
            case .line(let p): moved.addLine(to: shift(p))
            case .quadCurve(let p, let c): moved.addQuadCurve(to: shift(p), control: shift(c))
            case .curve(let p, let c1, let c2): moved.addCurve(to: shift(p), control1: shift(c1), control2: shift(c2))
            case .close: moved.closeSubpath()
            }
        }
        return (moved, key.color)
    }
}

extension TextContent {
    /// The glyph outlines `rasterize` fills, from the top left of the bounds.
    func outline() -> Path? {
        guard !string.isEmpty, color.a > 0, let canvas = CairoCanvas(width: max(width, 1), height: max(height, 1)),
              let text = TextLayout(context: canvas.context, string: string, font: font, fontSize: fontSize,
                                    alignment: alignment, wrapWidth: wrapped ? Double(width) : nil,
                                    truncation: truncation, bounds: (width, height)) else { return nil }
        let cr = canvas.context
        cairo_move_to(cr, text.blockOffset(in: width, alignment: alignment).rounded(), 0)
        pango_cairo_layout_path(cr, text.layout)
        guard let copied = cairo_copy_path(cr) else { return nil }
        defer { cairo_path_destroy(copied) }
        var path = Path()
        let count = Int(copied.pointee.num_data)
        guard let data = copied.pointee.data else { return nil }
        var i = 0
        while i < count {
            let header = data[i].header
            let length = max(1, Int(header.length))
            guard i + length <= count else { break }
            func point(_ k: Int) -> Point { Point(x: data[i + k].point.x, y: data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO where length >= 2: path.move(to: point(1))
            case CAIRO_PATH_LINE_TO where length >= 2: path.addLine(to: point(1))
            case CAIRO_PATH_CURVE_TO where length >= 4: path.addCurve(to: point(3), control1: point(1), control2: point(2))
            case CAIRO_PATH_CLOSE_PATH: path.closeSubpath()
            default: break
            }
            i += length
        }
        return path.isEmpty ? nil : path
    }
}
