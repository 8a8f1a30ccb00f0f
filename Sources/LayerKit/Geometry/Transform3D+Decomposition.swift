import Foundation

/// The named components of a transform, as Core Animation's key paths see them
/// (transform.translation.x, transform.scale.y, transform.rotation.z …).
///
/// A transform is rebuilt from its parts, in row-vector order (what applies first is leftmost), as
/// `Scale * Skew * RotationX * RotationY * RotationZ * Translation * Perspective`: scale and
/// rotation act about the layer's anchor point, translation moves in the parent's space, and the
/// perspective row acts last on a point (it is the first factor in the CSS Transforms Level 2
/// recomposition, which writes matrices for column vectors).
public struct TransformParts: Hashable, Sendable {
    /// Translation along x, in points (m41 of the transform).
    public var translationX: Double
    /// Translation along y, in points (m42 of the transform).
    public var translationY: Double
    /// Translation along z, in points (m43 of the transform).
    public var translationZ: Double
    /// Scale factor along x.
    public var scaleX: Double
    /// Scale factor along y.
    public var scaleY: Double
    /// Scale factor along z.
    public var scaleZ: Double
    /// Euler angle about x, in radians; applied first of the three rotations.
    public var rotationX: Double
    /// Euler angle about y, in radians; applied after `rotationX`.
    public var rotationY: Double
    /// Euler angle about z, in radians; applied last of the three rotations.
    public var rotationZ: Double
    /// Shear of x by y: a point moves `skewXY * y` along x.
    public var skewXY: Double
    /// Shear of x by z: a point moves `skewXZ * z` along x.
    public var skewXZ: Double
    /// Shear of y by z: a point moves `skewYZ * z` along y.
    public var skewYZ: Double
    /// The x component of the perspective column.
    public var perspectiveX: Double
    /// The y component of the perspective column.
    public var perspectiveY: Double
    /// The z component of the perspective column (`-1/d` for a viewer at distance `d`).
    public var perspectiveZ: Double
    /// The w component of the perspective column; 1 for no perspective.
    public var perspectiveW: Double

    /// The parts of the identity transform.
    public static let identity = TransformParts()

    /// The parts of the identity transform: unit scale, perspective w 1, everything else zero.
    public init() {
        translationX = 0; translationY = 0; translationZ = 0
        scaleX = 1; scaleY = 1; scaleZ = 1
        rotationX = 0; rotationY = 0; rotationZ = 0
        skewXY = 0; skewXZ = 0; skewYZ = 0
        perspectiveX = 0; perspectiveY = 0; perspectiveZ = 0; perspectiveW = 1
    }
}

extension Transform3D {
    /// The transform taken apart into translation, scale, Euler rotation, skew and perspective.
    ///
    /// Always succeeds: for a non-degenerate matrix `Transform3D(parts: t.parts)` reproduces `t`;
    /// for a singular one (a zero scale) the parts are finite and as close as the matrix allows.
    /// A mirrored matrix shows as one negative scale, on the axis that leaves the smallest rotation.
    public var parts: TransformParts {
        let f = factors
        let angles = f.rotation.eulerAngles
        var p = TransformParts()
        p.translationX = f.translation.x; p.translationY = f.translation.y; p.translationZ = f.translation.z
        p.scaleX = f.scale.x; p.scaleY = f.scale.y; p.scaleZ = f.scale.z
        p.rotationX = angles.x; p.rotationY = angles.y; p.rotationZ = angles.z
        p.skewXY = f.skew.x; p.skewXZ = f.skew.y; p.skewYZ = f.skew.z
        p.perspectiveX = f.perspective.x; p.perspectiveY = f.perspective.y
        p.perspectiveZ = f.perspective.z; p.perspectiveW = f.perspective.w
        return p
    }

    /// The transform built from its parts (the inverse of ``parts``).
    public init(parts p: TransformParts) {
        if let simple = Transform3D(scaleRotateZTranslate: p) {
            self = simple
            return
        }
        let f = Factors(
            translation: SIMD3(p.translationX, p.translationY, p.translationZ),
            scale: SIMD3(p.scaleX, p.scaleY, p.scaleZ),
            skew: SIMD3(p.skewXY, p.skewXZ, p.skewYZ),
            perspective: SIMD4(p.perspectiveX, p.perspectiveY, p.perspectiveZ, p.perspectiveW),
            rotation: Matrix3(eulerX: p.rotationX, y: p.rotationY, z: p.rotationZ)
        )
        self = f.matrix
    }

    /// The common case of `init(parts:)` — scale, a turn about z and a translation, all finite,
    /// with no skew and no perspective — multiplied out directly; nil for any other parts.
    @inline(__always)
    private init?(scaleRotateZTranslate p: TransformParts) {
        guard Transform3D.isSimple(p), Transform3D.isFinite(p) else { return nil }
        self.init(scale: (p.scaleX, p.scaleY, p.scaleZ), rotationZ: p.rotationZ,
                  translation: (p.translationX, p.translationY, p.translationZ))
    }

    /// Whether parts are a scale, a turn about z and a translation, with nothing else.
    static func isSimple(_ p: TransformParts) -> Bool {
        p.rotationX == 0 && p.rotationY == 0 && p.skewXY == 0 && p.skewXZ == 0 && p.skewYZ == 0
            && p.perspectiveX == 0 && p.perspectiveY == 0 && p.perspectiveZ == 0 && p.perspectiveW == 1
    }

    /// Whether setting `component` keeps simple parts simple.
    static func keepsSimple(_ component: TransformComponent) -> Bool {
        switch component {
        case .rotationX, .rotationY, .translation: return false
        default: return true
        }
    }

    @inline(__always)
    private static func isFinite(_ p: TransformParts) -> Bool {
        areFinite(p.rotationZ, p.scaleX, p.scaleY, p.scaleZ, p.translationX, p.translationY, p.translationZ)
    }

    /// Whether seven numbers are all finite, without a branch each: a sum with an infinity or
    /// NaN in it is not finite, so the sum minus itself is NaN, not 0. (A sum of finite numbers
    /// that overflows says no as well: callers then take their general path, which is right for
    /// any numbers.) Summed in pairs, so that the additions need not wait on one another.
    @inline(__always)
    static func areFinite(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double,
                          _ g: Double) -> Bool {
        let sum = ((a + b) + (c + d)) + ((e + f) + g)
        return sum - sum == 0
    }

    /// Scale, then a turn about z, then a translation, multiplied out (all finite).
    @inline(__always)
    init(scale: (Double, Double, Double), rotationZ: Double, translation: (Double, Double, Double)) {
        let (s, c) = rotationZ == 0 ? (0, 1) : Trigonometry.sinCos(rotationZ)
        self.init(m11: scale.0 * c, m12: scale.0 * s, m13: 0, m14: 0,
                  m21: scale.1 * -s, m22: scale.1 * c, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: scale.2, m34: 0,
                  m41: translation.0, m42: translation.1, m43: translation.2, m44: 1)
    }

    /// A transform's factors with the rotation kept as a matrix, shared by ``parts`` and
    /// ``interpolate(_:_:_:)``.
    struct Factors {
        /// (m41, m42, m43).
        var translation: SIMD3<Double>
        /// Signed scale factors along x, y, z.
        var scale: SIMD3<Double>
        /// The shears (xy, xz, yz).
        var skew: SIMD3<Double>
        /// The perspective column (x, y, z, w).
        var perspective: SIMD4<Double>
        /// A proper rotation: orthonormal rows, determinant +1.
        var rotation: Matrix3

        /// The matrix `Scale * Skew * Rotation * Translation * Perspective` (row vectors).
        var matrix: Transform3D {
            let q = rotation
            let a0 = scale.x * q.r0
            let a1 = scale.y * (skew.x * q.r0 + q.r1)
            let a2 = scale.z * (skew.y * q.r0 + skew.z * q.r1 + q.r2)
            let p = SIMD3(perspective.x, perspective.y, perspective.z)
            return Transform3D(
                m11: a0.x, m12: a0.y, m13: a0.z, m14: Matrix3.dot(a0, p),
                m21: a1.x, m22: a1.y, m23: a1.z, m24: Matrix3.dot(a1, p),
                m31: a2.x, m32: a2.y, m33: a2.z, m34: Matrix3.dot(a2, p),
                m41: translation.x, m42: translation.y, m43: translation.z,
                m44: Matrix3.dot(translation, p) + perspective.w
            )
        }
    }

    /// The decomposition, after the CSS Transforms Level 2 "unmatrix" steps: translation from the
    /// last row; the upper 3x3 factored by Gram-Schmidt on its rows into a lower-triangular
    /// scale-and-skew matrix times a rotation; the perspective column solved through those factors.
    var factors: Factors {
        let rows = Matrix3(
            r0: SIMD3(m11, m12, m13), r1: SIMD3(m21, m22, m23), r2: SIMD3(m31, m32, m33)
        )
        let tolerance = 1e-12 * max(Matrix3.length(rows.r0), Matrix3.length(rows.r1), Matrix3.length(rows.r2))

        // Rows = L * Q, L lower triangular, Q orthonormal. A row that adds nothing new gets a zero
        // diagonal in L and its direction in Q is chosen afterwards.
        var l = Matrix3.zero
        var q = Matrix3.zero
        var known: UInt8 = 0  // bit i set: row i of q is found
        for i in 0..<3 {
            var v = rows[i]
            for j in 0..<i where known & (1 << j) != 0 {
                let d = Matrix3.dot(v, q[j])
                l[i][j] = d
                v -= d * q[j]
            }
            let n = Matrix3.length(v)
            if n > tolerance {
                q[i] = v / n
                l[i][i] = n
                known |= 1 << i
            }
        }
        q.completeRotation(known: known, lowerFactor: &l)

        let scale = SIMD3(l[0][0], l[1][1], l[2][2])
        let skew = SIMD3(
            scale.y != 0 ? l[1][0] / scale.y : 0,
            scale.z != 0 ? l[2][0] / scale.z : 0,
            scale.z != 0 ? l[2][1] / scale.z : 0
        )

        // Column 4 of the matrix is (L * Q) * p: solve L y = c by forward substitution (skipping
        // zero pivots), then p = Q^T y.
        let c = SIMD3(m14, m24, m34)
        let y0 = l[0][0] != 0 ? c.x / l[0][0] : 0
        let y1 = l[1][1] != 0 ? (c.y - l[1][0] * y0) / l[1][1] : 0
        let y2 = l[2][2] != 0 ? (c.z - l[2][0] * y0 - l[2][1] * y1) / l[2][2] : 0
        let p = y0 * q.r0 + y1 * q.r1 + y2 * q.r2
        let translation = SIMD3(m41, m42, m43)
        let w = m44 - Matrix3.dot(translation, p)

        return Factors(
            translation: translation, scale: scale, skew: skew,
            perspective: SIMD4(p.x, p.y, p.z, w), rotation: q
        )
    }

    /// A 3x3 matrix stored as rows, for the decomposition.
    struct Matrix3: Hashable {
        var r0: SIMD3<Double>
        var r1: SIMD3<Double>
        var r2: SIMD3<Double>

        static let zero = Matrix3(r0: .zero, r1: .zero, r2: .zero)
        static let identity = Matrix3(r0: SIMD3(1, 0, 0), r1: SIMD3(0, 1, 0), r2: SIMD3(0, 0, 1))

        /// Row `i` (0, 1 or 2; anything else reads and writes row 2).
        subscript(i: Int) -> SIMD3<Double> {
            get {
                switch i {
                case 0: r0
                case 1: r1
                default: r2
                }
            }
            set {
                switch i {
                case 0: r0 = newValue
                case 1: r1 = newValue
                default: r2 = newValue
                }
            }
        }

        var determinant: Double { Matrix3.dot(r0, Matrix3.cross(r1, r2)) }

        static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
            (a * b).sum()
        }

        static func length(_ a: SIMD3<Double>) -> Double {
            dot(a, a).squareRoot()
        }

        static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }

        /// RotationX(x) * RotationY(y) * RotationZ(z), each as CATransform3DMakeRotation builds it.
        init(eulerX x: Double, y: Double, z: Double) {
            // Zero angles are common (a z-only spin): skip their trigonometry.
            let (sa, ca) = x == 0 ? (0, 1) : Trigonometry.sinCos(x)
            let (sb, cb) = y == 0 ? (0, 1) : Trigonometry.sinCos(y)
            let (sg, cg) = z == 0 ? (0, 1) : Trigonometry.sinCos(z)
            r0 = SIMD3(cb * cg, cb * sg, -sb)
            r1 = SIMD3(sa * sb * cg - ca * sg, sa * sb * sg + ca * cg, sa * cb)
            r2 = SIMD3(ca * sb * cg + sa * sg, ca * sb * sg - sa * cg, ca * cb)
        }

        init(r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>) {
            self.r0 = r0
            self.r1 = r1
            self.r2 = r2
        }

        /// The Euler angles (x, y, z) with `self == Matrix3(eulerX: x, y: y, z: z)`, y in -π/2...π/2.
        ///
        /// In gimbal lock (y = ±π/2) the x angle is 0 and z carries the whole turn.
        var eulerAngles: SIMD3<Double> {
            let cosY = (r0.x * r0.x + r0.y * r0.y).squareRoot()
            let y = atan2(-r0.z, cosY)
            let x = cosY > 1e-12 ? atan2(r1.z, r2.z) : 0
            // Undo the x rotation on rows 1 and 2, which leaves (-sin z, cos z) whatever y is.
            let (sa, ca) = (sin(x), cos(x))
            let z = atan2(-(ca * r1.x - sa * r2.x), ca * r1.y - sa * r2.y)
            return SIMD3(x, y, z)
        }

        /// Turns the orthonormal rows found so far into a proper rotation.
        ///
        /// Missing rows (those of a degenerate matrix) are chosen to complete a right-handed basis.
        /// When all rows are known and the basis is left-handed, the row whose flip leaves the
        /// smallest rotation is negated, together with the matching column of `lowerFactor`, so
        /// that `lowerFactor * self` is unchanged and the mirroring becomes a negative scale.
        mutating func completeRotation(known: UInt8, lowerFactor l: inout Matrix3) {
            switch known.nonzeroBitCount {
            case 0:
                self = .identity
            case 1:
                // One direction known: take the first missing axis from the coordinate axis of
                // that index (or the next one not nearly parallel to it), orthogonalised.
                let k = known.trailingZeroBitCount
                let m1 = k == 0 ? 1 : 0
                let m2 = 3 - k - m1
                let qk = self[k]
                let axis = abs(qk[m1]) < 0.7 ? m1 : (abs(qk[m2]) < 0.7 ? m2 : k)
                var e = SIMD3<Double>.zero
                e[axis] = 1
                let v = e - Matrix3.dot(e, qk) * qk
                self[m1] = v / Matrix3.length(v)
                completeRow(m2)
            case 2:
                completeRow((~known & 7).trailingZeroBitCount)
            default:
                guard determinant < 0 else { return }
                let diagonal = SIMD3(r0.x, r1.y, r2.z)
                var m = 0
                for i in 1..<3 where diagonal[i] < diagonal[m] { m = i }
                self[m] = -self[m]
                for i in 0..<3 { l[i][m] = -l[i][m] }
            }
        }

        /// Sets row `i` to the cross product of the other two, in the right-handed order.
        private mutating func completeRow(_ i: Int) {
            self[i] = Matrix3.cross(self[(i + 1) % 3], self[(i + 2) % 3])
        }
    }
}
