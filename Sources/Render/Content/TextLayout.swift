import CPangoCairo
import LayerKit

/// A string laid out by Pango on a Cairo context, as a text layer shows it: the one layout that
/// drawing (`TextContent`) and measuring (`PangoTextMeasurer`) both make, so that what a script
/// measures is what is drawn.
final class TextLayout {
    /// The PangoLayout (owned).
    let layout: OpaquePointer
    /// Whether Pango was given a width to align and cut lines in (else the caller places the
    /// block of lines, which is as wide as its longest line).
    let hasWidth: Bool

    /// Lays `string` out on `context`: `wrapWidth` breaks lines at that many points; `truncation`
    /// (with `bounds`, the layer's size in pixels) cuts what does not fit with an ellipsis — each
    /// line that is too wide when not wrapped, the last line that fits when wrapped.
    init?(context: OpaquePointer, string: String, font: String?, fontSize: Double, alignment: TextAlignment = .natural,
          wrapWidth: Double?, truncation: TruncationMode = .none, bounds: (width: Int, height: Int)? = nil) {
        guard fontSize > 0, fontSize.isFinite, let layout = pango_cairo_create_layout(context) else { return nil }
        self.layout = layout
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
        var width: Double?
        if let wrapWidth, wrapWidth.isFinite {
            width = max(wrapWidth, 0)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        if truncation != .none, let bounds {
            width = width ?? Double(bounds.width)
            pango_layout_set_ellipsize(layout, TextLayout.ellipsize(truncation))
            // Wrapped, the lines that fit the height are kept and the last of them cut.
            if wrapWidth != nil { pango_layout_set_height(layout, Int32(min(Double(bounds.height) * scale, 1e9))) }
        }
        if let width { pango_layout_set_width(layout, Int32(min(width * scale, 1e9))) }
        hasWidth = width != nil
    }

    deinit {
        snowglobe_g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The logical and ink rectangles of the whole layout, in whole pixels.
    var extents: (logical: PangoRectangle, ink: PangoRectangle) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        return (logical, ink)
    }

    /// The size the layout takes, in points: its logical rectangle (the lines' advances and
    /// heights), rounded up to whole points so that a layer that wide holds every line.
    var size: Size {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(snowglobe_pango_scale())
        return Size(width: (Double(logical.width) / scale).rounded(.up), height: (Double(logical.height) / scale).rounded(.up))
    }

    /// Where the block of lines starts across `width` pixels: Pango aligns lines inside a width
    /// it was given; without one the block is as wide as its longest line and goes where the
    /// alignment says.
    func blockOffset(in width: Int, alignment: TextAlignment) -> Double {
        guard !hasWidth else { return 0 }
        let spare = Double(width) - Double(extents.logical.width)
        switch alignment {
        case .center: return spare / 2
        case .right: return spare
        default: return 0
        }
    }

    private static func ellipsize(_ mode: TruncationMode) -> PangoEllipsizeMode {
        switch mode {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
    }
}
