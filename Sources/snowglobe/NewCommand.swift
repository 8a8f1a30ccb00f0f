import ArgumentParser
import Foundation

/// `snowglobe new NAME [--template T]`: writes a new script from a template, and beside it a
/// `.luarc.json` that points LuaLS at the `ca` definitions and the Scripts library, and a
/// `.luacheckrc` that gives luacheck the `ca` globals. Never overwrites anything.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a new script from a template, with editor settings beside it.",
        discussion: """
            Writes NAME.lua (NAME may end in .lua and may be a path; missing folders are made) \
            from a template: a short commented scene that runs as it is. Beside it goes a \
            .luarc.json pointing LuaLS, the Lua language server most editors use, at ca.lua (the \
            definitions of the `ca` API) and the Scripts library, for completion and type checks, \
            and a .luacheckrc giving luacheck the sandbox's and `ca`'s globals. An existing script \
            is never overwritten, and an existing .luarc.json or .luacheckrc is left as it is.

            Templates:
            \(Template.listing)
            exercise: a folder NAME/ holding an exercise for `snowglobe learn` (goal.md, start.lua, \
            solution.lua, check.lua, hints.md; see docs/learn.md)
            """
    )

    @Argument(help: "The script to create: NAME or NAME.lua, in the current folder or at a path.")
    var name: String

    @Option(help: "The template to start from: \(Template.names.joined(separator: ", ")), or \(ExerciseTemplate.name) (a folder).")
    var template: String = Template.defaultName

    func validate() throws {
        guard Template.text(named: template) != nil || template == ExerciseTemplate.name else {
            throw ValidationError(Template.unknown(template))
        }
        guard !(name as NSString).lastPathComponent.isEmpty, !name.hasSuffix("/") else {
            throw ValidationError("NAME must name a file, got '\(name)'")
        }
    }

    func run() throws {
        if template == ExerciseTemplate.name { return try makeExercise() }
        let script = name.hasSuffix(".lua") ? name : name + ".lua"
        let folders = ResourceFolders.locate()
        do {
            try refuseToShadow(script, library: folders.scripts)
            try create(script, from: Template.text(named: template) ?? "")
        } catch {
            FileHandle.standardError.write(Data("snowglobe: \(error)\n".utf8))
            throw ExitCode(1)
        }
        print("created \(script) from the \(template) template")
        print(LuaLSSettings.write(beside: script, definitions: folders.definitions, library: folders.scripts))
        print(LuacheckSettings.write(beside: script, definitions: folders.definitions))
        print("open it with `snowglobe \(script)`: every save reloads it in the window")
    }

    /// Writes an exercise's folder, and says how to try it.
    private func makeExercise() throws {
        let folder = name.hasSuffix("/") ? String(name.dropLast()) : name
        do {
            try ExerciseTemplate.write(to: folder)
        } catch {
            FileHandle.standardError.write(Data("snowglobe: \(error)\n".utf8))
            throw ExitCode(1)
        }
        print("created the exercise \(folder)/ (goal.md, start.lua, solution.lua, check.lua, hints.md)")
        print("try it: `snowglobe learn check \(folder) \(folder)/start.lua` fails, `… \(folder)/solution.lua` passes")
    }

    /// Refuses a script named like a module of the library: its folder is searched first, so its
    /// own `require` of that module would find the script itself.
    private func refuseToShadow(_ script: String, library: String?) throws {
        let module = ((script as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let library, FileManager.default.fileExists(atPath: "\(library)/\(module).lua") else { return }
        throw NewCommandError("'\(module)' is the name of a module of the Scripts library (\(library)/\(module).lua): "
            + "a script of that name would be found by its own `require \"\(module)\"`; pick another name")
    }

    /// Writes `text` to `script`, making its folder; an existing file is an error.
    private func create(_ script: String, from text: String) throws {
        if FileManager.default.fileExists(atPath: script) {
            throw NewCommandError("\(script) already exists; `snowglobe new` never overwrites a file")
        }
        let folder = (script as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try Data(text.utf8).write(to: URL(fileURLWithPath: script), options: .withoutOverwriting)
        } catch {
            throw NewCommandError("cannot write \(script): \((error as NSError).localizedDescription)")
        }
    }
}

/// Why `snowglobe new` wrote nothing.
struct NewCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
