import Foundation
import Playback

/// Remembers each script's timeline — playhead, in and out marks, loop, speed — between runs of
/// the viewer, so that reopening a script opens where it was left. Kept in one JSON file in the
/// user's state folder (`$XDG_STATE_HOME/snowglobe/timelines.json`, else
/// `~/.local/state/snowglobe/timelines.json`), keyed by the script's absolute path.
struct TimelineMemory {
    /// The file, or nil when there is no home to keep it in.
    let file: String?
    /// The most scripts remembered; the least recently saved are forgotten first.
    static let capacity = 200

    private struct Entry: Codable {
        var timeline: Timeline
        var savedAt: Double
    }

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        file = TimelineMemory.folder(environment).map { ($0 as NSString).appendingPathComponent("timelines.json") }
    }

    static func folder(_ environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return (state as NSString).appendingPathComponent("snowglobe")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home as NSString).appendingPathComponent(".local/state/snowglobe")
    }

    /// The timeline saved for `script` (a path), if any.
    func timeline(for script: String) -> Timeline? {
        entries()[TimelineMemory.key(script)]?.timeline
    }

    /// Saves `timeline` for `script`. Failing to write is not worth stopping for: it is told
    /// through the returned message.
    func save(_ timeline: Timeline, for script: String) -> String? {
        guard let file else { return nil }
        var all = entries()
        all[TimelineMemory.key(script)] = Entry(timeline: timeline, savedAt: Date().timeIntervalSince1970)
        if all.count > TimelineMemory.capacity {
            for (key, _) in all.sorted(by: { $0.value.savedAt < $1.value.savedAt }).prefix(all.count - TimelineMemory.capacity) {
                all[key] = nil
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(all)
            let temporary = file + ".tmp"
            try data.write(to: URL(fileURLWithPath: temporary))
            _ = rename(temporary, file)
            return nil
        } catch {
            return "snowglobe: could not remember the timeline in \(file): \(error.localizedDescription)"
        }
    }

    private func entries() -> [String: Entry] {
        guard let file, let data = FileManager.default.contents(atPath: file) else { return [:] }
        return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    static func key(_ script: String) -> String {
        URL(fileURLWithPath: script).standardizedFileURL.path
    }
}
