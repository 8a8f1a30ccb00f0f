import LayerKit

/// A projective map of the plane: a point (x, y) becomes (X/W, Y/W) where
/// (X, Y, W) = (x, y, 1) · M. A layer's 4×4 transform acts on its own z = 0 plane like this once
/// depth is flattened away, as Core Animation flattens each layer into its superlayer's plane.
/// Public so that exporters place things exactly where the compositor does.
public struct ProjectiveMap: Equatable, Sendable {
    public var m11, m12, m13: Double
    public var m21, m22, m23: Double
    public var m31, m32, m33: Double

    public static let identity = ProjectiveMap(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The map a 4×4 transform makes of the z = 0 plane, with the output's z dropped.
    public init(flattening t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// The affine map x' = a x + c y + tx, y' = b x + d y + ty.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.init(m11: a, m12: b, m13: 0, m21: c, m22: d, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// `self` first, then `next`.
    public func then(_ n: ProjectiveMap) -> ProjectiveMap {
        ProjectiveMap(
            m11: m11 * n.m11 + m12 * n.m21 + m13 * n.m31,
            m12: m11 * n.m12 + m12 * n.m22 + m13 * n.m32,
            m13: m11 * n.m13 + m12 * n.m23 + m13 * n.m33,
            m21: m21 * n.m11 + m22 * n.m21 + m23 * n.m31,
            m22: m21 * n.m12 + m22 * n.m22 + m23 * n.m32,
            m23: m21 * n.m13 + m22 * n.m23 + m23 * n.m33,
            m31: m31 * n.m11 + m32 * n.m21 + m33 * n.m31,
            m32: m31 * n.m12 + m32 * n.m22 + m33 * n.m32,
            m33: m31 * n.m13 + m32 * n.m23 + m33 * n.m33)
    }

    /// The homogeneous image (X, Y, W) of (x, y).
    @inline(__always) public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// Whether the map is affine (no perspective).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }
}
