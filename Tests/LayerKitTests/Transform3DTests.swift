import Foundation
import Testing
import LayerKit
import TestSupport

@Suite("Transform3D")
struct Transform3DTests {
    // MARK: Construction and products

    @Test func constructorsMatchCoreAnimation() {
        #expect(Transform3D.identity.isIdentity)
        let s = Transform3D(scaleX: 2, y: 3)
        #expect([s.m11, s.m22, s.m33, s.m44] == [2, 3, 1, 1])
        let t = Transform3D(translationX: 5, y: 6)
        #expect([t.m41, t.m42, t.m43] == [5, 6, 0])
        let r = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        #expect(r.m11 == cos(0.3) && r.m12 == sin(0.3) && r.m21 == -sin(0.3) && r.m22 == cos(0.3))
        #expect(!r.isIdentity && r.isAffine)
    }

    @Test func rotationAxisIsNormalisedAndZeroAxisIsIdentity() {
        expectClose(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 5), Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1))
        expectClose(Transform3D(rotationAngle: 1, x: 2, y: 2, z: 0), Transform3D(rotationAngle: 1, x: 1, y: 1, z: 0))
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0).isIdentity)
        #expect(Transform3D(rotationAngle: 1, x: .nan, y: 0, z: 0).isIdentity)
        let t = Transform3D(translationX: 3, y: 4)
        #expect(t.rotated(by: 1, x: 0, y: 0, z: 0) == t)
    }

    /// A positive angle turns +x toward +y (clockwise on the y-down screen), +y toward +z about x,
    /// and +z toward +x about y: the right-hand rule in row-vector form.
    @Test(arguments: [
        ((0.0, 0.0, 1.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),
        ((0.0, 0.0, 1.0), (0.0, 1.0, 0.0), (-1.0, 0.0, 0.0)),
        ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
        ((0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0)),
        ((0.0, 1.0, 0.0), (1.0, 0.0, 0.0), (0.0, 0.0, -1.0)),
    ])
    func quarterTurnDirection(axis: (Double, Double, Double), from: (Double, Double, Double), to: (Double, Double, Double)) {
        let r = Transform3D(rotationAngle: .pi / 2, x: axis.0, y: axis.1, z: axis.2)
        let p = r.apply(x: from.0, y: from.1, z: from.2)
        #expect(close(p.x, to.0) && close(p.y, to.1) && close(p.z, to.2) && p.w == 1)
    }

    @Test func affineConstructor() {
        let t = Transform3D(affineA: 2, b: 0.5, c: -1, d: 3, tx: 7, ty: -4)
        #expect(t.isAffine)
        let p = t.apply(x: 10, y: 20, z: 0)
        // CGAffineTransform: x' = a x + c y + tx, y' = b x + d y + ty.
        #expect(p.x == 2 * 10 - 1 * 20 + 7 && p.y == 0.5 * 10 + 3 * 20 - 4 && p.z == 0 && p.w == 1)
        #expect(t.m33 == 1 && t.m44 == 1 && t.m13 == 0)
    }

    @Test func isAffine() {
        var t = Transform3D(affineA: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(t.isAffine)
        t.m34 = -0.002
        #expect(!t.isAffine)
        #expect(!Transform3D(rotationAngle: 0.1, x: 1, y: 0, z: 0).isAffine)
        #expect(!Transform3D(translationX: 0, y: 0, z: 1).isAffine)
        #expect(!Transform3D(scaleX: 1, y: 1, z: 2).isAffine)
    }

    @Test func concatenationAppliesTheLeftOperandFirst() {
        let translate = Transform3D(translationX: 10, y: 0)
        let rotate = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        // Translate then rotate: (1, 0) -> (11, 0) -> (0, 11).
        let p = (translate * rotate).project(Point(x: 1, y: 0))
        #expect(p.map { close($0.x, 0) && close($0.y, 11) } == true)
        // Rotate then translate: (1, 0) -> (0, 1) -> (10, 1).
        let q = (rotate * translate).project(Point(x: 1, y: 0))
        #expect(q.map { close($0.x, 10) && close($0.y, 1) } == true)
        #expect(translate.concatenating(rotate) == translate * rotate)
    }

    @Test func concatenationIsAssociativeAndHasIdentity() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<20 {
            let a = rng.matrix(), b = rng.matrix(), c = rng.matrix()
            expectClose((a * b) * c, a * (b * c), tolerance: 1e-9)
            #expect(a * .identity == a && .identity * a == a)
        }
    }

    @Test func scaledTranslatedRotatedPreMultiply() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<20 {
            let t = rng.matrix()
            #expect(t.scaled(x: 2, y: -3, z: 0.5) == Transform3D(scaleX: 2, y: -3, z: 0.5) * t)
            expectClose(t.translated(x: 4, y: -5, z: 6), Transform3D(translationX: 4, y: -5, z: 6) * t)
            expectClose(t.rotated(by: 0.7, x: 1, y: 2, z: 3), Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3) * t)
        }
        // The added operation applies first, in the layer's own space.
        let scaledFirst = Transform3D(translationX: 10, y: 0).scaled(x: 2, y: 3)
        #expect(scaledFirst.project(Point(x: 1, y: 1)) == Point(x: 12, y: 3))
        let translatedFirst = Transform3D(scaleX: 2, y: 2).translated(x: 10, y: 0)
        #expect(translatedFirst.project(Point(x: 0, y: 0)) == Point(x: 20, y: 0))
        let rotatedFirst = Transform3D(translationX: 10, y: 0).rotated(by: .pi / 2, x: 0, y: 0, z: 1)
        let p = rotatedFirst.project(Point(x: 1, y: 0))
        #expect(p.map { close($0.x, 10) && close($0.y, 1) } == true)
    }

    // MARK: Inverse, determinant, projection

    @Test func determinant() {
        #expect(Transform3D.identity.determinant == 1)
        #expect(Transform3D(scaleX: 2, y: 3, z: 4).determinant == 24)
        #expect(close(Transform3D(rotationAngle: 0.8, x: 1, y: -2, z: 0.5).determinant, 1))
        #expect(Transform3D(translationX: 100, y: 200, z: 300).determinant == 1)
        var rng = SeededRandom(seed: 3)
        for _ in 0..<20 {
            let a = rng.matrix(), b = rng.matrix()
            #expect(close((a * b).determinant, a.determinant * b.determinant, tolerance: 1e-9))
        }
    }

    @Test func inverseUndoesTheTransform() throws {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<50 {
            let m = rng.matrix()
            let inverse = try #require(m.inverted)
            expectClose(m * inverse, .identity, tolerance: 1e-9)
            expectClose(inverse * m, .identity, tolerance: 1e-9)
        }
        #expect(Transform3D(translationX: 3, y: -4, z: 5).inverted == Transform3D(translationX: -3, y: 4, z: -5))
        #expect(Transform3D(scaleX: 2, y: 4, z: 0.5).inverted == Transform3D(scaleX: 0.5, y: 0.25, z: 2))
        let tiny = Transform3D(scaleX: 1e-5, y: 1e-5, z: 1e-5)
        #expect(tiny.inverted != nil)
    }

    @Test(arguments: [
        Transform3D(scaleX: 0, y: 1),
        Transform3D(scaleX: 1, y: 1, z: 0),
        Transform3D(affineA: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
        Transform3D(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0),
        Transform3D(scaleX: .nan, y: 1),
        Transform3D(scaleX: .infinity, y: 1),
    ])
    func singularMatricesHaveNoInverse(m: Transform3D) {
        #expect(m.inverted == nil)
    }

    @Test func projectionThroughPerspective() throws {
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        // At z = 0 nothing moves.
        #expect(t.project(Point(x: 100, y: -50)) == Point(x: 100, y: -50))
        // At z = 100 (toward the viewer) w = 1 - 100/500 = 0.8, so points move away from the
        // origin by 1/0.8 = 1.25.
        let near = try #require(t.project(Point(x: 100, y: -50), z: 100))
        #expect(close(near.x, 125) && close(near.y, -62.5))
        let h = t.apply(x: 100, y: -50, z: 100)
        #expect(close(h.w, 0.8) && h.z == 100)
        // Further away they shrink toward the origin.
        let far = try #require(t.project(Point(x: 100, y: 0), z: -500))
        #expect(close(far.x, 50))
        // At and behind the eye there is no projection.
        #expect(t.project(Point(x: 1, y: 1), z: 500) == nil)
        #expect(t.project(Point(x: 1, y: 1), z: 600) == nil)
    }

    @Test func subscriptReadsAndWritesByZeroBasedRowAndColumn() {
        var t = Transform3D.identity
        for row in 0..<4 {
            for column in 0..<4 {
                t[row, column] = Double(10 * (row + 1) + column + 1)
            }
        }
        #expect(t == Transform3D(m11: 11, m12: 12, m13: 13, m14: 14, m21: 21, m22: 22, m23: 23, m24: 24,
                                 m31: 31, m32: 32, m33: 33, m34: 34, m41: 41, m42: 42, m43: 43, m44: 44))
        #expect(t[2, 3] == 34 && t[3, 0] == 41)
        let before = t
        t[4, 0] = 99
        t[-1, 2] = 99
        t[0, 4] = 99
        #expect(t == before)
        #expect(t[4, 4] == 0 && t[-1, 0] == 0 && t[0, -1] == 0)
    }

    // MARK: Decomposition

    @Test func partsOfSimpleTransforms() {
        #expect(Transform3D.identity.parts == .identity)
        #expect(TransformParts() == .identity)
        #expect(Transform3D(parts: .identity) == .identity)

        let t = Transform3D(translationX: 1, y: 2, z: 3).parts
        #expect([t.translationX, t.translationY, t.translationZ] == [1, 2, 3])
        let s = Transform3D(scaleX: 2, y: 3, z: 4).parts
        #expect([s.scaleX, s.scaleY, s.scaleZ] == [2, 3, 4])
        #expect(close(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1).parts.rotationZ, 0.3))
        #expect(close(Transform3D(rotationAngle: -2.5, x: 0, y: 0, z: 1).parts.rotationZ, -2.5))
        #expect(close(Transform3D(rotationAngle: 0.4, x: 1, y: 0, z: 0).parts.rotationX, 0.4))
        #expect(close(Transform3D(rotationAngle: -0.6, x: 0, y: 1, z: 0).parts.rotationY, -0.6))

        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let p = perspective.parts
        #expect(close(p.perspectiveZ, -0.002) && p.perspectiveW == 1 && p.scaleZ == 1)
    }

    @Test func mirroringShowsAsOneNegativeScale() {
        let flip = Transform3D(scaleX: -1, y: 1).parts
        #expect(flip.scaleX == -1 && flip.scaleY == 1 && flip.scaleZ == 1)
        #expect(flip.rotationX == 0 && flip.rotationY == 0 && flip.rotationZ == 0)
        let flipY = Transform3D(scaleX: 2, y: -3).parts
        #expect(flipY.scaleX == 2 && flipY.scaleY == -3 && flipY.rotationZ == 0)
    }

    @Test func caStyleTransformsRoundTrip() {
        var rng = SeededRandom(seed: 1)
        for i in 0..<300 {
            // Built from the primitive constructors, independently of init(parts:).
            var scale = Transform3D(scaleX: rng.uniform(0.2, 3), y: rng.uniform(0.2, 3), z: rng.uniform(0.2, 3))
            if i % 3 == 1 { scale[i % 3, i % 3] *= -1 }
            var skew = Transform3D.identity
            skew.m21 = rng.uniform(-0.3, 0.3)
            skew.m31 = rng.uniform(-0.3, 0.3)
            skew.m32 = rng.uniform(-0.3, 0.3)
            let rx = Transform3D(rotationAngle: rng.uniform(-1.5, 1.5), x: 1, y: 0, z: 0)
            let ry = Transform3D(rotationAngle: rng.uniform(-1.5, 1.5), x: 0, y: 1, z: 0)
            let rz = Transform3D(rotationAngle: rng.uniform(-.pi, .pi), x: 0, y: 0, z: 1)
            let translate = Transform3D(translationX: rng.uniform(-500, 500), y: rng.uniform(-500, 500), z: rng.uniform(-100, 100))
            var perspective = Transform3D.identity
            if i % 2 == 0 { perspective.m34 = -1 / rng.uniform(200, 2000) }
            let m = scale * skew * rx * ry * rz * translate * perspective
            expectRoundTrip(m)
        }
    }

    @Test func generalMatricesRoundTrip() {
        var rng = SeededRandom(seed: 2)
        for _ in 0..<300 {
            expectRoundTrip(rng.matrix())
        }
    }

    @Test(arguments: [-Double.pi / 2, Double.pi / 2])
    func gimbalLockRoundTrips(angle: Double) {
        let m = Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0)
            * Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
            * Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1)
        expectRoundTrip(m)
        #expect(close(m.parts.rotationY, angle))
    }

    @Test func partsRoundTrip() {
        var rng = SeededRandom(seed: 4)
        for _ in 0..<200 {
            var p = TransformParts()
            p.translationX = rng.uniform(-300, 300); p.translationY = rng.uniform(-300, 300)
            p.translationZ = rng.uniform(-300, 300)
            p.scaleX = rng.uniform(0.1, 4); p.scaleY = rng.uniform(0.1, 4); p.scaleZ = rng.uniform(0.1, 4)
            p.rotationX = rng.uniform(-3, 3); p.rotationY = rng.uniform(-1.5, 1.5); p.rotationZ = rng.uniform(-3, 3)
            p.skewXY = rng.uniform(-0.5, 0.5); p.skewXZ = rng.uniform(-0.5, 0.5); p.skewYZ = rng.uniform(-0.5, 0.5)
            p.perspectiveX = rng.uniform(-0.01, 0.01); p.perspectiveY = rng.uniform(-0.01, 0.01)
            p.perspectiveZ = rng.uniform(-0.01, 0.01); p.perspectiveW = rng.uniform(0.5, 2)
            let q = Transform3D(parts: p).parts
            let pairs = [
                (p.translationX, q.translationX), (p.translationY, q.translationY), (p.translationZ, q.translationZ),
                (p.scaleX, q.scaleX), (p.scaleY, q.scaleY), (p.scaleZ, q.scaleZ),
                (p.rotationX, q.rotationX), (p.rotationY, q.rotationY), (p.rotationZ, q.rotationZ),
                (p.skewXY, q.skewXY), (p.skewXZ, q.skewXZ), (p.skewYZ, q.skewYZ),
                (p.perspectiveX, q.perspectiveX), (p.perspectiveY, q.perspectiveY),
                (p.perspectiveZ, q.perspectiveZ), (p.perspectiveW, q.perspectiveW),
            ]
            #expect(pairs.allSatisfy { close($0.0, $0.1, tolerance: 1e-9) }, "\(p) -> \(q)")
        }
    }

    @Test func keyPathStyleEditsKeepTheOtherParts() {
        // Setting transform.rotation.z on a scaled, translated layer: scale and rotation act
        // about the anchor, translation stays in the parent's space.
        var parts = Transform3D(scaleX: 2, y: 2).translated(x: 0, y: 0).concatenating(Transform3D(translationX: 50, y: 0)).parts
        parts.rotationZ = .pi / 2
        let m = Transform3D(parts: parts)
        let p = m.project(Point(x: 1, y: 0))
        #expect(p.map { close($0.x, 50) && close($0.y, 2) } == true)
    }

    @Test(arguments: [
        Transform3D(scaleX: 0, y: 0, z: 1),
        Transform3D(scaleX: 0, y: 0, z: 0),
        Transform3D(scaleX: 0, y: 1).concatenating(Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1)),
        Transform3D(scaleX: 1, y: 0).concatenating(Transform3D(rotationAngle: 0.4, x: 1, y: 1, z: 0)),
        Transform3D(affineA: 1, b: 2, c: 2, d: 4, tx: 10, ty: 20),
        Transform3D(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0),
        Transform3D(m11: 0, m12: 0, m13: 0, m14: 0.1, m21: 0, m22: 0, m23: 0, m24: 0.2,
                    m31: 0, m32: 0, m33: 0, m34: -0.002, m41: 5, m42: 6, m43: 7, m44: 1),
        Transform3D(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 3, m24: 0,
                    m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1),
    ])
    func singularMatricesDecomposeWithoutNaN(m: Transform3D) {
        let p = m.parts
        let values = [
            p.translationX, p.translationY, p.translationZ, p.scaleX, p.scaleY, p.scaleZ,
            p.rotationX, p.rotationY, p.rotationZ, p.skewXY, p.skewXZ, p.skewYZ,
            p.perspectiveX, p.perspectiveY, p.perspectiveZ, p.perspectiveW,
        ]
        #expect(values.allSatisfy { $0.isFinite }, "\(p)")
        #expect(p.translationX == m.m41 && p.translationY == m.m42 && p.translationZ == m.m43)
        #expect(close(abs(p.scaleX), (m.m11 * m.m11 + m.m12 * m.m12 + m.m13 * m.m13).squareRoot()))
        let rebuilt = Transform3D(parts: p)
        #expect([rebuilt.m11, rebuilt.m22, rebuilt.m33, rebuilt.m44].allSatisfy { $0.isFinite })
    }

    @Test func zeroScaleKeepsTheRotationOfTheOtherRows() {
        let m = Transform3D(scaleX: 0, y: 1).concatenating(Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1))
        let p = m.parts
        #expect(p.scaleX == 0 && close(p.scaleY, 1) && close(p.rotationZ, 0.4))
        expectClose(Transform3D(parts: p), m)
    }

    // MARK: Interpolation

    @Test func interpolationEndpoints() {
        var rng = SeededRandom(seed: 9)
        for _ in 0..<50 {
            let a = rng.matrix(), b = rng.matrix()
            #expect(Transform3D.interpolate(a, b, 0) == a)
            #expect(Transform3D.interpolate(a, b, 1) == b)
            // Just inside the ends the decomposed path meets them too.
            expectClose(Transform3D.interpolate(a, b, 1e-13), a, tolerance: 1e-9)
            expectClose(Transform3D.interpolate(a, b, 1 - 1e-13), b, tolerance: 1e-9)
        }
        let singular = Transform3D(scaleX: 0, y: 0)
        #expect(Transform3D.interpolate(singular, .identity, 0) == singular)
    }

    @Test func twoScalesInterpolateToAScale() {
        let m = Transform3D.interpolate(Transform3D(scaleX: 1.3, y: 0.7), Transform3D(scaleX: 0.8, y: 1.2), 0.5)
        #expect(close(m.m11, 1.05) && close(m.m22, 0.95) && m.m33 == 1 && m.m44 == 1)
        let offDiagonal = [m.m12, m.m13, m.m14, m.m21, m.m23, m.m24, m.m31, m.m32, m.m34, m.m41, m.m42, m.m43]
        #expect(offDiagonal.allSatisfy { $0 == 0 })
        #expect(m.isAffine)
    }

    @Test func scaleFromZeroStaysAScale() {
        let m = Transform3D.interpolate(Transform3D(scaleX: 0, y: 0), .identity, 0.25)
        #expect(m == Transform3D(scaleX: 0.25, y: 0.25))
    }

    @Test func rotationsAboutOneAxisInterpolateTheAngle() {
        let m = Transform3D.interpolate(.identity, Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1), 0.5)
        expectClose(m, Transform3D(rotationAngle: 0.25, x: 0, y: 0, z: 1))
        let x = Transform3D.interpolate(
            Transform3D(rotationAngle: 0.2, x: 1, y: 0, z: 0), Transform3D(rotationAngle: 1.2, x: 1, y: 0, z: 0), 0.3)
        expectClose(x, Transform3D(rotationAngle: 0.5, x: 1, y: 0, z: 0))
    }

    @Test func rotationTakesTheShortestPath() {
        // From +3 rad to -3 rad the short way passes through π, not through 0.
        let m = Transform3D.interpolate(
            Transform3D(rotationAngle: 3, x: 0, y: 0, z: 1), Transform3D(rotationAngle: -3, x: 0, y: 0, z: 1), 0.5)
        expectClose(m, Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1))
        // From 1.5 rad to -2 rad: the short way is +(2π - 3.5) rad, again through π.
        let n = Transform3D.interpolate(
            Transform3D(rotationAngle: 1.5, x: 0, y: 0, z: 1), Transform3D(rotationAngle: -2, x: 0, y: 0, z: 1), 0.5)
        expectClose(n, Transform3D(rotationAngle: 1.5 + (2 * .pi - 3.5) / 2, x: 0, y: 0, z: 1))
    }

    @Test func translationAndPerspectiveInterpolateLinearly() {
        var to = Transform3D(translationX: 100, y: 50, z: -20)
        to.m34 = -1.0 / 500
        let m = Transform3D.interpolate(.identity, to, 0.25)
        #expect(close(m.m41, 25) && close(m.m42, 12.5) && close(m.m43, -5))
        #expect(close(m.m34, -0.25 / 500) && close(m.m11, 1) && close(m.m12, 0))
    }

    @Test(arguments: [-1.0, -0.5, 1.5, 2.0, 10.0])
    func extrapolationStaysFinite(fraction: Double) {
        var rng = SeededRandom(seed: 13)
        for _ in 0..<20 {
            let m = Transform3D.interpolate(rng.matrix(), rng.matrix(), fraction)
            #expect(entries(m).allSatisfy { $0.isFinite })
        }
        let s = Transform3D.interpolate(Transform3D(scaleX: 1, y: 1), Transform3D(scaleX: 2, y: 3), fraction)
        expectClose(s, Transform3D(scaleX: 1 + fraction, y: 1 + 2 * fraction))
        let r = Transform3D.interpolate(.identity, Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1), fraction)
        expectClose(r, Transform3D(rotationAngle: 0.5 * fraction, x: 0, y: 0, z: 1))
    }

    @Test func interpolatingTheSameRotationKeepsIt() {
        let a = Transform3D(rotationAngle: 1.1, x: 1, y: 2, z: 3).scaled(x: 2, y: 1)
        expectClose(Transform3D.interpolate(a, a, 0.37), a)
    }
}

// MARK: - Helpers

extension Transform3DTests {
    private func entries(_ m: Transform3D) -> [Double] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
         m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
    }

    private func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(a), abs(b))
    }

    private func expectClose(
        _ a: Transform3D, _ b: Transform3D, tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let ok = zip(entries(a), entries(b)).allSatisfy { close($0, $1, tolerance: tolerance) }
        #expect(ok, "\(a)\nis not close to\n\(b)", sourceLocation: sourceLocation)
    }

    private func expectRoundTrip(_ m: Transform3D, sourceLocation: SourceLocation = #_sourceLocation) {
        expectClose(Transform3D(parts: m.parts), m, sourceLocation: sourceLocation)
    }
}

private extension SeededRandom {
    /// A random matrix whose upper 3x3 is well conditioned, with translation and perspective.
    mutating func matrix() -> Transform3D {
        var m = Transform3D(rotationAngle: uniform(-3, 3), x: uniform(-1, 1), y: uniform(-1, 1), z: uniform(-1, 1))
        for row in 0..<3 {
            for column in 0..<3 {
                m[row, column] = m[row, column] * uniform(0.5, 2) + uniform(-0.3, 0.3)
            }
        }
        m = m.scaled(x: uniform(0.5, 2), y: uniform(0.5, 2), z: uniform(0.5, 2))
        m.m14 = uniform(-0.005, 0.005)
        m.m24 = uniform(-0.005, 0.005)
        m.m34 = uniform(-0.005, 0.005)
        m.m41 = uniform(-200, 200)
        m.m42 = uniform(-200, 200)
        m.m43 = uniform(-50, 50)
        m.m44 = uniform(0.8, 1.2)
        return m
    }
}
