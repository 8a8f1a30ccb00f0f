import CSDL2
import LayerKit
import LuaHost
import Playback
import Render

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
                let code = event.key.keysym.sym
                let mod = UInt32(event.key.keysym.mod)
                let shift = mod & UInt32(KMOD_SHIFT.rawValue) != 0
                if tweaker.isOn {
                    // The panel takes the keyboard: its keys, then the viewer's; none reach the script.
                    let control = mod & UInt32(KMOD_CTRL.rawValue) != 0, alt = mod & UInt32(KMOD_ALT.rawValue) != 0
                    if let command = TweakKeys.command(keyCode: code, shift: shift, control: control, alt: alt) {
                        perform(.tweak(command))
                    } else if let command = ViewerKeys.command(keyCode: code, shift: shift),
                              event.key.repeat == 0 || command.repeats {
                        perform(command)
                    }
                } else if let command = ViewerKeys.command(keyCode: code, shift: shift) {
                    modifiers.viewerKeyPressed()
                    if event.key.repeat == 0 || command.repeats { perform(command) }
                } else if event.key.repeat == 0, let name = ViewerKeys.scriptName(code) {
                    if ModifierGate.isModifier(code) {
                        modifiers.press(code, name: name)
                    } else {
                        deliverToScript(.keyDown(name))
                    }
                }
            case SDL_KEYUP.rawValue:
                let code = event.key.keysym.sym
                if tweaker.isOn {
                    break
                } else if ModifierGate.isModifier(code) {
                    for event in modifiers.release(code) { player.deliver(event) }
                } else if !ViewerKeys.isViewerKey(code), let name = ViewerKeys.scriptName(code) {
                    deliverToScript(.keyUp(name))
                }
            case SDL_MOUSEBUTTONDOWN.rawValue:
                press(at: Point(x: Double(event.button.x), y: Double(event.button.y)), button: Int(event.button.button))
            case SDL_MOUSEBUTTONUP.rawValue:
                let point = Point(x: Double(event.button.x), y: Double(event.button.y))
                if pointer == .tweaking {
                    releaseTweak()
                    pointer = inspector.isOn ? .inspecting : .script
                } else if pointer.isScrubbing {
                    pointer = inspector.isOn ? .inspecting : .script
                } else if pointer == .script && !overlay.strip.contains(overlay.layoutPoint(point)) {
                    deliverToScript(.mouseUp(x: point.x, y: point.y, button: Int(event.button.button)))
                }
            case SDL_MOUSEMOTION.rawValue:
                let point = Point(x: Double(event.motion.x), y: Double(event.motion.y))
                let onOverlay = overlay.layoutPoint(point)
                switch pointer {
                case .scrubbingStrip:
                    perform(.seek(to: overlay.strip.time(atWindowX: onOverlay.x)))
                case .scrubbingGraph:
                    if let time = overlay.inspector.time(atWindowX: onOverlay.x) { perform(.seek(to: time)) }
                case .inspecting:
                    break
                case .tweaking:
                    let mod = UInt32(SDL_GetModState().rawValue)
                    dragTweak(to: onOverlay, shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0,
                              alt: mod & UInt32(KMOD_ALT.rawValue) != 0)
                case .script:
                    if !overlay.strip.contains(onOverlay) {
                        deliverToScript(.mouseMove(x: point.x, y: point.y, button: Viewer.lowestButton(event.motion.state)))
                    }
                }
            case SDL_WINDOWEVENT.rawValue:
                if event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) { resized() }
            default:
                break
            }
        }
    }

    /// A press: on the strip, its command (a press on the ruler starts scrubbing); while
    /// inspecting, the panel's command or a layer picked; else the script's.
    private func press(at point: Point, button: Int) {
        let onOverlay = overlay.layoutPoint(point)
        if overlay.tweak.contains(onOverlay) {
            pressTweak(at: onOverlay)
            pointer = .tweaking
        } else if let command = overlay.strip.command(at: onOverlay) {
            if case .seek = command { pointer = .scrubbingStrip }
            perform(command)
        } else if pointer == .inspecting {
            if overlay.inspector.contains(onOverlay) {
                guard let command = overlay.inspector.command(at: onOverlay) else { return }
                if case .seek = command { pointer = .scrubbingGraph }
                perform(command)
            } else {
                player.withFrame { scene in
                    if let scene { inspector.pick(at: point, in: scene) }
                }
            }
        } else {
            deliverToScript(.mouseDown(x: point.x, y: point.y, button: button))
        }
    }

    /// Gives `event` to the script, after the presses of the modifiers held for it.
    private func deliverToScript(_ event: InputEvent) {
        for press in modifiers.scriptInput() { player.deliver(press) }
        player.deliver(event)
    }

    /// Carries out `command`, whichever key, button or press asked for it.
    func perform(_ command: ViewerCommand) {
        if command.seeks { noteSeek() }
        switch command {
        case .toggleHUD: showsHUD.toggle()
        case .toggleFullscreen:
            do throws(SDLError) {
                try window.setFullscreen(!window.isFullscreen)
                log("snowglobe: full screen \(window.isFullscreen ? "on" : "off") (Shift+F1)")
            } catch {
                log("snowglobe: cannot change to full screen: \(error)")
            }
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
            player.step(by: command == .step ? 1 : -1)
        case .seek(let time): player.seek(to: time)
        case .toggleSlowMotion: player.toggleSlowMotion()
        case .cycleSpeed: player.cycleSpeed()
        case .markIn: player.markIn()
        case .markOut: player.markOut()
        case .clearMarks: player.clearMarks()
        case .toggleInspector:
            inspector.isOn.toggle()
            if !pointer.isScrubbing { pointer = inspector.isOn ? .inspecting : .script }
        case .inspectSuperlayer: inspector.walkUp()
        case .nextGraph: inspector.graphIndex += 1
        case .flipGraph: inspector.graphFlipped.toggle()
        case .toggleInspectorSection(let section):
            if inspector.collapsed.contains(section) { inspector.collapsed.remove(section) } else { inspector.collapsed.insert(section) }
        case .toggleTweak: toggleTweak()
        case .tweak(let command): performTweak(command)
        case .toggleOnionSkin: onionSkin.isOn.toggle()
        case .cycleOnionSkin:
            onionSkin.isOn = true
            onionSkin.cycle()
            log("snowglobe: \(onionSkin.summary)")
        case .screenshot: screenshotRequested = .scene
        case .screenshotWindow: screenshotRequested = .window
        case .toggleRecording: log(recorder.toggle(player: player))
        case .exportLoop: log(recorder.exportLoop(player: player))
        case .nextExercise:
            if settings.captionFile != nil, caption.passed {
                askedForNextExercise = true
                running = false
            }
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
