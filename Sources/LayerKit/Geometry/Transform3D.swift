import Foundation

/// A 4x4 matrix in Core Animation's convention (CATransform3D): row vectors, p' = p * M,
/// translation in m41 m42 m43, perspective via m34.
///
/// Products read left to right in the order the transforms apply: in `a * b`, `a` applies first.
public struct Transform3D: Hashable, Sendable, BitwiseCopyable {
    /// Row 1, column 1.
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 1, column 4.
    public var m14: Double
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2.
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 2, column 4.
    public var m24: Double
    /// Row 3, column 1.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3.
    public var m33: Double
    /// Row 3, column 4; `-1/d` gives perspective seen from distance `d`.
    public var m34: Double
    /// Row 4, column 1: the x translation.
    public var m41: Double
    /// Row 4, column 2: the y translation.
    public var m42: Double
    /// Row 4, column 3: the z translation.
    public var m43: Double
    /// Row 4, column 4.
    public var m44: Double

    /// Creates a matrix from all sixteen entries.
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity transform (CATransform3DIdentity).
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1
    )

    /// A scale by `(scaleX, y, z)` (CATransform3DMakeScale).
    public init(scaleX: Double, y: Double, z: Double = 1) {
        self = .identity
        m11 = scaleX; m22 = y; m33 = z
    }

    /// A rotation by `rotationAngle` radians about the axis `(x, y, z)` (CATransform3DMakeRotation).
    ///
    /// The axis is normalised; a zero (or non-finite) axis gives the identity. A positive angle
    /// about +z turns +x toward +y: clockwise on the y-down screen.
    public init(rotationAngle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(rotationAngle), s = sin(rotationAngle), t = 1 - c
        self.init(
            m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
            m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
            m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1
        )
    }

    /// A translation by `(translationX, y, z)` (CATransform3DMakeTranslation).
    public init(translationX: Double, y: Double, z: Double = 0) {
        self = .identity
        m41 = translationX; m42 = y; m43 = z
    }

    /// The 3D form of the affine transform `[a b c d tx ty]` (CATransform3DMakeAffineTransform).
    public init(affineA a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self = .identity
        m11 = a; m12 = b
        m21 = c; m22 = d
        m41 = tx; m42 = ty
    }

    /// `self * other`: this transform applies first, then `other` (CATransform3DConcat(self, other)).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let b = other
        return Transform3D(
            m11: m11 * b.m11 + m12 * b.m21 + m13 * b.m31 + m14 * b.m41,
            m12: m11 * b.m12 + m12 * b.m22 + m13 * b.m32 + m14 * b.m42,
            m13: m11 * b.m13 + m12 * b.m23 + m13 * b.m33 + m14 * b.m43,
            m14: m11 * b.m14 + m12 * b.m24 + m13 * b.m34 + m14 * b.m44,
            m21: m21 * b.m11 + m22 * b.m21 + m23 * b.m31 + m24 * b.m41,
            m22: m21 * b.m12 + m22 * b.m22 + m23 * b.m32 + m24 * b.m42,
            m23: m21 * b.m13 + m22 * b.m23 + m23 * b.m33 + m24 * b.m43,
            m24: m21 * b.m14 + m22 * b.m24 + m23 * b.m34 + m24 * b.m44,
            m31: m31 * b.m11 + m32 * b.m21 + m33 * b.m31 + m34 * b.m41,
            m32: m31 * b.m12 + m32 * b.m22 + m33 * b.m32 + m34 * b.m42,
            m33: m31 * b.m13 + m32 * b.m23 + m33 * b.m33 + m34 * b.m43,
            m34: m31 * b.m14 + m32 * b.m24 + m33 * b.m34 + m34 * b.m44,
            m41: m41 * b.m11 + m42 * b.m21 + m43 * b.m31 + m44 * b.m41,
            m42: m41 * b.m12 + m42 * b.m22 + m43 * b.m32 + m44 * b.m42,
            m43: m41 * b.m13 + m42 * b.m23 + m43 * b.m33 + m44 * b.m43,
            m44: m41 * b.m14 + m42 * b.m24 + m43 * b.m34 + m44 * b.m44
        )
    }

    /// `lhs.concatenating(rhs)`: `lhs` applies first.
    public static func * (lhs: Transform3D, rhs: Transform3D) -> Transform3D {
        lhs.concatenating(rhs)
    }

    /// A scale applied before this transform: `Scale * self` (CATransform3DScale).
    public func scaled(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var r = self
        r.m11 *= x; r.m12 *= x; r.m13 *= x; r.m14 *= x
        r.m21 *= y; r.m22 *= y; r.m23 *= y; r.m24 *= y
        r.m31 *= z; r.m32 *= z; r.m33 *= z; r.m34 *= z
        return r
    }

    /// A rotation applied before this transform: `Rotation * self` (CATransform3DRotate).
    ///
    /// A zero axis leaves the transform unchanged.
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// A translation applied before this transform: `Translation * self` (CATransform3DTranslate).
    public func translated(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var r = self
        r.m41 += x * m11 + y * m21 + z * m31
        r.m42 += x * m12 + y * m22 + z * m32
        r.m43 += x * m13 + y * m23 + z * m33
        r.m44 += x * m14 + y * m24 + z * m34
        return r
    }

    /// Whether every entry equals the identity's (CATransform3DIsIdentity).
    public var isIdentity: Bool { self == .identity }

    /// Whether the transform is exactly a 2D affine transform (CATransform3DIsAffine).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The determinant of the 4x4 matrix.
    public var determinant: Double { minors.determinant }

    /// The inverse, or nil when the matrix is singular.
    ///
    /// Singular means `|determinant|` below 1e-12 times the product of the row lengths (the largest
    /// the determinant could be), or a non-finite determinant. Core Animation returns the original
    /// matrix in that case; callers that want that rule write `t.inverted ?? t`.
    public var inverted: Transform3D? {
        let k = minors
        let det = k.determinant
        let bound = rowLength(m11, m12, m13, m14) * rowLength(m21, m22, m23, m24)
            * rowLength(m31, m32, m33, m34) * rowLength(m41, m42, m43, m44)
        guard det.isFinite, abs(det) >= 1e-12 * bound, det != 0 else { return nil }
        let (s0, s1, s2, s3, s4, s5) = (k.s0, k.s1, k.s2, k.s3, k.s4, k.s5)
        let (c0, c1, c2, c3, c4, c5) = (k.c0, k.c1, k.c2, k.c3, k.c4, k.c5)
        let f = 1 / det
        return Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * f,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * f,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * f,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * f,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * f,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * f,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * f,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * f,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * f,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * f,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * f,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * f,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * f,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * f,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * f,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * f
        )
    }

    /// The homogeneous product `[x y z 1] * M`.
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (
            x: x * m11 + y * m21 + z * m31 + m41,
            y: x * m12 + y * m22 + z * m32 + m42,
            z: x * m13 + y * m23 + z * m33 + m43,
            w: x * m14 + y * m24 + z * m34 + m44
        )
    }

    /// The point `(p.x, p.y, z)` transformed and divided by w; nil when w <= 1e-9 (behind the eye).
    public func project(_ p: Point, z: Double = 0) -> Point? {
        let h = apply(x: p.x, y: p.y, z: z)
        guard h.w > 1e-9 else { return nil }
        return Point(x: h.x / h.w, y: h.y / h.w)
    }

    /// The entry at a 0-based row and column; reading out of range gives 0, writing there does nothing.
    public subscript(row: Int, column: Int) -> Double {
        get {
            switch (row, column) {
            case (0, 0): m11
            case (0, 1): m12
            case (0, 2): m13
            case (0, 3): m14
            case (1, 0): m21
            case (1, 1): m22
            case (1, 2): m23
            case (1, 3): m24
            case (2, 0): m31
            case (2, 1): m32
            case (2, 2): m33
            case (2, 3): m34
            case (3, 0): m41
            case (3, 1): m42
            case (3, 2): m43
            case (3, 3): m44
            default: 0
            }
        }
        set {
            switch (row, column) {
            case (0, 0): m11 = newValue
            case (0, 1): m12 = newValue
            case (0, 2): m13 = newValue
            case (0, 3): m14 = newValue
            case (1, 0): m21 = newValue
            case (1, 1): m22 = newValue
            case (1, 2): m23 = newValue
            case (1, 3): m24 = newValue
            case (2, 0): m31 = newValue
            case (2, 1): m32 = newValue
            case (2, 2): m33 = newValue
            case (2, 3): m34 = newValue
            case (3, 0): m41 = newValue
            case (3, 1): m42 = newValue
            case (3, 2): m43 = newValue
            case (3, 3): m44 = newValue
            default: break
            }
        }
    }

    /// The 2x2 minors of rows 1-2 (`s`) and rows 3-4 (`c`), from which the determinant and the
    /// inverse follow by Laplace expansion.
    private var minors: (s0: Double, s1: Double, s2: Double, s3: Double, s4: Double, s5: Double,
                         c0: Double, c1: Double, c2: Double, c3: Double, c4: Double, c5: Double,
                         determinant: Double) {
        let s0 = m11 * m22 - m21 * m12
        let s1 = m11 * m23 - m21 * m13
        let s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13
        let s4 = m12 * m24 - m22 * m14
        let s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34
        let c4 = m32 * m44 - m42 * m34
        let c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34
        let c1 = m31 * m43 - m41 * m33
        let c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        return (s0, s1, s2, s3, s4, s5, c0, c1, c2, c3, c4, c5, det)
    }

    private func rowLength(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        (a * a + b * b + c * c + d * d).squareRoot()
    }
}
