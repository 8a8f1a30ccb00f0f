extension ScalarProgram {
    /// The components of a simple transform (a scale, a turn about z and a translation; the
    /// others are the identity's), which a program whose steps keep the model transform simple
    /// works on each frame: seven numbers instead of all of `TransformParts`, multiplied out in
    /// place when they are finite.
    struct SimpleTransform: SimpleTransformComponents {
        var translationX, translationY, translationZ, scaleX, scaleY, scaleZ, rotationZ: Double

        /// The identity's components.
        init() {
            (translationX, translationY, translationZ) = (0, 0, 0)
            (scaleX, scaleY, scaleZ, rotationZ) = (1, 1, 1, 0)
        }

        init(_ p: TransformParts) {
            (translationX, translationY, translationZ) = (p.translationX, p.translationY, p.translationZ)
            (scaleX, scaleY, scaleZ, rotationZ) = (p.scaleX, p.scaleY, p.scaleZ, p.rotationZ)
        }

        var parts: TransformParts {
            var p = TransformParts.identity
            (p.translationX, p.translationY, p.translationZ) = (translationX, translationY, translationZ)
            (p.scaleX, p.scaleY, p.scaleZ, p.rotationZ) = (scaleX, scaleY, scaleZ, rotationZ)
            return p
        }

        /// The transform these components make: multiplied out when they are finite, else the
        /// general composition (which may fill any entry), as `Transform3D(parts:)` makes it.
        @inline(__always)
        var matrix: Transform3D {
            guard Transform3D.areFinite(translationX, translationY, translationZ, scaleX, scaleY, scaleZ, rotationZ) else {
                return Transform3D(parts: parts)
            }
            return Transform3D(scale: (scaleX, scaleY, scaleZ), rotationZ: rotationZ,
                               translation: (translationX, translationY, translationZ))
        }
    }
}
