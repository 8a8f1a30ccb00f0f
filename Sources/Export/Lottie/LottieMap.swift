import Foundation
import LayerKit

/// A projective map of the plane, (x, y) → (X/W, Y/W) with (X, Y, W) = (x, y, 1) · M: what a
/// layer's 4×4 transform does to its own plane once depth is flattened away, as the renderer
/// flattens it. Affine maps are what a Lottie transform can say; the others are projected.
struct LottieMap: Equatable {
    var m11, m12, m13: Double
    var m21, m22, m23: Double
    var m31, m32, m33: Double

    static let identity = LottieMap(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
         m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The map a 4×4 transform makes of the z = 0 plane.
    init(flattening t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// The affine map x' = a x + c y + tx, y' = b x + d y + ty.
    init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.init(m11: a, m12: b, m13: 0, m21: c, m22: d, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// `self` first, then `n`.
    func then(_ n: LottieMap) -> LottieMap {
        LottieMap(
            m11: m11 * n.m11 + m12 * n.m21 + m13 * n.m31, m12: m11 * n.m12 + m12 * n.m22 + m13 * n.m32,
            m13: m11 * n.m13 + m12 * n.m23 + m13 * n.m33,
            m21: m21 * n.m11 + m22 * n.m21 + m23 * n.m31, m22: m21 * n.m12 + m22 * n.m22 + m23 * n.m32,
            m23: m21 * n.m13 + m22 * n.m23 + m23 * n.m33,
            m31: m31 * n.m11 + m32 * n.m21 + m33 * n.m31, m32: m31 * n.m12 + m32 * n.m22 + m33 * n.m32,
            m33: m31 * n.m13 + m32 * n.m23 + m33 * n.m33)
    }

    /// Where `p` lands (a point behind the eye is pushed far away rather than flipped).
    func apply(_ p: Point) -> Point {
        let x = p.x * m11 + p.y * m21 + m31, y = p.x * m12 + p.y * m22 + m32
        var w = p.x * m13 + p.y * m23 + m33
        if w < 1e-6 { w = 1e-6 }
        return Point(x: x / w, y: y / w)
    }

    var isAffine: Bool { abs(m13) < 1e-12 && abs(m23) < 1e-12 && abs(m33 - 1) < 1e-12 }

    /// The affine map that agrees with this one at the origin and one unit along each axis (this
    /// map itself when affine).
    var affineApproximation: LottieMap {
        if isAffine { return self }
        let o = apply(.zero), ex = apply(Point(x: 1, y: 0)), ey = apply(Point(x: 0, y: 1))
        return LottieMap(a: ex.x - o.x, b: ex.y - o.y, c: ey.x - o.x, d: ey.y - o.y, tx: o.x, ty: o.y)
    }

    /// The inverse of an affine map (nil when it squashes the plane flat).
    var affineInverse: LottieMap? {
        let det = m11 * m22 - m12 * m21
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let a = m22 / det, b = -m12 / det, c = -m21 / det, d = m11 / det
        return LottieMap(a: a, b: b, c: c, d: d, tx: -(m31 * a + m32 * c), ty: -(m31 * b + m32 * d))
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
