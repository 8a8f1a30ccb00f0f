import CPangoCairo
import Foundation
import LayerKit

/// Everything a gradient layer's pixels depend on.
struct GradientContent: Equatable {
    var colors: [Color]
    var locations: [Double]
    var startPoint: Point
    var endPoint: Point
    var type: GradientType
    var width: Int
    var height: Int

    /// The layer as `slot` shows it.
    init(_ layer: GradientLayer, _ slot: StateSlot) {
        if case .colors(let c) = layer.value(.colors, slot) { colors = c } else { colors = [] }
        if case .numbers(let l) = layer.value(.locations, slot) { locations = l } else { locations = [] }
        startPoint = layer.point(.startPoint, slot)
        endPoint = layer.point(.endPoint, slot)
        type = layer.choice(.gradientType, as: GradientType.self, slot)
        let bounds = layer.rect(.bounds, slot)
        width = TextContent.pixels(bounds.width)
        height = TextContent.pixels(bounds.height)
    }

    /// The stops: the given locations when there is one per colour, else evenly spaced.
    var stops: [(Double, Color)] {
        guard !colors.isEmpty else { return [] }
        if locations.count == colors.count, locations.allSatisfy(\.isFinite) {
            return zip(locations, colors).map { ($0, $1) }
        }
        if colors.count == 1 { return [(0, colors[0])] }
        return colors.enumerated().map { (Double($0.offset) / Double(colors.count - 1), $0.element) }
    }

    /// Paints the gradient over the bounds (Cairo for axial and radial; conic by hand, which
    /// Cairo lacks).
    func rasterize() -> RenderTexture? {
        let stops = self.stops
        guard !stops.isEmpty, let canvas = CairoCanvas(width: width, height: height) else { return nil }
        let w = Double(width), h = Double(height)
        let sx = startPoint.x * w, sy = startPoint.y * h, ex = endPoint.x * w, ey = endPoint.y * h
        guard sx.isFinite, sy.isFinite, ex.isFinite, ey.isFinite else { return nil }
        if type == .conic { return conic(stops, canvas: canvas, cx: sx, cy: sy, ex: ex, ey: ey) }
        let pattern: OpaquePointer?
        if type == .radial {
            // Core Animation's radial gradient is an ellipse centred on startPoint reaching endPoint.
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, 1 / max(abs(ex - sx), 1e-6), 1 / max(abs(ey - sy), 1e-6))
            cairo_matrix_translate(&matrix, -sx, -sy)
            if let pattern { cairo_pattern_set_matrix(pattern, &matrix) }
        } else {
            pattern = cairo_pattern_create_linear(sx, sy, ex, ey)
        }
        guard let pattern else { return nil }
        defer { cairo_pattern_destroy(pattern) }
        for (location, c) in stops {
            cairo_pattern_add_color_stop_rgba(pattern, location, c.r, c.g, c.b, c.a)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(canvas.context, pattern)
        cairo_paint(canvas.context)
        return canvas.texture(label: "gradient")
    }

    private func conic(_ stops: [(Double, Color)], canvas: CairoCanvas, cx: Double, cy: Double,
                       ex: Double, ey: Double) -> RenderTexture {
        let base = atan2(ey - cy, ex - cx)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var t = (atan2(Double(y) + 0.5 - cy, Double(x) + 0.5 - cx) - base) / (2 * Double.pi)
                t -= t.rounded(.down)
                pixels[y * width + x] = GradientContent.premultiplied(GradientContent.color(at: t, stops))
            }
        }
        return RenderTexture(width: width, height: height, pixels: pixels, label: "gradient")
    }

    static func color(at t: Double, _ stops: [(Double, Color)]) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.0 { return first.1 }
        for i in 1..<stops.count where t <= stops[i].0 {
            let (a, ca) = stops[i - 1], (b, cb) = stops[i]
            return ca.interpolated(to: cb, fraction: b > a ? (t - a) / (b - a) : 1)
        }
        return last.1
    }

    static func premultiplied(_ c: Color) -> UInt32 {
        let a = c.a
        return UInt32(VertexColor.byte(c.r * a)) | UInt32(VertexColor.byte(c.g * a)) << 8
            | UInt32(VertexColor.byte(c.b * a)) << 16 | UInt32(VertexColor.byte(a)) << 24
    }
}
