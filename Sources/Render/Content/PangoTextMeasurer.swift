import LayerKit

/// Measures text with the layout text layers are drawn with (`TextLayout`), on a canvas of the
/// same kind, so that a measured width is the drawn width.
public final class PangoTextMeasurer: TextMeasuring {
    public init() {}

    public func size(of string: String, font: String?, fontSize: Double, wrapWidth: Double?) -> Size {
        guard !string.isEmpty, let canvas = CairoCanvas(width: 1, height: 1),
              let text = TextLayout(context: canvas.context, string: string, font: font, fontSize: fontSize,
                                    wrapWidth: wrapWidth) else { return Size(width: 0, height: 0) }
        return text.size
    }
}
