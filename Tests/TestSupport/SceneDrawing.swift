import LayerKit
import Render

// Scenes drawn headless for tests of what is drawn (Render) and what is written (Export).

/// A scene of `width` × `height` for a test.
public func makeScene(width: Double = 200, height: Double = 150) -> Scene {
    Scene(size: Size(width: width, height: height))
}

/// A layer of `kind` set up by `configure` (before it joins the tree, so nothing animates) and
/// added to `parent`.
@discardableResult
public func addLayer<L: Layer>(_ layer: L, to parent: Layer, bounds: Rect, position: Point,
                        color: Color? = nil, configure: (L) -> Void = { _ in }) -> L {
    layer.set(.bounds, bounds)
    layer.set(.position, position)
    if let color { layer[.backgroundColor] = .color(color) }
    configure(layer)
    try? parent.addSublayer(layer)
    return layer
}

/// A linear basic animation of the number at `keyPath` from `from` to `to` over `duration`.
public func linear(_ keyPath: String, from: Double, to: Double, duration: Double) -> BasicAnimation {
    let animation = BasicAnimation(keyPath: keyPath)
    animation.fromValue = .number(from)
    animation.toValue = .number(to)
    animation.duration = duration
    return animation
}

/// One frame of `scene` at `time`, drawn headless over `background`.
public func render(_ scene: Scene, width: Int = 200, height: Int = 150, at time: Double = 0,
            background: Color = .black, threads: Int = 1) -> FrameBuffer {
    let renderer = HeadlessRenderer(threads: threads)
    let frame = FrameBuffer(width: width, height: height)
    renderer.frame(scene, at: time, into: frame, background: background)
    return frame
}

/// Whether the pixel at (x, y) is within `tolerance` of the straight colour (r, g, b) in 0…255.
public func pixel(_ frame: FrameBuffer, _ x: Int, _ y: Int, is rgb: (Int, Int, Int), tolerance: Int = 2) -> Bool {
    let p = frame.pixel(x: x, y: y)
    return abs(Int(p.r) - rgb.0) <= tolerance && abs(Int(p.g) - rgb.1) <= tolerance && abs(Int(p.b) - rgb.2) <= tolerance
}

/// Counts pixels of `frame` that are not the background colour (r, g, b).
public func paintedCount(_ frame: FrameBuffer, background: (Int, Int, Int) = (0, 0, 0)) -> Int {
    var n = 0
    for y in 0..<frame.height {
        for x in 0..<frame.width where !pixel(frame, x, y, is: background, tolerance: 0) { n += 1 }
    }
    return n
}

/// A colour from 0…255 components.
public func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> Color {
    Color(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: a)
}
