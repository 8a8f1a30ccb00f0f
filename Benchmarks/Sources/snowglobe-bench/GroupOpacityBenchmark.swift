import Glibc
import LayerKit
import LuaHost
import Playback
import Render

/// The seed examples' frame time (compose and draw, one thread, 800 × 600) with group opacity
/// as Core Animation does it, against every layer faded on its own: the cost of
/// `allowsGroupOpacity`, frame for frame on the same run.
struct GroupOpacityBenchmark {
    var examplesDir: String
    var scriptsDir: String
    var examples = ["bargraph.lua", "heart.lua", "snowfall.lua", "snowfall-displaylink.lua", "snowfall-3d.lua",
                    "ginkgo-3d.lua", "snow-emitter.lua"]
    var frames = 90
    var width = 800, height = 600

    struct Result {
        var example: String
        /// Milliseconds a frame, medians: with group opacity, and without.
        var on: Double
        var off: Double
    }

    func run() -> [Result] {
        examples.compactMap(measure)
    }

    /// Frames from 2 s on at 30 fps, each drawn twice in turn — by a compositor that fades
    /// groups and by one that does not — timed in the thread's processor time.
    private func measure(_ example: String) -> Result? {
        var options = ScriptOptions()
        options.size = Size(width: Double(width), height: Double(height))
        options.libraryPath = scriptsDir
        let recipe = ScriptRecipe(source: .file(examplesDir + "/" + example), options: options, images: RenderImages())
        guard let runner = try? recipe.start(output: { _, _ in }, errors: { _, _ in }, warnings: { _ in }) else { return nil }
        defer { runner.close() }
        runner.isSilent = true
        let grouped = HeadlessRenderer(threads: 1), single = HeadlessRenderer(threads: 1)
        single.compositor.fadesGroups = false
        let frame = FrameBuffer(width: width, height: height)
        var on: [Double] = [], off: [Double] = []
        let log = InputLog()
        for index in 0..<frames {
            let time = 2 + Double(index) / 30
            _ = runner.advance(to: Tick.index(atOrBefore: time), log: log)
            runner.withFrame(at: time) { scene in
                for (renderer, isGrouped) in (index % 2 == 0 ? [(grouped, true), (single, false)] : [(single, false), (grouped, true)]) {
                    let start = Self.processorTime()
                    renderer.draw(scene, into: frame)
                    let elapsed = (Self.processorTime() - start) * 1000
                    if isGrouped { on.append(elapsed) } else { off.append(elapsed) }
                }
            }
        }
        return Result(example: example, on: median(on), off: median(off))
    }

    static func processorTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
