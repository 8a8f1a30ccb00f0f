import Foundation
import LayerKit

extension LottieBezier {
    /// The part of the disc of `radius` about `centre` inside the square reaching `half` from
    /// it each way: the disc while it fits, the square once the disc covers it, and between the
    /// two the square's sides joined by arcs. Eight vertices in a rectangle's order (clockwise
    /// on the screen from the top side's left end), whatever the sizes, so that one can change
    /// into another from frame to frame.
    static func disc(about centre: Point, radius: Double, within half: Double) -> LottieBezier {
        let r = max(radius, 0), h = max(half, 0)
        let e = min(r, h)
        let a = min((max(r * r - e * e, 0)).squareRoot(), h)
        let (cx, cy) = (centre.x, centre.y)
        let v = [Point(x: cx - a, y: cy - e), Point(x: cx + a, y: cy - e), Point(x: cx + e, y: cy - a), Point(x: cx + e, y: cy + a),
                 Point(x: cx + a, y: cy + e), Point(x: cx - a, y: cy + e), Point(x: cx - e, y: cy + a), Point(x: cx - e, y: cy - a)]
        // Each arc runs from an odd vertex to the next even one, clockwise, over what the sides
        // leave of a quarter turn; its handles are 4/3 · tan(sweep / 4) of the radius long.
        let sweep = max(Double.pi / 2 - 2 * atan2(a, max(e, 1e-12)), 0)
        let k = 4.0 / 3.0 * tan(sweep / 4) * r
        var i = [Point](repeating: .zero, count: 8), o = [Point](repeating: .zero, count: 8)
        for n in stride(from: 1, to: 8, by: 2) {
            let start = v[n], end = v[(n + 1) % 8]
            let (sx, sy) = ((start.x - cx) / max(r, 1e-12), (start.y - cy) / max(r, 1e-12))
            let (ex, ey) = ((end.x - cx) / max(r, 1e-12), (end.y - cy) / max(r, 1e-12))
            o[n] = Point(x: -sy * k, y: sx * k)
            i[(n + 1) % 8] = Point(x: ey * k, y: -ex * k)
        }
        return LottieBezier(closed: true, vertices: v, inTangents: i, outTangents: o)
    }
}
