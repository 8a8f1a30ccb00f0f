import LayerKit

/// Drives a scene frame by frame on virtual time, as the headless renderer will.
public final class FrameDriver {
    public let scene: Scene
    public private(set) var time: Double
    public let frameDuration: Double

    /// A scene of `size` at time `start`, stepped at `fps` frames a second.
    public init(size: Size = Size(width: 400, height: 300), start: Double = 0, fps: Double = 60) {
        scene = Scene(size: size, time: start)
        time = start
        frameDuration = 1 / fps
        scene.frameDuration = frameDuration
    }

    /// The root layer.
    public var root: Layer { scene.root }

    /// Makes one frame at exactly `t` (no earlier than the last frame).
    public func frame(at t: Double) {
        time = max(time, t)
        scene.step(to: time)
    }

    /// Makes frames every `frameDuration` until `t` (the last one exactly at `t`).
    public func run(until t: Double) {
        while time + frameDuration < t - 1e-9 {
            time += frameDuration
            scene.step(to: time)
        }
        frame(at: t)
    }

    /// Runs `seconds` more of frames.
    public func run(for seconds: Double) {
        run(until: time + seconds)
    }

    /// A plain layer already committed to the tree (so that later changes animate implicitly).
    public func committedLayer(frame: Rect = Rect(x: 0, y: 0, width: 100, height: 100)) -> Layer {
        let layer = Layer(scene: scene)
        layer.frame = frame
        try? root.addSublayer(layer)
        self.frame(at: time)
        return layer
    }
}

/// Whether two numbers agree to `tolerance`.
public func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
