import ArgumentParser
import Foundation
import LayerKit
import LuaHost
import Playback
import Render
import Viewer

/// `snowglobe [SCRIPT]`: opens a window and runs the script, reloading it whenever it or a file
/// it read is saved. With no script, the built-in snowfall example.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Open a window and run a script, reloading it on save (the default command).",
        discussion: """
            With no script, the built-in snowfall example. \
            Keys: \(ViewerKeys.help). Letters, space, arrows and the mouse belong to the script. \
            A save reloads the script at the moment shown (replaying it, with the input it had); \
            each script reopens where it was left, and says so (the playhead, marks and loop are \
            kept in $XDG_STATE_HOME/snowglobe or ~/.local/state/snowglobe; --fresh or a time \
            option opens without them). \
            Without a display, use `snowglobe render`.
            """
    )

    @OptionGroup var choice: ScriptChoice

    @Option(parsing: .unconditional, help: "The window's initial size, WxH.")
    var size: SceneSize = SceneSize(width: 800, height: 600)

    @OptionGroup var seed: SeedOption

    @Flag(help: "Print frame-time statistics when the window closes, and how long each seek took.")
    var stats = false

    @Option(parsing: .unconditional, help: "Quit after this many seconds.")
    var quitAfter: Double?

    @Option(help: "How to draw: auto (SDL's renderer for light frames, Snowglobe's own rasterizer on every core for heavy ones), cpu or gpu.")
    var draw: Viewer.Drawing = .auto

    @Option(help: "Where F12 saves screenshots and F9/F10 recordings (snowglobe-0001.png, snowglobe-0002.mp4, …).")
    var screenshots: String = "."

    @Option(help: "What F9 and F10 write: mp4, webm, mov, apng or gif (default: mp4, or gif when ffmpeg is missing).")
    var record: RecordingFormat?

    @Option(parsing: .unconditional, help: "Frames per second of F9/F10 recordings.")
    var recordFps: Double = 30

    @Option(parsing: .unconditional, help: "Open at this media time, in seconds (the scene is replayed up to it).")
    var at: Double?

    @Flag(help: "Open paused.")
    var paused = false

    @Flag(help: "Open at 0, playing, not where the script was left last time (the remembered timeline is ignored, then replaced).")
    var fresh = false

    @Option(parsing: .unconditional, help: "Loop between two media times, A:B in seconds.")
    var loop: TimeRangeArgument?

    @Option(parsing: .unconditional, help: "Playing speed: media seconds per real second (0.1 … 4 on the speed key).")
    var speed: Double?

    @Flag(help: "Open filling the display, for a projector (Shift+F1 switches).")
    var fullscreen = false

    @Option(parsing: .unconditional,
            help: "How much larger to draw the strip, panels, HUD and their text, 0.5 to 4 (default: 1, more on a display over 1080 lines); scripts read it as ca.screen.uiScale (the lessons grow their captions).")
    var uiScale: Double?

    @OptionGroup var limits: BudgetOptions

    func validate() throws {
        try size.check("--size")
        try UIScale.check(uiScale)
        try TimeArgument.check(at, "--at")
        try loop?.check("--loop")
        if let speed, !(speed.isFinite && speed > 0 && speed <= 16) {
            throw ValidationError("--speed must be more than 0 and at most 16, got \(Tick.text(speed))")
        }
        if !(recordFps.isFinite && recordFps >= 1 && recordFps <= 120) {
            throw ValidationError("--record-fps must be between 1 and 120, got \(Tick.text(recordFps))")
        }
        if let quitAfter, !(quitAfter.isFinite && quitAfter >= 0 && quitAfter <= 86_400 * 7) {
            throw ValidationError("--quit-after must be between 0 and 604800 seconds, got \(Tick.text(quitAfter))")
        }
    }

    func run() throws {
        let chosen: ScriptSource?
        do { chosen = try choice.source() } catch { throw ExitCode(1) }
        let source = chosen ?? .builtIn(name: DefaultExample.name, source: DefaultExample.source)
        var options = ScriptOptions()
        options.seed = seed.value
        options.budget = limits.budget
        let folders = ResourceFolders.locate()
        options.libraryPath = folders.scripts
        let live = LiveScript(source: source, options: options)
        live.images = RenderImages()
        live.missingModuleHint = folders.missingLibraryHint
        var settings = Viewer.Settings()
        settings.size = size.size
        settings.quitAfter = quitAfter
        settings.screenshotFolder = screenshots
        settings.recordingFormat = record
        settings.recordingFPS = recordFps
        settings.drawing = draw
        settings.timeline = timeline
        settings.reportsSeeks = stats
        settings.fullscreen = fullscreen
        settings.uiScale = uiScale
        let viewer: Viewer
        do {
            viewer = try Viewer(script: live, settings: settings, log: ViewCommand.terminal)
        } catch {
            FileHandle.standardError.write(Data("snowglobe: \(error); to render without one: snowglobe render \(choice.arguments) --out out.gif\n".utf8))
            throw ExitCode(2)
        }
        viewer.run()
        if stats {
            print(viewer.statistics.report(elapsed: viewer.elapsed))
            print("frames shown again unchanged (paused, nothing moved): \(viewer.repeatedFrames)")
        }
    }

    /// The timeline the options ask for (nil: none asked, so the remembered one or 0).
    var timeline: Timeline? {
        guard fresh || at != nil || paused || loop != nil || speed != nil else { return nil }
        var timeline = Timeline()
        if let loop {
            timeline.inPoint = loop.start
            timeline.outPoint = loop.end
            timeline.loops = true
            timeline.playhead = loop.start
        }
        if let at { timeline.playhead = at }
        timeline.isPaused = paused
        if let speed { timeline.speed = speed }
        return timeline
    }

    /// Lines for the terminal, flushed at once (a watching test or a pipe sees them as they come).
    static func terminal(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

extension Viewer.Drawing: ExpressibleByArgument {}
extension RecordingFormat: ExpressibleByArgument {}
