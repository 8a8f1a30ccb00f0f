import Export
import Foundation
import LayerKit
import Playback
import Render

/// F9 and F10: recordings of the scene's timeline. F9 notes the media time shown, F9 again the
/// time shown then; F10 takes the loop range (in mark or 0 to out mark). Either way the range
/// is rendered headless on a thread of its own — deterministically, at the chosen frame rate,
/// with the input given during it — and written beside the screenshots as the next
/// `snowglobe-NNNN.mp4` (or the chosen format). The window never waits for it.
final class ClipRecorder {
    /// The media time F9 started recording at, while it records.
    private(set) var recordingSince: Double?
    private let names: CaptureNames
    private let format: RecordingFormat?
    private let fps: Double
    private var exports: [(export: ClipExport, path: String)] = []

    /// Recordings in `format` (nil: MP4, or GIF when ffmpeg is missing) at `fps`, into `folder`.
    init(folder: String, format: RecordingFormat?, fps: Double) {
        names = CaptureNames(folder: folder)
        self.format = format
        self.fps = fps
    }

    /// Whether a recording is under way or being written.
    var isBusy: Bool { recordingSince != nil || !exports.isEmpty }

    /// F9: starts recording at the time shown, or stops and writes what was recorded. Returns
    /// the line to tell.
    func toggle(player: Player) -> String {
        let now = player.shownTime
        guard let start = recordingSince else {
            recordingSince = now
            return "snowglobe: recording from \(ClipRecorder.seconds(now)) s (F9 stops)"
        }
        recordingSince = nil
        let range = min(start, now)...max(start, now)
        guard range.upperBound - range.lowerBound >= 1 / fps else {
            return "snowglobe: nothing recorded: the time shown did not move from \(ClipRecorder.seconds(start)) s "
                + "(play between the two presses of F9)"
        }
        return export(range, of: player, what: "recorded")
    }

    /// F10: writes the loop range (in mark or 0, to the out mark).
    func exportLoop(player: Player) -> String {
        let timeline = player.timeline
        guard let end = timeline.outPoint, end > (timeline.inPoint ?? 0) else {
            return "snowglobe: F10 writes the range between the in and out marks: set them first (Home, End)"
        }
        return export((timeline.inPoint ?? 0)...end, of: player, what: "exporting")
    }

    private func export(_ range: ClosedRange<Double>, of player: Player, what: String) -> String {
        guard let runner = player.runner else { return "snowglobe: nothing to record: the script is not running" }
        let chosen: RecordingFormat
        var note = ""
        if let format {
            chosen = format
        } else if (try? FFmpegProgram.locate()) != nil {
            chosen = .mp4
        } else {
            chosen = .gif
            note = " (as GIF: MP4 needs ffmpeg, which is not installed)"
        }
        let fileExtension = chosen.rawValue
        let path: String
        let output: RenderOutput
        do {
            path = try names.next(fileExtension)
            output = try RenderOutput(path: path)
        } catch {
            return "snowglobe: cannot record: \(error)"
        }
        let request = ClipExport.Request(recipe: runner.recipe, log: player.log, start: range.lowerBound,
                                         end: range.upperBound, fps: fps, output: output)
        exports.append((ClipExport(request), path))
        return "snowglobe: \(what) \(ClipRecorder.seconds(range.lowerBound))–\(ClipRecorder.seconds(range.upperBound)) s; writing \(path)\(note)"
    }

    /// A time for the terminal: two decimals.
    static func seconds(_ time: Double) -> String {
        String(format: "%.2f", time)
    }

    /// Lines for the exports that ended since the last call.
    func poll() -> [String] {
        var lines: [String] = []
        exports.removeAll { entry in
            switch entry.export.state {
            case .running: return false
            case .finished(let summary, let errors):
                var line = "snowglobe: \(summary.description)"
                if errors > 0 { line += " (the script had \(errors == 1 ? "an error" : "\(errors) errors") on the way)" }
                lines.append(line)
            case .failed(let reason):
                lines.append("snowglobe: recording \(entry.path) failed: \(reason)")
            }
            return true
        }
        return lines
    }

    /// What the badge in the window's corner says: the recording under way, the files being written.
    func badge(shownTime: Double) -> [String] {
        var lines: [String] = []
        if let start = recordingSince {
            lines.append("● REC " + String(format: "%.1f s", max(shownTime - start, 0)) + " · F9 stops")
        }
        for entry in exports {
            guard case .running(let done, let total) = entry.export.state else { continue }
            let name = (entry.path as NSString).lastPathComponent
            lines.append("writing \(name) \(total > 0 ? done * 100 / total : 0)%")
        }
        return lines
    }

    /// When the window closes: a recording under way is written, and every file finished.
    func finish(player: Player, log: (String) -> Void) {
        if recordingSince != nil { log(toggle(player: player)) }
        for entry in exports where !entry.export.isDone {
            log("snowglobe: finishing \(entry.path) …")
            entry.export.wait()
        }
        for line in poll() { log(line) }
    }
}

/// The formats `--record` chooses from.
public enum RecordingFormat: String, CaseIterable, Sendable {
    case mp4, webm, mov, apng, gif
}
