import CSDL2
import Foundation
import LayerKit
import LuaHost
import Render

/// The window that runs a live script: it draws the script's scene at the display's rate,
/// reloads it when a file it read is saved, shows errors over the last good scene, and gives the
/// function keys that let people see time (HUD, bounds, restart, pause, step, slow motion).
///
/// Pause, step and slow motion act on the media clock, so everything that runs on media time —
/// animations, timers, display links, tasks, emitters — obeys them alike. While paused no frame
/// of the scene is made (its display links and timers wait too); the last one stays on screen.
public final class Viewer {
    /// How the window runs.
    public struct Settings: Sendable {
        /// The window's initial size in points.
        public var size = Size(width: 800, height: 600)
        /// Quit after this many seconds of real time (nil: run until closed).
        public var quitAfter: Double?
        /// Where F12 writes screenshots.
        public var screenshotFolder = "."
        /// Frames per second when the display does not say its refresh rate.
        public var fallbackFrameRate = 60.0
        /// How frames are drawn.
        public var drawing = Drawing.auto

        public init() {}
    }

    /// How the viewer draws.
    public enum Drawing: String, Sendable, CaseIterable {
        /// Through SDL's renderer for light frames, with Render's own rasterizer for heavy ones
        /// (switching above `heavyFrame` triangles and back below `lightFrame`).
        case auto
        /// With Render's own rasterizer, on every core, shown as one texture: the same pixels a
        /// headless render makes, and faster than OpenGL on a machine without a GPU once a frame
        /// holds thousands of sprites.
        case cpu
        /// Through SDL's renderer (OpenGL where there is a GPU): cheapest for light frames, since
        /// no whole frame is uploaded.
        case gpu
    }

    /// Triangles in a frame above which `auto` draws on the CPU, and below which it goes back.
    /// Measured here (llvmpipe, 1280×720): 1,200 particles take 2.3 ms through SDL and 11.5 ms on
    /// the CPU; 10,000 sprites take about 100 ms through SDL and 60 ms on the CPU.
    static let heavyFrame = 12_000
    static let lightFrame = 8_000

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
    /// Frame times so far.
    public private(set) var statistics: FrameStatistics
    /// Where terminal lines go (reloads, screenshots, the script's prints and errors).
    public var log: (String) -> Void

    private let settings: Settings
    private let window: SDLWindow
    private let compositor = Compositor()
    private let overlayCompositor = Compositor()
    private let rasterizer = HeadlessBackend()
    private var frame: FrameBuffer?
    private var drawsOnCPU = false
    private let overlay: ViewerOverlay
    private let clock = RealClock()
    private let watcher: FileWatcher?
    private let frameRate: Double
    private var trigger = ReloadTrigger()
    private var sceneOrigin = 0.0
    private var running = true
    private var showsHUD = false
    private var showsBounds = false
    private var stepRequested = false
    private var screenshotRequested = false
    private var screenshotCount = 0
    private var announcement: (started: Double, savedAt: Date?, verb: String, loading: Double)?
    private var hud = HUDReport()
    private var hudShown: (lines: [String], status: String, at: Double) = ([], "", -1)
    private let startedAt: Double
    private var nextFrameAt: Double

    /// Opens the window (throws `.noDisplay` when there is none) and runs the script's first load.
    public init(script: LiveScript, settings: Settings = Settings(), log: @escaping (String) -> Void = { print($0) })
        throws(OpenError) {
        guard Viewer.displayAvailable else {
            throw .noDisplay("no display to open a window on (DISPLAY is not set)")
        }
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        let opened: SDLWindow
        do {
            opened = try SDLWindow(title: "snowglobe — \(script.source.displayName)",
                                   width: Int(settings.size.width), height: Int(settings.size.height), vsync: false)
        } catch {
            throw .noDisplay("cannot open a window: \(error)")
        }
        window = opened
        self.script = script
        self.settings = settings
        self.log = log
        frameRate = min(max(opened.refreshRate ?? settings.fallbackFrameRate, 24), 240)
        statistics = FrameStatistics(budget: 1 / frameRate)
        let points = opened.size
        overlay = ViewerOverlay(size: Size(width: Double(points.width), height: Double(points.height)))
        watcher = FileWatcher()
        startedAt = Viewer.monotonicNow()
        nextFrameAt = startedAt
        script.options.size = Size(width: Double(points.width), height: Double(points.height))
        script.options.scale = opened.scale
        script.options.framesPerSecond = frameRate
        script.log = log
        let scale = Float(opened.scale)
        SDL_RenderSetScale(opened.renderer, scale, scale)
        // Watched from before the first load, so that a save made while it runs is seen after.
        watcher?.watch(script.dependencies)
        if script.load(reload: false) == .loaded { sceneOrigin = clock.now }
        watcher?.watch(script.dependencies)
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
            let frameStart = Viewer.monotonicNow()
            handleEvents()
            checkFiles(at: frameStart)
            drawFrame()
            statistics.record(Viewer.monotonicNow() - frameStart)
            if let quitAfter = settings.quitAfter, Viewer.monotonicNow() - startedAt >= quitAfter { running = false }
            // Frames keep a fixed cadence; after a slow frame the schedule starts again from now.
            nextFrameAt = max(nextFrameAt + 1 / frameRate, Viewer.monotonicNow() - 1 / frameRate)
            waitForNextFrame()
        }
    }

    /// Real seconds since the window opened.
    public var elapsed: Double { Viewer.monotonicNow() - startedAt }

    // MARK: One frame

    private func drawFrame() {
        let frameStart = Viewer.monotonicNow()
        let host = script.host
        let advances = !clock.isPaused || stepRequested
        if stepRequested {
            clock.step(by: 1 / frameRate)
            stepRequested = false
        }
        let scene = host?.scene
        if let scene, advances { scene.beginFrame(at: clock.now - sceneOrigin) }
        let points = window.size
        let size = Size(width: Double(points.width), height: Double(points.height))
        let main = scene.map { compositor.compose($0, width: points.width, height: points.height) }
        overlay.update(size: size, hud: showsHUD ? hudLines(scene) : nil, error: script.error,
                       bounds: showsBounds ? scene.map { BoundsOutline(root: $0.root) } : nil)
        overlay.scene.step(to: 0)
        let top = overlayCompositor.compose(overlay.scene, width: points.width, height: points.height)
        do throws(SDLError) {
            let list = main ?? DrawList(width: points.width, height: points.height)
            switch settings.drawing {
            case .cpu: drawsOnCPU = true
            case .gpu: drawsOnCPU = false
            case .auto:
                let triangles = list.triangleCount
                if triangles > Viewer.heavyFrame { drawsOnCPU = true } else if triangles < Viewer.lightFrame { drawsOnCPU = false }
            }
            switch drawsOnCPU {
            case true:
                let target = frame.flatMap { $0.width == points.width && $0.height == points.height ? $0 : nil }
                    ?? FrameBuffer(width: points.width, height: points.height)
                frame = target
                rasterizer.draw(list, into: target, background: .black)
                rasterizer.draw(top, into: target, background: nil)
                if screenshotRequested { saveScreenshot(target) }
                try window.present(target)
            case false:
                try window.backend.draw(list, background: .black)
                try window.backend.draw(top, background: nil)
                if screenshotRequested {
                    do { saveScreenshot(try window.readPixels()) } catch { log("snowglobe: screenshot failed: \(error)") }
                }
                SDL_RenderPresent(window.renderer)
            }
        } catch {
            log("snowglobe: drawing failed: \(error)")
        }
        if let scene, advances { scene.endFrame() }
        if let announcement {
            let milliseconds = announcement.savedAt.map { Date().timeIntervalSince($0) * 1000 }
                ?? (Viewer.monotonicNow() - announcement.started) * 1000
            log(String(format: "snowglobe: %@ %@ in %.1f ms (script %.1f ms, first frame %.1f ms)", announcement.verb,
                       script.source.displayName, milliseconds, announcement.loading * 1000,
                       (Viewer.monotonicNow() - frameStart) * 1000))
            self.announcement = nil
        }
    }

    private func hudLines(_ scene: Scene?) -> [String] {
        let now = Viewer.monotonicNow()
        hud.frame(at: now, frameTime: statistics.frameTimes.last ?? 0)
        var status = script.error == nil ? "running" : "error (see below)"
        if script.host == nil { status = "not loaded (see below)" }
        if clock.isPaused { status += ", paused (F6 resumes, F7 steps)" }
        if clock.rate < 1 { status += ", slow motion ×\(clock.rate)" }
        // The text is drawn anew whenever it changes: four times a second is enough to read it.
        if now - hudShown.at < 0.25 && status == hudShown.status { return hudShown.lines }
        let lines = hud.lines(scene: scene, status: status, mediaTime: scene.map { _ in clock.now - sceneOrigin } ?? 0)
            + [ViewerKey.help]
        hudShown = (lines, status, now)
        return lines
    }

    private func waitForNextFrame() {
        let deadline = nextFrameAt
        while running {
            let remaining = deadline - Viewer.monotonicNow()
            guard remaining > 0.0005 else { return }
            if let watcher {
                watcher.wait(upTo: min(remaining, trigger.secondsUntilDue(at: Viewer.monotonicNow()) ?? remaining))
                // A change wakes the wait: note it now, and reload without waiting for the frame.
                let now = Viewer.monotonicNow()
                trigger.note(watcher.poll(), at: now)
                if trigger.isDue(at: now) { return }
            } else {
                usleep(UInt32(remaining * 1_000_000))
            }
        }
    }

    // MARK: Files

    private func checkFiles(at now: Double) {
        guard let watcher, case .file = script.source else { return }
        trigger.note(watcher.poll(), at: now)
        guard trigger.isDue(at: now), let first = trigger.firstChange else { return }
        trigger.reset()
        let savedAt = script.dependencies.compactMap { Viewer.modificationDate($0) }.max()
        reload(restart: false, started: first, savedAt: savedAt)
    }

    private func reload(restart: Bool, started: Double, savedAt: Date?) {
        let points = window.size
        script.options.size = Size(width: Double(points.width), height: Double(points.height))
        let loadStart = Viewer.monotonicNow()
        switch script.load(reload: !restart) {
        case .loaded:
            sceneOrigin = clock.now
            announcement = (started, savedAt, restart ? "restarted" : "reloaded", Viewer.monotonicNow() - loadStart)
        case .failed:
            let milliseconds = (Viewer.monotonicNow() - started) * 1000
            log(String(format: "snowglobe: %@ did not load (%.1f ms); the last good scene keeps running",
                       script.source.displayName, milliseconds))
        }
        watcher?.watch(script.dependencies)
    }

    // MARK: Input

    private func handleEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch event.type {
            case SDL_QUIT.rawValue:
                running = false
            case SDL_KEYDOWN.rawValue:
                if let key = ViewerKey(keyCode: event.key.keysym.sym) {
                    if event.key.repeat == 0 || key == .step { handle(key) }
                } else if event.key.repeat == 0, let name = ViewerKey.scriptName(event.key.keysym.sym) {
                    script.host?.dispatch(.keyDown(name))
                }
            case SDL_KEYUP.rawValue:
                if ViewerKey(keyCode: event.key.keysym.sym) == nil, let name = ViewerKey.scriptName(event.key.keysym.sym) {
                    script.host?.dispatch(.keyUp(name))
                }
            case SDL_MOUSEBUTTONDOWN.rawValue:
                script.host?.dispatch(.mouseDown(x: Double(event.button.x), y: Double(event.button.y),
                                                 button: Int(event.button.button)))
            case SDL_MOUSEBUTTONUP.rawValue:
                script.host?.dispatch(.mouseUp(x: Double(event.button.x), y: Double(event.button.y),
                                               button: Int(event.button.button)))
            case SDL_MOUSEMOTION.rawValue:
                script.host?.dispatch(.mouseMove(x: Double(event.motion.x), y: Double(event.motion.y),
                                                 button: Viewer.lowestButton(event.motion.state)))
            case SDL_WINDOWEVENT.rawValue:
                if event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) { resized() }
            default:
                break
            }
        }
    }

    private func handle(_ key: ViewerKey) {
        switch key {
        case .toggleHUD: showsHUD.toggle()
        case .toggleBounds: showsBounds.toggle()
        case .restart: reload(restart: true, started: Viewer.monotonicNow(), savedAt: nil)
        case .togglePause: clock.isPaused.toggle()
        case .step:
            clock.isPaused = true
            stepRequested = true
        case .toggleSlowMotion: clock.rate = clock.rate < 1 ? 1 : 0.1
        case .screenshot: screenshotRequested = true
        case .quit: running = false
        }
    }

    private func resized() {
        let points = window.size
        let size = Size(width: Double(points.width), height: Double(points.height))
        script.options.size = size
        let scale = window.scale
        script.options.scale = scale
        SDL_RenderSetScale(window.renderer, Float(scale), Float(scale))
        script.host?.dispatch(.resize(width: size.width, height: size.height))
    }

    private func saveScreenshot(_ frame: FrameBuffer) {
        screenshotRequested = false
        do {
            screenshotCount += 1
            let path = (settings.screenshotFolder as NSString)
                .appendingPathComponent(String(format: "snowglobe-%04d.png", screenshotCount))
            try PNGWriter.write(frame, to: path)
            log("snowglobe: screenshot saved to \(path)")
        } catch {
            log("snowglobe: screenshot failed: \(error)")
        }
    }

    // MARK: Helpers

    /// Seconds on a monotonic clock.
    static func monotonicNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The lowest mouse button held in an SDL button state (1 left, 2 middle, 3 right; 0 none).
    static func lowestButton(_ state: UInt32) -> Int {
        guard state != 0 else { return 0 }
        return state.trailingZeroBitCount + 1
    }
}
