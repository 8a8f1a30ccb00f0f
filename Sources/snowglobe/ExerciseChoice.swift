import ArgumentParser
import Foundation
import Learn

/// Finds an exercise from what a user typed: a folder's path, a name from `learn list`
/// (`03-ease-out`), or its number (`03`, `3`).
enum ExerciseChoice {
    /// The folder the installed (or the package's) exercises are in.
    static var folder: String? {
        ResourceFolders.locate().exercises
    }

    /// The exercises' names, in order.
    static var names: [String] {
        folder.map(Exercise.names(in:)) ?? []
    }

    /// The exercise `text` names, or a `ValidationError` listing the names there are.
    static func exercise(_ text: String) throws -> Exercise {
        var isFolder: ObjCBool = false
        let folderPath: String
        if FileManager.default.fileExists(atPath: text, isDirectory: &isFolder), isFolder.boolValue,
           text.contains("/") || names.isEmpty || FileManager.default.fileExists(atPath: text + "/check.lua") {
            folderPath = text
        } else if let name = name(matching: text), let folder {
            folderPath = folder + "/" + name
        } else {
            let known = names
            let list = known.isEmpty ? "no exercises were found (looked for exercises/ beside the Scripts library)"
                : "the exercises are: \(known.joined(separator: ", "))"
            throw ValidationError("no exercise '\(text)': give a name from `snowglobe learn list` or an exercise's folder; \(list)")
        }
        do {
            return try Exercise(folder: folderPath)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The exercise name `text` is, or the one whose number it is (`3` or `03` for `03-…`).
    static func name(matching text: String) -> String? {
        let known = names
        if known.contains(text) { return text }
        if let number = Int(text) {
            return known.first { Int($0.prefix { $0.isNumber }) == number }
        }
        let started = known.filter { $0.hasPrefix(text) }
        return started.count == 1 ? started[0] : nil
    }
}
