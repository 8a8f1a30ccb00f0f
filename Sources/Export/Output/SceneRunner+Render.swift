import LayerKit
import Playback
import Render

extension SceneRunner {
    /// Renders this run headless: frame i at `settings.startTime + i / fps`, the run advanced on
    /// its tick clock to each frame's time (with the input `log` holds) and drawn as it shows
    /// then. What `render` and the viewer's recordings both do, so their frames are the same.
    @discardableResult
    public func render(settings: RenderSettings, to output: RenderOutput, log: InputLog,
                       renderer: HeadlessRenderer = HeadlessRenderer(), checkingLoop: Bool = false,
                       isCancelled: () -> Bool = { false },
                       progress: (Int, Int) -> Void = { _, _ in }) throws(OutputError) -> RenderSummary {
        try renderer.render(settings: settings, to: output, checkingLoop: checkingLoop, isCancelled: isCancelled,
                            progress: progress) { time, draw in
            advance(to: Tick.index(atOrBefore: time), log: log)
            withFrame(at: time, draw)
        }
    }
}
