import Foundation
import Playback
import Spelling

/// The examples and lessons that come with Snowglobe, by name: each script in the examples
/// folder (`snowfall`, `gallery-snowfall` …) and in its lessons/ folder
/// (`lessons/04-keyframes`). Without the folder (a binary copied alone), only the example built
/// into the binary.
struct ExampleCatalog {
    /// An example: its name, where it is, and its first comment's first sentence.
    struct Entry {
        let name: String
        let source: ScriptSource
        let summary: String
    }

    /// The folder the examples were read from, if there was one.
    let folder: String?
    /// The examples, then the lessons, each by name.
    let entries: [Entry]

    init(folder: String?) {
        self.folder = folder
        guard let folder else {
            entries = [Entry(name: (DefaultExample.name as NSString).deletingPathExtension,
                             source: .builtIn(name: DefaultExample.name, source: DefaultExample.source),
                             summary: LuaFileSummary.of(DefaultExample.source) + " (built in)")]
            return
        }
        entries = ["", "lessons/"].flatMap { sub in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + sub)) ?? []
            let stems = names.filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
            return stems.map { stem in
                let path = folder + "/" + sub + stem + ".lua"
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                return Entry(name: sub + stem, source: .file(path), summary: LuaFileSummary.of(text))
            }
        }
    }

    /// The catalogue of the examples this binary comes with.
    static var installed: ExampleCatalog {
        ExampleCatalog(folder: ResourceFolders.locate().examples)
    }

    /// The example called `name`: as listed, with or without `.lua`; a lesson also without
    /// `lessons/` and without its number (`keyframes`). An unknown name throws a message with a
    /// suggestion and the list.
    func find(_ name: String) throws(ExampleCatalogError) -> Entry {
        let bare = name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
        let aliases = entries.flatMap { entry in Self.aliases(of: entry.name).map { (alias: $0, entry: entry) } }
        if let match = aliases.first(where: { $0.alias == bare }) { return match.entry }
        let closest = NameSuggestion.closest(to: bare, among: aliases.map(\.alias))
        throw ExampleCatalogError(name: name, suggestion: aliases.first { $0.alias == closest }?.entry.name,
                                  names: entries.map(\.name))
    }

    /// The names an example answers to: its own, and for a lesson (`lessons/04-keyframes`) its
    /// file's (`04-keyframes`) and that without the number (`keyframes`).
    static func aliases(of name: String) -> [String] {
        guard name.hasPrefix("lessons/") else { return [name] }
        let file = String(name.dropFirst("lessons/".count))
        let topic = file.drop { $0.isNumber }.drop { $0 == "-" }
        return [name, file] + (topic.isEmpty ? [] : [String(topic)])
    }

    /// The list `snowglobe examples` prints: a line per example, its name and summary, the
    /// lessons after a blank line.
    var listing: String {
        let width = (entries.map(\.name.count).max() ?? 0) + 2
        let firstLesson = entries.firstIndex { $0.name.hasPrefix("lessons/") }
        return entries.enumerated().map { index, entry in
            (index == firstLesson ? "\n" : "") + "  " + entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
                + entry.summary
        }.joined(separator: "\n")
    }
}

/// `--example NAME` named no example.
struct ExampleCatalogError: Error, CustomStringConvertible {
    let name: String
    let suggestion: String?
    let names: [String]

    var description: String {
        let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        return "no example named '\(name)'\(hint); the examples are: \(names.joined(separator: ", "))"
    }
}
