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
            let t = settings.startTime + Double(i) / settings.fps
            makeFrame(t) { scene in draw(scene, into: frame, background: settings.background) }
            try sink.write(frame, number: i, duration: step)
            if checkingLoop && i == 0 { first = frame.copy() }
            progress(i + 1, count)
        }
        try sink.finish()
        var seam: FrameDifference?
        if let first {
            makeFrame(settings.startTime + Double(count) / settings.fps) { scene in
                draw(scene, into: frame, background: settings.background)
            }
            seam = FrameDifference(frame, first)
        }
        return RenderSummary(output: output, frameCount: count, width: settings.width, height: settings.height,
                             bytes: sink.bytesWritten, seam: seam)
    }
}

/// What a render wrote, for the line that tells it.
public struct RenderSummary: Equatable, Sendable {
    public var output: RenderOutput
    public var frameCount: Int
    public var width: Int
    public var height: Int
    /// The size of what was written, in bytes.
    public var bytes: Int64
    /// How the frame after the last differs from the first (when the loop was checked).
    public var seam: FrameDifference?

    /// "wrote out.gif: 90 frames, 480×360, 1.2 MB".
    public var description: String {
        let frames = frameCount == 1 ? "1 frame" : "\(frameCount) frames"
        var written = output.path
        if case .sequence(let pattern) = output {
            written = RenderOutput.fileName(pattern: pattern, number: 0)
            if frameCount > 1 { written += " … " + RenderOutput.fileName(pattern: pattern, number: frameCount - 1) }
        }
        return "wrote \(written): \(frames), \(width)×\(height), \(RenderSummary.sizeText(bytes))"
    }

    /// A byte count as people read it: 812 bytes, 14.2 kB, 1.2 MB (powers of 1000).
    public static func sizeText(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
