import Foundation

/// A learner's progress, kept in `$XDG_STATE_HOME/snowglobe/learn.json`: the exercises passed,
/// and how many hints of each were shown.
public struct LearnProgress: Codable, Equatable, Sendable {
    public var passed: [String] = []
    public var hintsShown: [String: Int] = [:]

    public init() {}

    /// The file progress is kept in, from the environment: `$XDG_STATE_HOME/snowglobe/learn.json`,
    /// `~/.local/state` when that is not set.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGFolder.state.path(environment: environment) + "/snowglobe/learn.json"
    }

    /// The progress saved at `path` (none yet when there is no file or it cannot be read).
    public static func load(path: String) -> LearnProgress {
        guard let data = FileManager.default.contents(atPath: path),
              let progress = try? JSONDecoder().decode(LearnProgress.self, from: data) else { return LearnProgress() }
        return progress
    }

    /// Writes the progress to `path` (a new file renamed over the old one).
    public func save(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    public func hasPassed(_ name: String) -> Bool {
        passed.contains(name)
    }

    public mutating func markPassed(_ name: String) {
        if !passed.contains(name) { passed.append(name) }
    }

    /// Forgets one exercise's pass and hints.
    public mutating func reset(_ name: String) {
        passed.removeAll { $0 == name }
        hintsShown[name] = nil
    }
}

/// The XDG base folders learn keeps files in.
public enum XDGFolder {
    /// Where the learner's copies of the exercises go.
    case data
    /// Where progress is kept.
    case state

    /// The folder: the variable's value when it is an absolute path, else its default under
    /// the home folder.
    public func path(environment: [String: String]) -> String {
        let (variable, fallback) = self == .data ? ("XDG_DATA_HOME", ".local/share") : ("XDG_STATE_HOME", ".local/state")
        if let value = environment[variable], value.hasPrefix("/") { return value }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/" + fallback
    }
}
