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
            if session.nudge(steps: steps, scale: scale) { tweaker.notice = nil }
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
            tweaker.notice = "\(verb) in \((done.file as NSString).lastPathComponent); Ctrl+\(command == .redo ? "Z undoes" : "Shift+Z redoes")"
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

    /// A press on the panel: selects the row's literal and, on a number, starts a drag.
    func pressTweak(at point: Point) {
        guard let index = overlay.tweak.literal(at: point) else { return }
        let session = tweaker.session
        session.selection = index
        if let number = session.selected?.number {
            tweaker.drag = (point.x, number.value, number.step)
        }
    }

    /// A drag sideways: one step every 4 points (Shift ×10, Alt ×0.1).
    func dragTweak(to x: Double, shift: Bool, alt: Bool) {
        guard let drag = tweaker.drag else { return }
        let scale = shift ? 10.0 : alt ? 0.1 : 1
        let steps = ((x - drag.startX) / 4).rounded()
        tweaker.session.setNumber(drag.value + steps * drag.step * scale, step: drag.step * scale)
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
