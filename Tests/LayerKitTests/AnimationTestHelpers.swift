import LayerKit
import TestSupport

/// A basic animation with everything set in one call.
func basic(_ keyPath: String, from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil,
           duration: Double = 1, configure: (BasicAnimation) -> Void = { _ in }) -> BasicAnimation {
    let a = BasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = duration
    configure(a)
    return a
}

extension FrameDriver {
    /// A committed layer with `animation` added at the current time.
    func layer(with animation: Animation, key: String? = "test", configure: (Layer) -> Void = { _ in }) throws -> Layer {
        let layer = committedLayer()
        configure(layer)
        try layer.addAnimation(animation, forKey: key)
        return layer
    }
}

extension Transform3D {
    /// The sixteen entries, row by row.
    var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }
}
