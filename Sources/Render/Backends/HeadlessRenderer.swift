import Foundation
import LayerKit

/// Draws a scene with no display: composes it and draws the list with the headless backend into
/// a frame buffer. The same scene gives the same pixels. (Export's render loop writes the frames
/// it draws to files.)
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
}
