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
    var truncation: TruncationMode
    var width: Int
    var height: Int
    /// Pixels per point of the texture (the layer's contentsScale), so that text drawn larger
    /// on screen (the viewer's `--ui-scale`) stays sharp, as CATextLayer's contentsScale does.
    var scale: Double

    /// The layer as `slot` shows it.
    init(_ layer: TextLayer, _ slot: StateSlot) {
        let bounds = layer.rect(.bounds, slot)
        string = layer.string(slot)
        font = layer.font(slot)
        fontSize = layer.number(.fontSize, slot)
        color = layer.color(.foregroundColor, slot)
        alignment = layer.choice(.alignmentMode, as: TextAlignment.self, slot)
        wrapped = layer.bool(.wrapped, slot)
        truncation = layer.choice(.truncationMode, as: TruncationMode.self, slot)
        width = TextContent.pixels(bounds.width)
        height = TextContent.pixels(bounds.height)
        scale = Compositor.contentsScale(layer, slot)
    }

    static func pixels(_ x: Double) -> Int {
        guard x.isFinite, x > 0 else { return 0 }
        return Int(min(x, Double(CairoCanvas.maxSide)).rounded(.up))
    }

    /// The default font family (Debian's fonts-dejavu-core); characters it lacks come from
    /// fontconfig's fallbacks (fonts-noto-cjk for Japanese), which Pango picks per glyph.
    static let defaultFamily = "DejaVu Sans"

    /// Draws the text at the top of the bounds, lines aligned as `alignment` says, clipped to
    /// the bounds (or cut with an ellipsis, as `truncation` says). Nil when there is nothing to
    /// draw.
    func rasterize() -> RenderTexture? {
        let pixelWidth = TextContent.pixels(Double(width) * scale), pixelHeight = TextContent.pixels(Double(height) * scale)
        guard !string.isEmpty, color.a > 0, let canvas = CairoCanvas(width: pixelWidth, height: pixelHeight) else { return nil }
        if scale != 1 { cairo_scale(canvas.context, scale, scale) }
        guard let text = TextLayout(context: canvas.context, string: string, font: font, fontSize: fontSize,
                                    alignment: alignment, wrapWidth: wrapped ? Double(width) : nil,
                                    truncation: truncation, bounds: (width, height)) else { return nil }
        canvas.setColor(color)
        cairo_move_to(canvas.context, text.blockOffset(in: width, alignment: alignment).rounded(), 0)
        pango_cairo_show_layout(canvas.context, text.layout)
        return canvas.texture(label: "text")
    }
}
