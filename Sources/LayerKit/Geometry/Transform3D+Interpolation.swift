import Foundation

extension Transform3D {
    /// The transform a fraction of the way from `from` to `to`, as Core Animation animates one.
    ///
    /// Both are decomposed; translation, scale, skew and perspective are interpolated linearly
    /// and the rotation along the shortest arc (slerp of unit quaternions), then recomposed. So two
    /// scales interpolate to a scale and two rotations about one axis to a rotation about it.
    /// Fraction 0 gives `from` and 1 gives `to` exactly; fractions outside 0...1 extrapolate.
    public static func interpolate(_ from: Transform3D, _ to: Transform3D, _ fraction: Double) -> Transform3D {
        if fraction == 0 { return from }
        if fraction == 1 { return to }
        let a = from.factors, b = to.factors
        let t = fraction
        let rotation = Quaternion(a.rotation).slerp(to: Quaternion(b.rotation), t)
        return Factors(
            translation: a.translation + t * (b.translation - a.translation),
            scale: a.scale + t * (b.scale - a.scale),
            skew: a.skew + t * (b.skew - a.skew),
            perspective: a.perspective + t * (b.perspective - a.perspective),
            rotation: Matrix3(rotation)
        ).matrix
    }

    /// A unit quaternion `w + xi + yj + zk` for a rotation in Core Animation's convention.
    struct Quaternion: Hashable {
        /// (x, y, z, w).
        var v: SIMD4<Double>

        init(_ v: SIMD4<Double>) {
            self.v = v
        }

        /// The quaternion of a proper rotation matrix (rows, row-vector convention).
        ///
        /// Uses the largest of w, x, y, z as the pivot, so it is accurate for every angle.
        init(_ m: Matrix3) {
            // r[i][j] below is the column-vector matrix, the transpose of m.
            let (r00, r01, r02) = (m.r0.x, m.r1.x, m.r2.x)
            let (r10, r11, r12) = (m.r0.y, m.r1.y, m.r2.y)
            let (r20, r21, r22) = (m.r0.z, m.r1.z, m.r2.z)
            let trace = r00 + r11 + r22
            var q: SIMD4<Double>
            if trace > 0 {
                let s = 2 * (trace + 1).squareRoot()
                q = SIMD4((r21 - r12) / s, (r02 - r20) / s, (r10 - r01) / s, s / 4)
            } else if r00 >= r11 && r00 >= r22 {
                let s = 2 * max(1 + r00 - r11 - r22, 1e-300).squareRoot()
                q = SIMD4(s / 4, (r01 + r10) / s, (r02 + r20) / s, (r21 - r12) / s)
            } else if r11 >= r22 {
                let s = 2 * max(1 + r11 - r00 - r22, 1e-300).squareRoot()
                q = SIMD4((r01 + r10) / s, s / 4, (r12 + r21) / s, (r02 - r20) / s)
            } else {
                let s = 2 * max(1 + r22 - r00 - r11, 1e-300).squareRoot()
                q = SIMD4((r02 + r20) / s, (r12 + r21) / s, s / 4, (r10 - r01) / s)
            }
            self.v = q / Quaternion.norm(q)
        }

        /// Spherical interpolation toward `other` along the shorter arc; extrapolates outside 0...1.
        func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
            let a = v
            var b = other.v
            if (a * b).sum() < 0 { b = -b }
            // The angle between the two 4-vectors, accurate also when they are nearly equal.
            let angle = 2 * atan2(Quaternion.norm(a - b), Quaternion.norm(a + b))
            if angle < 1e-9 {
                let q = a + t * (b - a)
                let n = Quaternion.norm(q)
                return n > 0 ? Quaternion(q / n) : self
            }
            let s = sin(angle)
            return Quaternion((sin((1 - t) * angle) / s) * a + (sin(t * angle) / s) * b)
        }

        static func norm(_ q: SIMD4<Double>) -> Double {
            (q * q).sum().squareRoot()
        }
    }
}

extension Transform3D.Matrix3 {
    /// The rotation matrix (rows, row-vector convention) of a unit quaternion.
    init(_ q: Transform3D.Quaternion) {
        let (x, y, z, w) = (q.v.x, q.v.y, q.v.z, q.v.w)
        self.init(
            r0: SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            r1: SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            r2: SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        )
    }
}
