import CSDL2
import Foundation
import LayerKit
import LuaHost
import Playback
import Render

/// The window that runs a live script: it draws the script's scene at the display's rate,
/// reloads it in place when a file it read is saved, shows errors over the last good scene, and
/// lets people hold time: pause, step both ways, slow down and speed up, scrub on the timeline
/// strip, and loop between marks.
///
/// Time is the `Player`'s: the scene is made in fixed ticks, and the window shows it at the
/// playhead, which real time moves while playing. Input is logged by tick, so that going back
/// (rebuilding the run and replaying it) and reloading give the scene the user saw.
public final class Viewer {
    /// How the window runs.
    public struct Settings: Sendable {
        /// The window's initial size in points.
        public var size = Size(width: 800, height: 600)
        /// Quit after this many seconds of real time (nil: run until closed).
        public var quitAfter: Double?
        /// Where F12 writes screenshots and F9/F10 recordings.
        public var screenshotFolder = "."
        /// What F9 and F10 write (nil: MP4, or GIF without ffmpeg).
        public var recordingFormat: RecordingFormat?
        /// Frames a second of a recording.
        public var recordingFPS = 30.0
        /// Frames per second when the display does not say its refresh rate.
        public var fallbackFrameRate = 60.0
        /// How frames are drawn.
        public var drawing = Drawing.auto
        /// Where to start: the playhead, marks, loop, speed and pause (nil: where the script was
        /// left last time, else at 0).
        public var timeline: Timeline?
        /// Whether to remember each script's timeline between runs (in the user's state folder).
        public var remembersTimeline = true
        /// Whether to tell how long each seek took, from the key or press to the frame shown.
        public var reportsSeeks = false
        /// Whether the window opens filling the display.
        public var fullscreen = false
        /// How much larger than their design size the strip, panels, HUD and their text are drawn
        /// (nil: from the display's size, `Viewer.defaultUIScale`).
        public var uiScale: Double?
        /// A file whose text is shown in a panel along the top, read again whenever it changes
        /// (`snowglobe learn` writes the goal and the last check there); PageDown closes the
        /// window once its first line says "pass".
        public var captionFile: String?
        /// A script whose scene is drawn faintly over the shown one, at the same moment
        /// (`snowglobe learn`: the exercise's target).
        public var ghostScript: String?

        public init() {}
    }

    /// How the viewer draws.
    public enum Drawing: String, Sendable, CaseIterable {
        /// With a GPU, through SDL's renderer for light frames and Render's own rasterizer for
        /// heavy ones; without one, as `cpu` (OpenGL would draw on the CPU too, more slowly, and
        /// loading it takes longer than opening the window).
        case auto
        /// With Render's own rasterizer, on every core, shown as one texture: the same pixels a
        /// headless render makes, and faster than OpenGL on a machine without a GPU once a frame
        /// holds thousands of sprites.
        case cpu
        /// Through SDL's renderer (OpenGL where there is a GPU): cheapest for light frames, since
        /// no whole frame is uploaded.
        case gpu

        /// What `auto` comes to on this machine.
        func resolved(hasGPU: Bool) -> Drawing {
            self == .auto && !hasGPU ? .cpu : self
        }
    }

    /// Why the window could not open.
    public enum OpenError: Error, CustomStringConvertible {
        /// There is no display (or SDL cannot reach it); the message says what SDL said.
        case noDisplay(String)

        public var description: String {
            switch self {
            case .noDisplay(let reason): return reason
            }
        }
    }

    /// The script shown.
    public let script: LiveScript
    /// Keeps the script's scene at the playhead.
    public let player: Player
    /// Frame times so far.
    public private(set) var statistics: FrameStatistics
    /// Where terminal lines go (reloads, screenshots, the script's prints and errors).
    public var log: (String) -> Void

    let settings: Settings
    let window: SDLWindow
    let presenter: FramePresenter
    let overlay: ViewerOverlay
    let watcher: FileWatcher?
    let frameRate: Double
    var trigger = ReloadTrigger()
    var running = true
    var showsHUD = false
    var showsBounds = false
    var showsTimeline = false
    /// The screenshot asked for, taken once the scene shows the moment asked for.
    var screenshotRequested: ScreenshotWriter.Kind?
    var screenshots: ScreenshotWriter
    /// F9's recordings and F10's exports.
    let recorder: ClipRecorder
    /// A reload or restart to tell once its first frame is shown.
    var announcement: Announcement?
    /// Whose the mouse is: the script's, the inspector's, or a drag's scrubbing time.
    var pointer = PointerMode.script
    /// Modifier keys held until it is known whether they are the script's or a shortcut's.
    var modifiers = ModifierGate()
    /// When (SDL's milliseconds) the input that started the seek in progress came, for reports.
    var seekStartedAt: UInt32?
    /// The time of the event being handled (SDL's milliseconds).
    var eventTimestamp: UInt32 = 0
    /// The inspector (F4) and onion skins (F11).
    let inspector = Inspector()
    let onionSkin = OnionSkin()
    /// The tweak panel (Shift+F4).
    let tweaker = Tweaker()
    var hud = HUDReport()
    var hudShown: (lines: [String], status: String, at: Double) = ([], "", -1)
    /// The caption file's text and when it was read.
    var caption = CaptionFile()
    /// The target drawn faintly over the scene, when `ghostScript` names one.
    var targetGhost: TargetGhost?
    /// Whether the window was closed to go on to the next exercise.
    public internal(set) var askedForNextExercise = false
    let memory = TimelineMemory()
    var rememberedTimeline: Timeline?
    /// The timeline the script reopened with from the last run, until something moves it: the
    /// strip says "resumed" meanwhile.
    var resumedTimeline: Timeline?
    let startedAt: Double
    var nextFrameAt: Double
    var lastFrameAt: Double

    /// A reload or restart on its way to the screen.
    struct Announcement {
        let verb: String
        let started: Double
        let savedAt: Date?
        var loading = 0.0
        var replaying = 0.0
    }

    /// Opens the window (throws `.noDisplay` when there is none) and runs the script's first load.
    public init(script: LiveScript, settings: Settings = Settings(), log: @escaping (String) -> Void = { print($0) })
        throws(OpenError) {
        guard Viewer.displayAvailable else {
            throw .noDisplay("no display to open a window on (DISPLAY is not set)")
        }
        let drawing = settings.drawing.resolved(hasGPU: SDLWindow.hasGPU)
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        let opened: SDLWindow
        do {
            opened = try SDLWindow(title: "snowglobe — \(script.source.displayName)",
                                   width: Int(settings.size.width), height: Int(settings.size.height), vsync: false,
                                   software: drawing == .cpu)
        } catch {
            throw .noDisplay("cannot open a window: \(error)")
        }
        window = opened
        self.script = script
        self.settings = settings
        self.log = log
        presenter = FramePresenter(drawing: drawing)
        screenshots = ScreenshotWriter(folder: settings.screenshotFolder)
        recorder = ClipRecorder(folder: settings.screenshotFolder, format: settings.recordingFormat, fps: settings.recordingFPS)
        frameRate = min(max(opened.refreshRate ?? settings.fallbackFrameRate, 24), 240)
        statistics = FrameStatistics(budget: 1 / frameRate)
        if settings.fullscreen {
            do throws(SDLError) { try opened.setFullscreen(true) } catch { log("snowglobe: cannot open full screen: \(error)") }
        }
        let points = opened.size
        overlay = ViewerOverlay(size: Size(width: Double(points.width), height: Double(points.height)))
        overlay.setScale(settings.uiScale ?? Viewer.defaultUIScale(display: opened.displaySize))
        watcher = FileWatcher()
        startedAt = Monotonic.now()
        nextFrameAt = startedAt
        lastFrameAt = startedAt
        script.options.size = Size(width: Double(points.width), height: Double(points.height))
        script.options.scale = opened.scale
        script.options.uiScale = overlay.scale
        script.options.recordsCreationSites = true
        script.log = log
        targetGhost = settings.ghostScript.map { TargetGhost(script: $0, options: script.options, images: script.images) }
        player = Player(script: script)
        player.onInstall = { [weak self] reason, runner in self?.installed(reason, runner) }
        player.onDroppedInput = { [weak self] line in self?.log("snowglobe: " + line) }
        let scale = Float(opened.scale)
        SDL_RenderSetScale(opened.renderer, scale, scale)
        var start = settings.timeline
        if start == nil, settings.remembersTimeline, case .file(let path) = script.source {
            start = memory.timeline(for: path)
            if let remembered = start, remembered != Timeline() {
                log(Viewer.resumedLine(script.source.displayName, remembered))
                resumedTimeline = remembered
            }
        }
        rememberedTimeline = start
        showsTimeline = start?.isPaused == true
        // Watched from before the first load, so that a save made while it runs is seen after.
        watcher?.watch(script.dependencies)
        announcement = nil
        player.open(at: start ?? Timeline())
        player.update(realSeconds: 0)
        watcher?.watch(script.dependencies)
    }

    /// The UI scale for a display of `display` points: 1 up to a 1080-line display, growing
    /// with the display's height in quarters (2 on a 2160-line one), so that the strip and the
    /// panels read alike on any screen.
    static func defaultUIScale(display: (width: Int, height: Int)?) -> Double {
        guard let display, display.height > 1080 else { return 1 }
        return (Double(display.height) / 1080 * 4).rounded(.down) / 4
    }

    /// Whether a window can be opened at all: an X11 or Wayland display, or an SDL video driver
    /// chosen by hand (`SDL_VIDEODRIVER=offscreen`).
    public static var displayAvailable: Bool {
        let environment = ProcessInfo.processInfo.environment
        return ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// Runs until the window is closed, Esc is pressed, or `quitAfter` has passed.
    public func run() {
        while running {
            let frameStart = Monotonic.now()
            handleEvents()
            applyTweak()
            checkFiles(at: frameStart)
            if let file = settings.captionFile { caption.refresh(from: file, at: frameStart) }
            // A stall (a slow replay, the window dragged) does not turn into a jump in time.
            let elapsed = min(frameStart - lastFrameAt, 0.25)
            lastFrameAt = frameStart
            // The first frame of a reload comes before any idle work.
            player.update(realSeconds: elapsed, idle: announcement == nil)
            drawFrame()
            statistics.record(Monotonic.now() - frameStart, paused: player.timeline.isPaused)
            rememberTimeline(final: false)
            for line in recorder.poll() { log(line) }
            if let quitAfter = settings.quitAfter, Monotonic.now() - startedAt >= quitAfter { running = false }
            // Frames keep a fixed cadence; after a slow frame the schedule starts again from now.
            nextFrameAt = max(nextFrameAt + 1 / frameRate, Monotonic.now() - 1 / frameRate)
            waitForNextFrame()
        }
        rememberTimeline(final: true)
        if tweaker.session.hasPendingChange {
            log("snowglobe: a tweak was not written (Enter writes it); the file is as it was")
        }
        script.tellRepeats()
        recorder.finish(player: player, log: log)
    }

    /// Frames shown again as they were (a paused scene in which nothing changed).
    public var repeatedFrames: Int { presenter.repeatedFrames }

    /// Real seconds since the window opened.
    public var elapsed: Double { Monotonic.now() - startedAt }

    // MARK: One frame

    private func drawFrame() {
        let frameStart = Monotonic.now()
        let points = window.size
        let size = Size(width: Double(points.width), height: Double(points.height))
        let stripShown = showsTimeline || player.replay != nil
        onionSkin.prepare(for: player, width: points.width, height: points.height)
        // A screenshot waits until the scene shows the moment asked for.
        let capturing = player.isSeeking ? nil : screenshotRequested
        // A paused scene that is not on its way somewhere shows the same frame until something
        // changes; the presenter tells by comparing what it would draw.
        let still = player.timeline.isPaused && !player.isSeeking
        var failure: SDLError?
        // The overlays read the scene and the frame is drawn in one visit to the moment shown.
        let layout = overlay.layoutSize(window: size)
        player.withFrame { scene in
            let background = scene.map { $0.root.color(.backgroundColor, .presentation) }
            var ghosts = background.flatMap { onionSkin.layer(background: $0) }
            // The target's ghost (snowglobe learn) while the onion skin is off: the onion skin's
            // layer is kept between frames and is not to be drawn into.
            if ghosts == nil, let background {
                ghosts = targetGhost?.ghosts(at: player.shownTime, width: points.width, height: points.height,
                                             background: background)
            }
            overlay.update(window: size, hud: showsHUD ? hudLines(scene) : nil, error: script.error,
                           errorFromLoad: script.errorIsFromLoad, tweaking: tweaker.isOn && tweaker.session.hasPendingChange,
                           bounds: showsBounds ? scene.map { BoundsOutline(root: $0.root) } : nil,
                           timeline: stripShown ? stripState(size: layout) : nil)
            overlay.inspector.update(inspector: inspector, layer: scene.flatMap { inspector.layer(in: $0) }, scene: scene,
                                     time: player.shownTime, loop: player.timeline.loopRange, size: layout,
                                     bottom: stripShown ? TimelineStrip.height + 2 * TimelineStrip.margin : 0,
                                     overlay: overlay.scene)
            overlay.recording.update(recorder.badge(shownTime: player.shownTime), width: layout.width, in: overlay.scene)
            overlay.caption.update(caption.text, curves: caption.chart, size: layout,
                                   bottom: stripShown ? TimelineStrip.height + 2 * TimelineStrip.margin : 0, in: overlay.scene)
            if tweaker.isOn, inspector.isOn, let scene { tweaker.mark(inspector.layer(in: scene)) }
            overlay.tweak.update(tweaker, scriptName: script.source.displayName, size: layout,
                                 bottom: stripShown ? TimelineStrip.height + 2 * TimelineStrip.margin : 0, overlay: overlay.scene)
            // The overlay is drawn straight from its presentation, which a step does not make.
            overlay.scene.beginFrame(at: 0)
            overlay.scene.endFrame()
            do throws(SDLError) {
                try presenter.present(in: window, drawScene: { draw in scene.map(draw) },
                                      ghosts: ghosts, overlay: overlay.scene, mayRepeat: still,
                                      capture: capturing.map { kind in (kind == .scene, { [self] in saveScreenshot($0, kind) }) })
            } catch {
                failure = error
            }
        }
        if capturing != nil || failure != nil { screenshotRequested = nil }
        if let failure { log("snowglobe: drawing failed: \(failure)") }
        if let started = seekStartedAt, !player.isSeeking {
            seekStartedAt = nil
            if settings.reportsSeeks {
                let milliseconds = Double(SDL_GetTicks() &- started)
                let start = player.seekRebuilt ? ", the run rebuilt" : player.seekFromParked ? ", from a parked run" : ""
                log(String(format: "snowglobe: seek to %.2f s in %.0f ms (%d ticks made%@)", player.shownTime, milliseconds,
                           player.ticksSinceSeek, start))
            }
        }
        if let announcement = self.announcement, player.replay == nil {
            let milliseconds = announcement.savedAt.map { Date().timeIntervalSince($0) * 1000 }
                ?? (Monotonic.now() - announcement.started) * 1000
            log(String(format: "snowglobe: %@ %@ at %.2f s in %.1f ms (script %.1f ms, replay %.1f ms, first frame %.1f ms)",
                       announcement.verb, script.source.displayName, player.shownTime, milliseconds,
                       announcement.loading * 1000, announcement.replaying * 1000, (Monotonic.now() - frameStart) * 1000))
            self.announcement = nil
        }
    }

    private func stripState(size: Size) -> TimelineStrip.State {
        if let resumed = resumedTimeline, resumed != player.timeline { resumedTimeline = nil }
        return TimelineStrip.State(size: size, timeline: player.timeline, shownTime: player.shownTime,
                                   reached: player.reachedTime, progress: player.progress, replayed: player.replayedTime,
                                   inputTimes: player.log.pressTicks.map { Tick.time(max($0, 0)) },
                                   resumed: resumedTimeline != nil)
    }

    private func hudLines(_ scene: Scene?) -> [String] {
        let now = Monotonic.now()
        hud.frame(at: now, frameTime: statistics.frameTimes.last ?? 0)
        var status = Viewer.scriptStatus(loaded: script.host != nil, showsError: script.error != nil,
                                         errors: script.host?.errors.count ?? 0)
        let timeline = player.timeline
        if player.replay != nil { status += ", replaying (Esc cancels)" }
        if timeline.isPaused { status += ", paused (F6 plays, F7 steps)" }
        if timeline.speed != 1 { status += ", speed \(TimelineStrip.speedText(timeline.speed))" }
        if let range = timeline.loopRange { status += String(format: ", loop %.2f–%.2f s", range.lowerBound, range.upperBound) }
        if onionSkin.isOn { status += ", \(onionSkin.summary)" }
        // The text is drawn anew whenever it changes: four times a second is enough to read it.
        if now - hudShown.at < 0.25 && status == hudShown.status { return hudShown.lines }
        let lines = hud.lines(scene: scene, status: status, mediaTime: player.shownTime, tick: player.runner?.tick ?? -1)
            + ViewerKeys.helpLines
        hudShown = (lines, status, now)
        return lines
    }

    /// The HUD's word on the script: not loaded, an error shown below, or running; errors
    /// whose panel Esc hid stay counted.
    static func scriptStatus(loaded: Bool, showsError: Bool, errors: Int) -> String {
        if !loaded { return "not loaded (see below)" }
        if showsError { return "error (see below)" }
        return errors == 0 ? "running" : "running, \(errors == 1 ? "an error" : "\(errors) errors") so far (panel hidden)"
    }

    private func waitForNextFrame() {
        let deadline = nextFrameAt
        while running {
            let remaining = deadline - Monotonic.now()
            guard remaining > 0.0005 else { return }
            if let watcher {
                watcher.wait(upTo: min(remaining, trigger.secondsUntilDue(at: Monotonic.now()) ?? remaining))
                // A change wakes the wait: note it now, and reload without waiting for the frame.
                let now = Monotonic.now()
                trigger.note(watcher.poll(), at: now)
                if trigger.isDue(at: now) { return }
            } else {
                usleep(UInt32(remaining * 1_000_000))
            }
        }
    }

    // MARK: Files and runs

    private func checkFiles(at now: Double) {
        guard let watcher, case .file = script.source else { return }
        trigger.note(watcher.poll(), at: now)
        guard trigger.isDue(at: now), let first = trigger.firstChange else { return }
        trigger.reset()
        refreshTweak()
        let savedAt = script.dependencies.compactMap { Viewer.modificationDate($0) }.max()
        reload(restart: false, started: first, savedAt: savedAt)
    }

    func reload(restart: Bool, started: Double, savedAt: Date?) {
        script.tellRepeats()
        let points = window.size
        let size = Size(width: Double(points.width), height: Double(points.height))
        script.options.size = size
        let loadStart = Monotonic.now()
        let outcome = restart ? player.restart(size: size) : player.reload()
        switch outcome {
        case .loaded:
            announcement = Announcement(verb: restart ? "restarted" : "reloaded", started: started, savedAt: savedAt,
                                        loading: Monotonic.now() - loadStart)
            // Finish the replay now if it is quick, so that the first frame is the new scene's.
            let replayStart = Monotonic.now()
            player.update(realSeconds: 0, idle: false)
            announcement?.replaying = Monotonic.now() - replayStart
        case .failed:
            let milliseconds = (Monotonic.now() - started) * 1000
            log(String(format: "snowglobe: %@ did not load (%.1f ms); the last good scene keeps running",
                       script.source.displayName, milliseconds))
        }
        watcher?.watch(script.dependencies)
    }

    private func installed(_ reason: Player.Replay.Reason, _ runner: SceneRunner) {
        watcher?.watch(script.dependencies)
        // A new run may have required another module of the script's folder.
        if reason != .seek { refreshTweak() }
    }

    private func rememberTimeline(final: Bool) {
        guard settings.remembersTimeline, case .file(let path) = script.source else { return }
        var timeline = player.timeline
        timeline.playhead = player.shownTime
        // Written when the marks, speed or pause change, every few seconds of play, and at exit.
        if let last = rememberedTimeline, !final {
            var a = last, b = timeline
            a.playhead = 0
            b.playhead = 0
            if a == b && abs(last.playhead - timeline.playhead) < 5 { return }
        }
        rememberedTimeline = timeline
        if let problem = memory.save(timeline, for: path) { log(problem) }
    }

    /// The terminal's word that a script reopened where it was left, not at 0: where, whether
    /// paused, at what speed and in what loop, and how to start afresh.
    static func resumedLine(_ name: String, _ timeline: Timeline) -> String {
        var line = String(format: "snowglobe: resumed %@ at %.2f s", name, timeline.playhead)
        if timeline.isPaused { line += ", paused" }
        if timeline.speed != 1 { line += ", speed \(TimelineStrip.speedText(timeline.speed))" }
        if let range = timeline.loopRange { line += String(format: ", loop %.2f–%.2f s", range.lowerBound, range.upperBound) }
        return line + " (F5 restarts; --fresh ignores the remembered timeline)"
    }

    func saveScreenshot(_ frame: FrameBuffer, _ kind: ScreenshotWriter.Kind) {
        log(screenshots.write(frame, kind))
    }

    // MARK: Helpers

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
