import Foundation
import LayerKit

extension ImageShape {
    /// The shapes an image of `width` × `height` pixels draws when it is shown over `rect` (item
    /// coordinates), its colour multiplied by `tint`, back to front: a sharp disc or a rectangle
    /// as a filled outline, a soft disc as a radial gradient whose alpha stops follow its
    /// smoothstep edge, stroked lines as their sharp stroke over its glows, then the fill.
    func lottie(over rect: Rect, width: Int, height: Int,
                tint: (r: Double, g: Double, b: Double)) -> [(paths: [LottieBezier], style: LottieShapeStyle)] {
        let sx = rect.width / Double(width), sy = rect.height / Double(height)
        func place(_ p: Point) -> Point { Point(x: rect.minX + p.x * sx, y: rect.minY + p.y * sy) }
        switch self {
        case let .rect(w, h, radius, color):
            let outline = LottieBezier.rect(Rect(x: 0, y: 0, width: w, height: h), radius: radius).mapped(place)
            return [([outline], LottieShapeStyle(fill: color.tinted(tint), fillRule: 1, stroke: nil, trim: nil))]
        case let .strokes(lines, passes, fill, fillAlpha, color):
            let tinted = color.tinted(tint)
            let scale = abs(sx * sy).squareRoot()
            var strokes = passes.map { pass in
                LottieShapeStyle.Stroke(color: Color(r: tinted.r, g: tinted.g, b: tinted.b, a: tinted.a * pass.alpha),
                                        width: pass.width * scale, cap: 2, join: 2, miterLimit: 10, dashes: [], dashPhase: 0)
            }
            guard let sharp = strokes.popLast() else { return [] }
            var style = LottieShapeStyle(fill: nil, fillRule: 1, stroke: sharp, trim: nil)
            style.glows = strokes
            var parts = [(LottieBezier.subpaths(of: lines).map { $0.mapped(place) }, style)]
            if !fill.isEmpty {
                parts.append((LottieBezier.subpaths(of: fill).map { $0.mapped(place) },
                              LottieShapeStyle(fill: Color(r: tinted.r, g: tinted.g, b: tinted.b, a: tinted.a * fillAlpha),
                                               fillRule: 1, stroke: nil, trim: nil)))
            }
            return parts
        case let .circle(radius, softness, color):
            let c = Double(width) / 2, cy = Double(height) / 2
            let disc = LottieBezier.rect(Rect(x: c - radius, y: cy - radius, width: 2 * radius, height: 2 * radius),
                                         radius: radius).mapped(place)
            let tinted = color.tinted(tint)
            guard softness > 0 else { return [([disc], LottieShapeStyle(fill: tinted, fillRule: 1, stroke: nil, trim: nil))] }
            // Coverage smoothstep((radius − d) / ramp), as Image.circle draws it, at stops along the ramp.
            let ramp = max(radius * softness, 1)
            let inner = max(0, 1 - ramp / radius)
            var offsets = (0...8).map { inner + (1 - inner) * Double($0) / 8 }
            if inner > 0 { offsets.insert(0, at: 0) }
            var stops: [Double] = []
            for o in offsets { stops += [o, tinted.r, tinted.g, tinted.b] }
            for o in offsets {
                let t = min(max((radius - o * radius) / ramp, 0), 1)
                stops += [o, tinted.a * t * t * (3 - 2 * t)]
            }
            var style = LottieShapeStyle(fill: nil, fillRule: 1, stroke: nil, trim: nil)
            let centre = place(Point(x: c, y: cy))
            let radii = Size(width: radius * sx, height: radius * sy)
            style.gradient = .init(type: 2, start: centre, end: Point(x: centre.x + radii.width, y: centre.y), radii: radii,
                                   stops: stops, stopCount: offsets.count)
            return [([disc], style)]
        }
    }
}

extension Color {
    /// This colour with its red, green and blue multiplied by `tint`.
    func tinted(_ tint: (r: Double, g: Double, b: Double)) -> Color {
        Color(r: r * tint.r, g: g * tint.g, b: b * tint.b, a: a)
    }
}
