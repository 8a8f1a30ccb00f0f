import Foundation
import LayerKit
import Render

/// The headless render loop: frames of a scene at a rate, drawn and written to an output (a PNG,
/// a numbered PNG sequence, a GIF, APNG or video). The same scene and settings give the same bytes.
extension HeadlessRenderer {
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

    /// Renders `settings.frameCount` frames (one for a PNG) from `settings.firstFrame`, frame n at
    /// `startTime + n / fps` and written as number n:
    /// `frame` is called with each frame's time and a function that draws the scene it passes,
    /// once the scene shows that time. Frames go to `output` as they are made; `progress` is told
    /// (frames done, frames in all) after each. With `checkingLoop`, one more frame is made — the
    /// one after the last — and compared with the first: the summary says how far apart they are.
    /// A failure, or `isCancelled` turning true between frames, leaves no file under the
    /// output's name (a sequence keeps the frames it wrote).
    @discardableResult
    public func render(settings: RenderSettings, to output: RenderOutput, checkingLoop: Bool = false,
                       isCancelled: () -> Bool = { false },
                       progress: (Int, Int) -> Void = { _, _ in },
                       frame makeFrame: (Double, (Scene) -> Void) -> Void) throws(OutputError) -> RenderSummary {
        try settings.validate()
        let count = output.isSingleFrame ? 1 : settings.frameCount
        let frame = FrameBuffer(width: settings.width, height: settings.height)
        let sink = try FrameSink(output, settings: settings)
        var first: FrameBuffer?
        let step = 1 / settings.fps
        for i in 0..<count {
            if isCancelled() {
                sink.cancel()
                throw .cancelled
            }
            let number = settings.firstFrame + i
            let t = settings.startTime + Double(number) / settings.fps
            makeFrame(t) { scene in draw(scene, into: frame, background: settings.background) }
            try sink.write(frame, number: number, duration: step)
            if checkingLoop && i == 0 { first = frame.copy() }
            progress(i + 1, count)
        }
        try sink.finish()
        var seam: FrameDifference?
        if let first {
            makeFrame(settings.startTime + Double(settings.firstFrame + count) / settings.fps) { scene in
                draw(scene, into: frame, background: settings.background)
            }
            seam = FrameDifference(frame, first)
        }
        return RenderSummary(output: output, frameCount: count, firstFrame: settings.firstFrame, width: settings.width,
                             height: settings.height, bytes: sink.bytesWritten, seam: seam)
    }
}
