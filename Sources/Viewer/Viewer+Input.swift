import CSDL2
import LayerKit
import LuaHost
import Playback

/// Keys and the mouse: the viewer's keys act on the player and the overlays; the mouse on the
/// timeline strip scrubs and presses its buttons; everything else goes to the script, logged by
/// tick so that replays receive it again.
extension Viewer {
    func handleEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            eventTimestamp = event.common.timestamp
            switch event.type {
            case SDL_QUIT.rawValue:
                running = false
            case SDL_KEYDOWN.rawValue:
                let shift = UInt32(event.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue) != 0
                if let key = ViewerKey(keyCode: event.key.keysym.sym, shift: shift) {
                    if event.key.repeat == 0 || key.repeats { handle(key) }
                } else if event.key.repeat == 0, let name = ViewerKey.scriptName(event.key.keysym.sym) {
                    player.deliver(.keyDown(name))
                }
            case SDL_KEYUP.rawValue:
                if ViewerKey(keyCode: event.key.keysym.sym) == nil, let name = ViewerKey.scriptName(event.key.keysym.sym) {
                    player.deliver(.keyUp(name))
                }
            case SDL_MOUSEBUTTONDOWN.rawValue:
                let point = Point(x: Double(event.button.x), y: Double(event.button.y))
                if let action = overlay.strip.action(at: point) {
                    if case .scrub = action { scrubbing = true }
                    perform(action)
                } else if inspector.isOn {
                    inspect(at: point)
                } else {
                    player.deliver(.mouseDown(x: point.x, y: point.y, button: Int(event.button.button)))
                }
            case SDL_MOUSEBUTTONUP.rawValue:
                if scrubbing || graphScrubbing || inspector.isOn {
                    scrubbing = false
                    graphScrubbing = false
                } else if !overlay.strip.contains(Point(x: Double(event.button.x), y: Double(event.button.y))) {
                    player.deliver(.mouseUp(x: Double(event.button.x), y: Double(event.button.y),
                                            button: Int(event.button.button)))
                }
            case SDL_MOUSEMOTION.rawValue:
                if scrubbing {
                    noteSeek()
                    player.seek(to: overlay.strip.time(atWindowX: Double(event.motion.x)))
                } else if graphScrubbing, let time = overlay.inspector.time(atWindowX: Double(event.motion.x)) {
                    noteSeek()
                    player.seek(to: time)
                } else if inspector.isOn {
                    // While inspecting, the mouse is the inspector's.
                } else if !overlay.strip.contains(Point(x: Double(event.motion.x), y: Double(event.motion.y))) {
                    player.deliver(.mouseMove(x: Double(event.motion.x), y: Double(event.motion.y),
                                              button: Viewer.lowestButton(event.motion.state)))
                }
            case SDL_WINDOWEVENT.rawValue:
                if event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) { resized() }
            default:
                break
            }
        }
    }

    func handle(_ key: ViewerKey) {
        if [.backToStart, .step, .stepBack].contains(key) { noteSeek() }
        switch key {
        case .toggleHUD: showsHUD.toggle()
        case .toggleBounds: showsBounds.toggle()
        case .toggleTimeline: showsTimeline.toggle()
        case .toggleLoop: player.toggleLoop()
        case .restart: reload(restart: true, started: Monotonic.now(), savedAt: nil)
        case .togglePause:
            player.togglePause()
            // Pausing brings the strip up (F3 hides it again).
            if player.timeline.isPaused { showsTimeline = true }
        case .backToStart: player.backToStart()
        case .step, .stepBack:
            if !player.timeline.isPaused { showsTimeline = true }
            player.step(by: key == .step ? 1 : -1)
        case .toggleSlowMotion: player.toggleSlowMotion()
        case .cycleSpeed: player.cycleSpeed()
        case .markIn: player.markIn()
        case .markOut: player.markOut()
        case .clearMarks: player.clearMarks()
        case .toggleInspector: inspector.isOn.toggle()
        case .toggleOnionSkin: onionSkin.isOn.toggle()
        case .cycleOnionSkin:
            onionSkin.isOn = true
            onionSkin.cycle()
            log("snowglobe: \(onionSkin.summary)")
        case .screenshot: screenshotRequested = true
        case .toggleRecording: log(recorder.toggle(player: player))
        case .exportLoop: log(recorder.exportLoop(player: player))
        case .quit:
            if player.replay != nil {
                player.cancelReplay()
            } else if script.error != nil && !script.errorIsFromLoad {
                // An error in a callback of the running scene: the scene goes on, and the panel
                // can go (the HUD keeps counting the errors).
                script.clearError()
            } else {
                running = false
            }
        }
    }

    private func perform(_ action: TimelineStrip.Action) {
        if case .scrub = action { noteSeek() }
        if case .button(let button) = action, [.toStart, .stepBack, .stepForward].contains(button) { noteSeek() }
        switch action {
        case .scrub(let time): player.seek(to: time)
        case .button(let button):
            switch button {
            case .toStart: player.backToStart()
            case .stepBack: player.step(by: -1)
            case .playPause: player.togglePause()
            case .stepForward: player.step(by: 1)
            case .speed: player.cycleSpeed()
            case .markIn: player.markIn()
            case .markOut: player.markOut()
            case .loop: player.toggleLoop()
            case .clear: player.clearMarks()
            }
        }
    }

    /// A press while inspecting: on the panel, its action; elsewhere, pick the layer there.
    private func inspect(at point: Point) {
        switch overlay.inspector.action(at: point) {
        case .seek(let time):
            noteSeek()
            graphScrubbing = true
            player.seek(to: time)
        case .walkUp: inspector.walkUp()
        case .nextGraph: inspector.graphIndex += 1
        case .some(.none): break
        case nil:
            player.withFrame { scene in
                if let scene { inspector.pick(at: point, in: scene) }
            }
        }
    }

    /// Notes when the seek the event being handled starts began (a drag keeps the first).
    private func noteSeek() {
        if seekStartedAt == nil { seekStartedAt = eventTimestamp }
    }

    private func resized() {
        let points = window.size
        let size = Size(width: Double(points.width), height: Double(points.height))
        script.options.size = size
        let scale = window.scale
        script.options.scale = scale
        SDL_RenderSetScale(window.renderer, Float(scale), Float(scale))
        player.deliver(.resize(width: size.width, height: size.height))
    }

    /// The lowest mouse button held in an SDL button state (1 left, 2 middle, 3 right; 0 none).
    static func lowestButton(_ state: UInt32) -> Int {
        guard state != 0 else { return 0 }
        return state.trailingZeroBitCount + 1
    }
}
