import Foundation
import LayerKit

extension ImageShape {
    /// The shapes an image of `width` × `height` pixels draws when it is shown over `rect` (item
    /// coordinates) through mipmap level `level`, in the image's own colours, back to front: a
    /// rectangle as a filled outline, a disc as a radial gradient whose alpha stops follow its
    /// edge as the compositor shows it (``CircleEdgeProfile``), stroked lines as their sharp
    /// stroke over its glows, then the fill.
    func lottie(over rect: Rect, width: Int, height: Int, level: Int) -> [(paths: [LottieBezier], style: LottieShapeStyle)] {
        let sx = rect.width / Double(width), sy = rect.height / Double(height)
        func place(_ p: Point) -> Point { Point(x: rect.minX + p.x * sx, y: rect.minY + p.y * sy) }
        switch self {
        case let .rect(w, h, radius, color):
            let outline = LottieBezier.rect(Rect(x: 0, y: 0, width: w, height: h), radius: radius).mapped(place)
            return [([outline], LottieShapeStyle(fill: color, fillRule: 1, stroke: nil, trim: nil))]
        case let .strokes(lines, passes, fill, fillAlpha, color):
            let scale = abs(sx * sy).squareRoot()
            // Read through a smaller mipmap level, a line spreads over that level's texels: each
            // pass is as wide as the spread makes it (squared widths adding, as a line's and a
            // filter's spreads do) and as much fainter, so that it carries the same light. The
            // players' own antialiasing already spreads a thin line over a pixel, so only half a
            // texel's square is added (docs/lottie.md has how that was chosen).
            let texel = CircleEdgeProfile.pixelsPerTexel(atLevel: level)
            let spread = level > 0 ? texel * texel / 2 : 0
            var strokes = passes.map { pass in
                let width = (pass.width * pass.width + spread).squareRoot()
                return LottieShapeStyle.Stroke(color: Color(r: color.r, g: color.g, b: color.b,
                                                            a: color.a * pass.alpha * pass.width / width),
                                               width: width * scale, cap: 2, join: 2, miterLimit: 10, dashes: [], dashPhase: 0)
            }
            guard let sharp = strokes.popLast() else { return [] }
            var style = LottieShapeStyle(fill: nil, fillRule: 1, stroke: sharp, trim: nil)
            style.glows = strokes
            var parts = [(LottieBezier.subpaths(of: lines).map { $0.mapped(place) }, style)]
            if !fill.isEmpty {
                parts.append((LottieBezier.subpaths(of: fill).map { $0.mapped(place) },
                              LottieShapeStyle(fill: Color(r: color.r, g: color.g, b: color.b, a: color.a * fillAlpha),
                                               fillRule: 1, stroke: nil, trim: nil)))
            }
            return parts
        case let .circle(radius, softness, color):
            let c = Double(width) / 2, cy = Double(height) / 2
            let profile = CircleEdgeProfile(radius: radius, softness: softness, level: level)
            let outer = profile.outerRadius
            // The compositor draws no further than the image's square.
            let disc = LottieBezier.disc(about: Point(x: c, y: cy), radius: outer,
                                         within: Double(min(width, height)) / 2).mapped(place)
            let inner = min(profile.innerRadius / outer, 1)
            // A stop at the centre, then the rest across the edge (all of them across it when it
            // reaches the centre: rlottie draws two stops at one offset as a dark dot there).
            let n = CircleEdgeProfile.stopsAcrossTheEdge
            let offsets = inner > 0 ? [0] + (0..<n).map { inner + (1 - inner) * Double($0) / Double(n - 1) }
                                    : (0...n).map { Double($0) / Double(n) }
            let alphas = profile.alphas(at: offsets.map { $0 * outer })
            var stops: [Double] = []
            for o in offsets { stops += [o, color.r, color.g, color.b] }
            for (o, a) in zip(offsets, alphas) { stops += [o, color.a * a] }
            var style = LottieShapeStyle(fill: nil, fillRule: 1, stroke: nil, trim: nil)
            let centre = place(Point(x: c, y: cy))
            let radii = Size(width: outer * sx, height: outer * sy)
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
