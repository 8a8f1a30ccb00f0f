import Foundation

/// The package's own folders, found from this file's place in Tests/TestSupport, for tests that
/// read the examples, the Scripts/ library or the checked-in docs.
public enum Project {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// Examples/: one script per seed, the lessons, the gallery's scripts.
    public static let examples = root + "/Examples"
    /// Every script in Examples/ (lessons included), as paths relative to Examples/, sorted.
    public static func allExamples() -> [String] {
        let files = FileManager.default.enumerator(atPath: examples)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".lua") }.sorted()
    }
    /// Scripts/: the modules on every script's require path.
    public static let scripts = root + "/Scripts"
    /// Templates/: the scripts `snowglobe new` starts from.
    public static let templates = root + "/Templates"
    /// The names of the templates: their files' names without `.lua`, sorted.
    public static var templateNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: templates)) ?? [])
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
    }
    /// docs/: the generated reference pages.
    public static let docs = root + "/docs"
}
