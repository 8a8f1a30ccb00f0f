import Foundation
import LayerKit
import Render

/// What the Lottie exporter needs of the compositor's map: points, the nearest affine map,
/// inverses and a Lottie transform's parts. Affine maps are what a Lottie transform can say;
/// the others are projected.
extension ProjectiveMap {
    /// Where `p` lands (a point behind the eye is pushed far away rather than flipped).
    func apply(_ p: Point) -> Point {
        var (x, y, w) = apply(p.x, p.y)
        if w < 1e-6 { w = 1e-6 }
        return Point(x: x / w, y: y / w)
    }

    /// Lengths near `p` grow by this on the screen (the square root of how much the map
    /// enlarges a small area there).
    func linearScale(at p: Point) -> Double {
        let h = 1.0 / 64
        let o = apply(p), ex = apply(Point(x: p.x + h, y: p.y)), ey = apply(Point(x: p.x, y: p.y + h))
        let det = ((ex.x - o.x) * (ey.y - o.y) - (ex.y - o.y) * (ey.x - o.x)) / (h * h)
        let k = abs(det).squareRoot()
        return k.isFinite ? k : 1
    }

    /// Affine up to rounding: a face turned exactly edge-on leaves perspective terms of 1e-19,
    /// which no player could show.
    var isNearlyAffine: Bool { abs(m13) < 1e-12 && abs(m23) < 1e-12 && abs(m33 - 1) < 1e-12 }

    /// The affine map that agrees with this one at the origin and one unit along each axis (this
    /// map itself when nearly affine).
    var affineApproximation: ProjectiveMap {
        if isNearlyAffine { return self }
        let o = apply(.zero), ex = apply(Point(x: 1, y: 0)), ey = apply(Point(x: 0, y: 1))
        return ProjectiveMap(a: ex.x - o.x, b: ex.y - o.y, c: ey.x - o.x, d: ey.y - o.y, tx: o.x, ty: o.y)
    }

    /// The inverse of an affine map (nil when it squashes the plane flat).
    var affineInverse: ProjectiveMap? {
        let det = m11 * m22 - m12 * m21
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let a = m22 / det, b = -m12 / det, c = -m21 / det, d = m11 / det
        return ProjectiveMap(a: a, b: b, c: c, d: d, tx: -(m31 * a + m32 * c), ty: -(m31 * b + m32 * d))
    }

    /// A Lottie transform for this affine map: position, rotation (degrees clockwise) and scale
    /// (percent), and how far (in the map's units) the map's shear would move a point at
    /// distance 1 — what the transform leaves out.
    var decomposed: (x: Double, y: Double, rotation: Double, sx: Double, sy: Double, shear: Double) {
        let a = m11, b = m12, c = m21, d = m22
        let sx = (a * a + b * b).squareRoot()
        guard sx > 1e-12 else { return (m31, m32, 0, 0, (c * c + d * d).squareRoot() * 100, 0) }
        let angle = atan2(b, a)
        let sy = (a * d - b * c) / sx
        // R(angle) · diag(sx, sy) has second column (-sin·sy, cos·sy).
        let shear = ((c + sin(angle) * sy) * (c + sin(angle) * sy) + (d - cos(angle) * sy) * (d - cos(angle) * sy)).squareRoot()
        return (m31, m32, angle * 180 / Double.pi, sx * 100, sy * 100, shear)
    }
}
