import CPangoCairo
import LayerKit

/// Everything a text layer's pixels depend on: when none of it changes, the cached texture stays.
struct TextContent: Equatable {
    var string: String
    var font: String?
    var fontSize: Double
    var color: Color
    var alignment: TextAlignment
    var wrapped: Bool
    var width: Int
    var height: Int

    /// The layer as `slot` shows it.
    init(_ layer: TextLayer, _ slot: StateSlot) {
        let bounds = layer.rect(.bounds, slot)
        string = layer.string(slot)
        font = layer.font(slot)
        fontSize = layer.number(.fontSize, slot)
        color = layer.color(.foregroundColor, slot)
        alignment = layer.choice(.alignmentMode, as: TextAlignment.self, slot)
        wrapped = layer.bool(.wrapped, slot)
        width = TextContent.pixels(bounds.width)
        height = TextContent.pixels(bounds.height)
    }

    static func pixels(_ x: Double) -> Int {
        guard x.isFinite, x > 0 else { return 0 }
        return Int(min(x, Double(CairoCanvas.maxSide)).rounded(.up))
    }

    /// The default font family (Debian's fonts-dejavu-core); characters it lacks come from
    /// fontconfig's fallbacks (fonts-noto-cjk for Japanese), which Pango picks per glyph.
    static let defaultFamily = "DejaVu Sans"

    /// Draws the text at the top of the bounds, lines aligned as `alignment` says, clipped to
    /// the bounds. Nil when there is nothing to draw.
    func rasterize() -> RenderTexture? {
        guard !string.isEmpty, color.a > 0, fontSize > 0, fontSize.isFinite,
              let canvas = CairoCanvas(width: width, height: height),
              let layout = pango_cairo_create_layout(canvas.context) else { return nil }
        defer { snowglobe_g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(FontResolver.family(for: font))
        defer { pango_font_description_free(description) }
        let scale = Double(snowglobe_pango_scale())
        pango_font_description_set_absolute_size(description, min(fontSize, 2000) * scale)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, string, -1)
        switch alignment {
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        case .natural, .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        if wrapped {
            pango_layout_set_width(layout, Int32(Double(width) * scale))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        // Unwrapped text has the width of its longest line: place that block in the bounds.
        var x = 0.0
        if !wrapped {
            let spare = Double(width) - Double(logical.width)
            switch alignment {
            case .center: x = spare / 2
            case .right: x = spare
            default: x = 0
            }
        }
        canvas.setColor(color)
        cairo_move_to(canvas.context, x.rounded(), 0)
        pango_cairo_show_layout(canvas.context, layout)
        return canvas.texture(label: "text")
    }
}
