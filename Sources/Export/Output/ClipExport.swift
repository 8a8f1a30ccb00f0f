import Foundation
import Glibc
import LayerKit
import Playback
import Render
import Synchronization

/// A range of a script's timeline rendered to a file on a thread of its own: a fresh run of the
/// script's recipe, given the input the viewer's run was given, stepped on the tick clock and
/// drawn headless — the frames `snowglobe render` would write, not captures of the window. The
/// thread runs at a lower priority, so the window keeps its frame rate.
public final class ClipExport: Sendable {
    /// What to render.
    public struct Request: @unchecked Sendable {
        /// The run to make (a recipe is only read on the export's thread once handed over).
        public var recipe: ScriptRecipe
        /// The input the run receives.
        public var log: InputLog
        /// Media times from (included) and to (excluded).
        public var start: Double
        public var end: Double
        public var fps: Double
        public var output: RenderOutput
        public var background: Color

        public init(recipe: ScriptRecipe, log: InputLog, start: Double, end: Double, fps: Double,
                    output: RenderOutput, background: Color = .black) {
            self.recipe = recipe
            self.log = log
            self.start = start
            self.end = end
            self.fps = fps
            self.output = output
            self.background = background
        }

        /// Frames in the range: at least one.
        public var frameCount: Int { max(Int(((end - start) * fps).rounded()), 1) }
    }

    /// Where an export is.
    public enum State: Sendable, Equatable {
        /// Frames done so far, of how many.
        case running(done: Int, of: Int)
        /// Written; how many errors the script had on the way.
        case finished(RenderSummary, scriptErrors: Int)
        /// Not written; why.
        case failed(String)
    }

    public let request: Request
    private let current: Mutex<State>
    private let cancelled = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    /// Starts rendering `request` at once.
    public init(_ request: Request) {
        self.request = request
        current = Mutex(.running(done: 0, of: request.frameCount))
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = "snowglobe export"
        thread.start()
    }

    /// Where the export is now.
    public var state: State { current.withLock { $0 } }

    /// Whether it is done (finished or failed).
    public var isDone: Bool {
        if case .running = state { return false }
        return true
    }

    /// Stops it between frames; nothing is left under the output's name.
    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Waits until it is done.
    public func wait() {
        done.wait()
        done.signal()
    }

    private func run() {
        // Behind the window: the viewer's frames come first (the encoder inherits this too). On
        // Linux a nice value belongs to a thread, and "process 0" is the calling thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        let outcome: State
        do {
            outcome = try render()
        } catch {
            outcome = .failed("\(error)")
        }
        current.withLock { $0 = outcome }
    }

    private func render() throws -> State {
        var scriptErrors = 0
        let runner = try request.recipe.start(output: { _, _ in }, errors: { _, _ in scriptErrors += 1 })
        defer { runner.close() }
        let size = request.recipe.options.size
        let settings = RenderSettings(width: max(Int(size.width.rounded()), 1), height: max(Int(size.height.rounded()), 1),
                                      fps: request.fps, frameCount: request.frameCount, startTime: request.start,
                                      background: request.background)
        let summary = try runner.render(settings: settings, to: request.output, log: request.log,
                                        renderer: HeadlessRenderer(threads: 1),
                                        isCancelled: { cancelled.load(ordering: .relaxed) },
                                        progress: { done, total in current.withLock { $0 = .running(done: done, of: total) } })
        return .finished(summary, scriptErrors: scriptErrors)
    }
}
