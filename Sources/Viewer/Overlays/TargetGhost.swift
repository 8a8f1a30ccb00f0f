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
    /// The last layer made, and what it was made for: a paused window asks for the same one
    /// every frame, and the run is deterministic, so it is made once per moment and size.
    private var made: (key: MadeKey, ghosts: OnionGhosts)?

    private struct MadeKey: Equatable {
        let time: Double
        let width: Int
        let height: Int
        let background: Color
    }

    init(script: String, options: ScriptOptions, images: ImageProvider?) {
        var options = options
        options.persisted = nil
        options.isReload = false
        recipe = ScriptRecipe(source: .file(script), options: options, images: images)
    }

    /// The target at `time` as a ghost layer of `width` × `height` pixels for a scene whose
    /// root is `background`, tinted and faded; the same object while nothing changes.
    func ghosts(at time: Double, width: Int, height: Int, background: Color) -> OnionGhosts? {
        let key = MadeKey(time: time, width: width, height: height, background: background)
        if let made, made.key == key { return made.ghosts }
        guard let target = frame(at: time, width: width, height: height) else { return nil }
        let layer = OnionGhosts(width: width, height: height, background: background)
        layer.add(target, tint: TargetGhost.tint, opacity: TargetGhost.opacity)
        made = (key, layer)
        return layer
    }

    /// The target at `time`, drawn on black into a frame of `width` × `height` pixels.
    private func frame(at time: Double, width: Int, height: Int) -> FrameBuffer? {
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
        made = nil
        runner?.close()
        runner = nil
    }
}
