import LayerKit
import LuaHost
import Playback
import Render

/// The target drawn as a ghost under the scene (`snowglobe learn`: the exercise's solution, so
/// that the learner sees where their layer should be), on the onion skin's machinery: a silent
/// run of another script, with the shown script's seed and size, kept at the moment shown (and
/// started again when time goes back), drawn to pixels that `OnionGhosts` keys out and lays
/// under the present frame.
final class TargetGhost {
    /// How strongly the target shows, and its tint: neutral, to tell it from the onion skin's
    /// warm and cool ghosts.
    static let opacity = 0.55
    static let tint = Color(r: 0.85, g: 0.85, b: 0.9)

    private let recipe: ScriptRecipe
    private var runner: SceneRunner?
    private let compositor = Compositor()
    private let rasterizer = HeadlessBackend()
    /// The script failed to start or raised an error: no ghost from now on.
    private var failed = false

    init(script: String, options: ScriptOptions, images: ImageProvider?) {
        var options = options
        options.persisted = nil
        options.isReload = false
        recipe = ScriptRecipe(source: .file(script), options: options, images: images)
    }

    /// The target at `time`, drawn on black into a frame of `width` × `height` pixels.
    func frame(at time: Double, width: Int, height: Int) -> FrameBuffer? {
        guard !failed else { return nil }
        if let current = runner, current.time > time + 1e-9 {
            current.close()
            runner = nil
        }
        if runner == nil {
            do {
                let started = try recipe.start(output: { _, _ in }, errors: { [weak self] _, _ in self?.failed = true })
                started.isSilent = true
                runner = started
            } catch {
                failed = true
                return nil
            }
        }
        guard let runner, !failed else { return nil }
        runner.advance(to: Tick.index(atOrBefore: time), log: InputLog())
        var list: DrawList?
        runner.withFrame(at: time) { list = compositor.compose($0, width: width, height: height) }
        guard let list else { return nil }
        let frame = FrameBuffer(width: width, height: height)
        rasterizer.draw(list, into: frame, background: .black)
        return frame
    }

    func close() {
        runner?.close()
        runner = nil
    }
}
