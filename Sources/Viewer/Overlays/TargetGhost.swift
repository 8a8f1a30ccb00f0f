import LayerKit
import LuaHost
import Playback
import Render

/// The target drawn faintly over the scene (`snowglobe learn`: the exercise's solution, so that
/// the learner sees where their layer should be): a silent run of another script, with the
/// shown script's seed and size, kept at the moment shown and started again when time goes back.
final class TargetGhost {
    /// How strongly the target shows.
    static let opacity = 0.35

    private let recipe: ScriptRecipe
    private var runner: SceneRunner?
    private let compositor = Compositor()
    /// The script failed to start or raised an error: no ghost from now on.
    private var failed = false

    init(script: String, options: ScriptOptions, images: ImageProvider?) {
        var options = options
        options.persisted = nil
        options.isReload = false
        recipe = ScriptRecipe(source: .file(script), options: options, images: images)
    }

    /// The target at `time`, composed for a frame of `width` × `height` pixels, with its opacity.
    func ghost(at time: Double, width: Int, height: Int) -> (list: DrawList, opacity: Double)? {
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
        return list.map { ($0, TargetGhost.opacity) }
    }

    func close() {
        runner?.close()
        runner = nil
    }
}
