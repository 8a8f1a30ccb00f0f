import Foundation
import LayerKit
import Playback
import Tweak

/// The tweak panel's part of the viewer: its commands, the scene run again at the same moment
/// with a changed value (the newest only, once a frame), and writes the file watcher is told of
/// so that they do not reload the scene a second time.
extension Viewer {
    /// Opens or closes the panel; opening reads the script's files and, with a layer picked in
    /// the inspector, selects the first literal on the line that made it.
    func toggleTweak() {
        if tweaker.isOn {
            closeTweak()
            return
        }
        tweaker.isOn = true
        tweaker.notice = nil
        tweaker.session.load(files: Tweaker.files(of: script))
        tweaker.shownRevision = tweaker.session.revision
        player.withFrame { scene in
            if let scene { tweaker.mark(inspector.layer(in: scene)) }
        }
    }

    /// Closes the panel; a change not written is dropped, and the scene goes back to the file's.
    private func closeTweak() {
        if tweaker.session.dropPending() { log("snowglobe: tweak dropped (not written)") }
        tweaker.isOn = false
        tweaker.drag = nil
    }

    /// Carries out one of the panel's commands.
    func performTweak(_ command: TweakCommand) {
        let session = tweaker.session
        switch command {
        case .select(let offset):
            session.select(by: offset)
        case .nudge(let steps, let scale):
            if let literal = session.selected, case .colour(let text) = literal.kind, let colour = Color(parsing: text) {
                // A colour turns round the hue circle, a degree a step.
                var pick = ColourPick(colour)
                pick.hue = (pick.hue + steps * scale + 360).truncatingRemainder(dividingBy: 360)
                if session.setColour(pick.text(like: text)) { tweaker.notice = nil }
            } else if session.nudge(steps: steps, scale: scale) {
                tweaker.notice = nil
            }
        case .write:
            writeTweak()
        case .dropOrClose:
            if session.dropPending() {
                tweaker.notice = "change dropped"
            } else {
                closeTweak()
            }
        case .undo, .redo:
            guard let done = session.undo(redo: command == .redo) else { return }
            watcher?.expect(done.bytes, at: done.file)
            let verb = command == .redo ? "redone" : "undone"
            tweaker.notice = "\(verb) in \(Tweaker.name(done.file)); Ctrl+\(command == .redo ? "Z undoes" : "Shift+Z redoes")"
            log("snowglobe: tweak \(verb) in \(done.file)")
        }
    }

    /// Enter, or the end of a drag: writes the changes not written yet.
    func writeTweak() {
        let session = tweaker.session
        guard session.hasPendingChange else { return }
        let selected = session.selected
        let written = session.write()
        for (file, bytes) in written { watcher?.expect(bytes, at: file) }
        if let problem = session.message {
            log("snowglobe: " + problem)
            return
        }
        // What is written is what runs (a change not run yet still runs, from the file).
        script.options.sources = session.sources
        if !session.hasPendingChange {
            inspector.comparison = nil
            tweaker.showsPending = false
        }
        if let selected, !written.isEmpty {
            tweaker.notice = "written: \(selected.position) is \(session.selected?.text ?? selected.text) (Ctrl+Z undoes)"
            log("snowglobe: tweak written to \(selected.position): \(session.selected?.text ?? selected.text)")
        }
    }

    /// Runs the scene again at the moment shown when the source changed since it last ran:
    /// once a frame, so that only the newest of many changes is replayed.
    func applyTweak() {
        let session = tweaker.session
        guard session.revision != tweaker.shownRevision else { return }
        tweaker.shownRevision = session.revision
        // The inspector's graph keeps the file's curve, dashed, while a change is not written.
        if !session.hasPendingChange {
            inspector.comparison = nil
        } else if !tweaker.showsPending, inspector.isOn {
            player.withFrame { scene in
                inspector.comparison = scene.flatMap { inspector.sampleGraph(in: $0, loop: player.timeline.loopRange) }
            }
        }
        tweaker.showsPending = session.hasPendingChange
        script.options.sources = session.sources
        script.tellRepeats()
        let started = Monotonic.now()
        switch player.rerun() {
        case .loaded:
            announcement = Announcement(verb: "tweaked", started: started, savedAt: nil, loading: Monotonic.now() - started)
            let replayStart = Monotonic.now()
            player.update(realSeconds: 0, idle: false)
            announcement?.replaying = Monotonic.now() - replayStart
        case .failed:
            log(String(format: "snowglobe: %@ did not load with the change (%.1f ms); the last good scene keeps running, Esc drops the change",
                       script.source.displayName, (Monotonic.now() - started) * 1000))
        }
    }

    /// A press on the panel: on a row, selects its literal and, on a number, starts a drag; on
    /// the colour picker's bars, sets that channel; on the timing curve, takes the nearer
    /// control point.
    func pressTweak(at point: Point) {
        let session = tweaker.session
        if let (channel, fraction) = overlay.tweak.colourBar(at: point), let literal = session.selected,
           case .colour(let text) = literal.kind, let colour = Color(parsing: text) {
            let pick = ColourPick(colour)
            tweaker.drag = .colour(channel, pick)
            setColour(pick, channel, fraction, like: text)
        } else if let unit = overlay.tweak.curvePoint(at: point), let handles = timingLiterals() {
            let values = handles.map { session.literals[$0].number?.value ?? 0 }
            let first = hypot(values[0] - unit.x, values[1] - unit.y), second = hypot(values[2] - unit.x, values[3] - unit.y)
            let x = first <= second ? handles[0] : handles[2]
            tweaker.drag = .handle(x: x)
            moveHandle(x: x, to: unit)
        } else if let index = overlay.tweak.literal(at: point) {
            session.selection = index
            if let number = session.selected?.number {
                tweaker.drag = .number(startX: point.x, value: number.value, step: number.step)
            }
        }
    }

    /// A drag: a number moves a step every 4 points sideways (Shift ×10, Alt ×0.1); a colour
    /// bar or a control point follows the pointer.
    func dragTweak(to point: Point, shift: Bool, alt: Bool) {
        switch tweaker.drag {
        case .number(let startX, let value, let step):
            let scale = shift ? 10.0 : alt ? 0.1 : 1
            let steps = ((point.x - startX) / 4).rounded()
            tweaker.session.setNumber(value + steps * step * scale, step: step * scale)
        case .colour(let channel, let pick):
            guard let (_, fraction) = overlay.tweak.colourBar(at: point, channel: channel),
                  let literal = tweaker.session.selected, case .colour(let text) = literal.kind else { return }
            setColour(pick, channel, fraction, like: text)
        case .handle(let x):
            if let unit = overlay.tweak.curvePoint(at: point, anywhere: true) { moveHandle(x: x, to: unit) }
        case nil:
            break
        }
    }

    private func setColour(_ pick: ColourPick, _ channel: ColourPick.Channel, _ fraction: Double, like text: String) {
        var pick = pick
        pick.set(channel, fraction: fraction)
        tweaker.session.setColour(pick.text(like: text))
    }

    /// The literal indices of the four numbers of the selected literal's timing function.
    private func timingLiterals() -> [Int]? {
        let session = tweaker.session
        guard let selected = session.selected, let timing = selected.timing else { return nil }
        let indices = session.literals.indices.filter {
            session.literals[$0].file == selected.file && session.literals[$0].timing?.call == timing.call
        }.sorted { (session.literals[$0].timing?.argument ?? 0) < (session.literals[$1].timing?.argument ?? 0) }
        return indices.count == 4 ? indices : nil
    }

    /// Moves the control point whose x is literal `x` (its y is the next) to `unit`, keeping
    /// the selection where it was; x stays within 0…1, as a timing function's must.
    private func moveHandle(x: Int, to unit: Point) {
        let session = tweaker.session
        let selected = session.selection
        session.selection = x
        session.setNumber(min(max(unit.x, 0), 1), step: 0.01)
        session.selection = x + 1
        session.setNumber(unit.y, step: 0.01)
        session.selection = selected
    }

    /// The end of a drag: the value is written.
    func releaseTweak() {
        guard tweaker.drag != nil else { return }
        tweaker.drag = nil
        writeTweak()
    }

    /// Reads the files again after they changed on disk (a save in an editor); a file with a
    /// change not written keeps it, and the panel says the file changed.
    func refreshTweak() {
        guard tweaker.isOn else { return }
        tweaker.session.load(files: Tweaker.files(of: script))
        script.options.sources = tweaker.session.sources
    }
}
