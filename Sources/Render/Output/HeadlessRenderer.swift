import Foundation
import LayerKit

/// Renders a scene with no display: steps it on virtual time, composes each frame, draws it with
/// the headless backend and writes it to a PNG, a numbered PNG sequence or a GIF. The same scene
/// and settings give the same bytes.
public final class HeadlessRenderer {
    /// Builds the draw lists (its texture cache lives as long as the renderer).
    public let compositor = Compositor()
    /// Draws them.
    public let backend: HeadlessBackend

    /// A renderer drawing with `threads` threads (nil: one per core).
    public init(threads: Int? = nil) {
        backend = HeadlessBackend(threads: threads)
    }

    /// Draws `scene` as it is now (call between `beginFrame` and `endFrame`, after evaluation).
    public func draw(_ scene: Scene, width: Int, height: Int, background: Color = .black) -> FrameBuffer {
        let frame = FrameBuffer(width: width, height: height)
        draw(scene, into: frame, background: background)
        return frame
    }

    /// Draws `scene` as it is now into `frame` (reusing its memory).
    public func draw(_ scene: Scene, into frame: FrameBuffer, background: Color = .black) {
        let list = compositor.compose(scene, width: frame.width, height: frame.height)
        backend.draw(list, into: frame, background: background)
    }

    /// Makes one whole frame of `scene` at `time`: begin, draw, end.
    public func frame(_ scene: Scene, at time: Double, into frame: FrameBuffer, background: Color = .black) {
        scene.beginFrame(at: time)
        draw(scene, into: frame, background: background)
        scene.endFrame()
    }

    /// Renders `settings.frameCount` frames of `scene` (one for a PNG), frame i at
    /// `startTime + i / fps`, stepping the scene itself once per frame (frames between the scene's
    /// time and `startTime` are stepped without drawing). For scenes without a script; a script's
    /// run is stepped on its tick clock by its caller, through `render(settings:to:progress:frame:)`.
    /// `beforeFrame` is called with each frame's time before it is made.
    public func render(_ scene: Scene, settings: RenderSettings, to output: RenderOutput,
                       progress: (Int, Int) -> Void = { _, _ in },
                       beforeFrame: (Double) -> Void = { _ in }) throws(OutputError) {
        try settings.validate()
        scene.frameDuration = 1 / settings.fps
        let step = 1 / settings.fps
        while scene.time + step < settings.startTime - 1e-9 {
            beforeFrame(scene.time + step)
            scene.step(to: scene.time + step)
        }
        try render(settings: settings, to: output, progress: progress) { time, draw in
            beforeFrame(time)
            scene.beginFrame(at: time)
            draw(scene)
            scene.endFrame()
        }
    }

    /// Renders `settings.frameCount` frames (one for a PNG), frame i at `startTime + i / fps`:
    /// `frame` is called with each frame's time and a function that draws the scene it passes,
    /// once the scene shows that time. Frames go to `output` as they are made; `progress` is told
    /// (frames done, frames in all) after each.
    public func render(settings: RenderSettings, to output: RenderOutput, progress: (Int, Int) -> Void = { _, _ in },
                       frame makeFrame: (Double, (Scene) -> Void) -> Void) throws(OutputError) {
        try settings.validate()
        let count = output.isSingleFrame ? 1 : settings.frameCount
        let frame = FrameBuffer(width: settings.width, height: settings.height)
        var sink = try FrameSink(output, settings: settings)
        let step = 1 / settings.fps
        for i in 0..<count {
            let t = settings.startTime + Double(i) / settings.fps
            makeFrame(t) { scene in draw(scene, into: frame, background: settings.background) }
            try sink.write(frame, number: i, duration: step)
            progress(i + 1, count)
        }
        try sink.finish()
    }
}
