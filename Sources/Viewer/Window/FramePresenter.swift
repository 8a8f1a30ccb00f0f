import CSDL2
import LayerKit
import Render

/// Puts a frame in the window: the script's scene, then the overlay's on top, either through
/// SDL's renderer or with Render's own rasterizer shown as one texture (the pixels a headless
/// render makes), choosing by the frame's weight under `auto`.
final class FramePresenter {
    private let compositor = Compositor()
    private let overlayCompositor = Compositor()
    private let rasterizer = HeadlessBackend()
    private var frame: FrameBuffer?
    private(set) var drawsOnCPU = false
    let drawing: Viewer.Drawing
    /// What the frame on the CPU was last drawn from, while frames may repeat.
    private var drawnScene = DrawListRecord()
    private var drawnOverlay = DrawListRecord()
    /// Frames shown again without drawing, since nothing in them changed.
    private(set) var repeatedFrames = 0

    /// Triangles in a frame above which `auto` draws on the CPU, and below which it goes back:
    /// where, on a machine without a GPU, the CPU frame overtakes SDL's renderer (the figures
    /// are in docs/performance.md, "Drawing"). Two thresholds, so that a frame near the
    /// crossing does not switch back and forth.
    static let heavyFrame = 12_000
    static let lightFrame = 8_000

    init(drawing: Viewer.Drawing) {
        self.drawing = drawing
    }

    /// Composes the scene (when `drawScene` gives one) and `overlay`, draws them with `ghosts`
    /// laid under the scene's layers, hands the
    /// pixels to `capture` when given (a screenshot: of the scene alone, drawn as a headless
    /// render draws it, or of the window as shown), and shows them. With `mayRepeat` (a paused
    /// scene), a frame on the CPU that would draw exactly what the last one drew is not drawn
    /// again: its pixels are shown as they are.
    func present(in window: SDLWindow, drawScene: ((Scene) -> Void) -> Void,
                 ghosts: OnionGhosts? = nil, overlay: Scene, mayRepeat: Bool = false,
                 capture requested: (sceneAlone: Bool, take: (FrameBuffer) -> Void)?) throws(SDLError) {
        let points = window.size
        var main: DrawList?
        drawScene { scene in main = compositor.compose(scene, width: points.width, height: points.height) }
        let top = overlayCompositor.compose(overlay, width: points.width, height: points.height)
        let list = main ?? DrawList(width: points.width, height: points.height)
        var capture = requested?.take
        if let requested, requested.sceneAlone {
            let shot = FrameBuffer(width: points.width, height: points.height)
            rasterizer.draw(list, into: shot, background: .black)
            requested.take(shot)
            capture = nil
        }
        switch drawing {
        case .cpu: drawsOnCPU = true
        case .gpu: drawsOnCPU = false
        case .auto:
            let triangles = list.triangleCount
            if triangles > FramePresenter.heavyFrame { drawsOnCPU = true } else if triangles < FramePresenter.lightFrame { drawsOnCPU = false }
        }
        // A blend mode SDL's renderer cannot draw (overlay, soft light, …), or onion skins, which
        // are keyed against the drawn pixels: this frame on the CPU.
        if drawsOnCPU || ghosts != nil || !window.backend.canDraw(list) {
            let kept = frame.flatMap { $0.width == points.width && $0.height == points.height ? $0 : nil }
            let target = kept ?? FrameBuffer(width: points.width, height: points.height)
            frame = target
            let repeats = mayRepeat && ghosts == nil && kept != nil && drawnScene.matches(list) && drawnOverlay.matches(top)
            if repeats {
                repeatedFrames += 1
            } else {
                rasterizer.draw(list, into: target, background: .black)
                ghosts?.lay(under: target)
                rasterizer.draw(top, into: target, background: nil)
                if mayRepeat && ghosts == nil {
                    drawnScene.record(list)
                    drawnOverlay.record(top)
                } else {
                    drawnScene.forget()
                }
            }
            capture?(target)
            try window.present(target)
        } else {
            drawnScene.forget()
            try window.backend.draw(list, background: .black)
            try window.backend.draw(top, background: nil)
            if let capture { capture(try window.readPixels()) }
            SDL_RenderPresent(window.renderer)
        }
    }
}
