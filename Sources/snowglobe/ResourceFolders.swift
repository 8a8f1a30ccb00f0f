import Foundation

/// Where the files that come with Snowglobe are: the Scripts/ library (which every script's
/// `require` searches after its own folder), the examples and lessons, and the LuaLS
/// definitions (ca.lua).
///
/// An installed binary finds them from its own place: `../share/snowglobe` beside its `bin/`
/// folder, where `make install` puts them. A binary in the package's build folder finds the
/// package's own (a folder above it, or above the current folder, with a Package.swift and
/// Scripts/). `$SNOWGLOBE_SCRIPTS` names the library wherever the binary is.
public struct ResourceFolders: Sendable, Equatable {
    /// The Scripts/ library, or nil when there is none.
    public var scripts: String?
    /// The examples, with their lessons/ folder, or nil.
    public var examples: String?
    /// The folder holding ca.lua, the LuaLS definitions of `ca`, or nil.
    public var definitions: String?
    /// The exercises of `snowglobe learn`, one folder each, or nil.
    public var exercises: String?
    /// Where the library was looked for, in order, for the message when none was found.
    public var searched: [String] = []

    /// The folders of an installation, as tools/install.sh lays them out: `share/snowglobe`
    /// beside the binary's folder, and what is in it.
    enum Installed {
        static let share = "../share/snowglobe"
        static let scripts = "Scripts"
        static let examples = "Examples"
        static let definitions = "definitions"
        static let exercises = "exercises"
    }

    /// The folders this process uses.
    public static func locate() -> ResourceFolders {
        locate(executable: executablePath, currentFolder: FileManager.default.currentDirectoryPath,
               environment: ProcessInfo.processInfo.environment)
    }

    /// The folders for a binary at `executable` (a resolved path) run in `currentFolder`.
    static func locate(executable: String, currentFolder: String, environment: [String: String]) -> ResourceFolders {
        var found = ResourceFolders()
        let binFolder = URL(fileURLWithPath: executable).deletingLastPathComponent().standardizedFileURL
        let share = binFolder.appendingPathComponent(Installed.share).standardizedFileURL.path
        if isFolder(share + "/" + Installed.scripts) {
            found.scripts = share + "/" + Installed.scripts
            found.examples = existingFolder(share + "/" + Installed.examples)
            found.definitions = existingFolder(share + "/" + Installed.definitions)
            found.exercises = existingFolder(share + "/" + Installed.exercises)
        } else {
            found.searched.append(share + "/" + Installed.scripts)
            for start in [binFolder.path, currentFolder] {
                if let package = packageFolder(above: start) {
                    found.scripts = package + "/Scripts"
                    found.examples = existingFolder(package + "/Examples")
                    found.definitions = existingFolder(package + "/docs")
                    found.exercises = existingFolder(package + "/exercises")
                    break
                }
                found.searched.append("Scripts/ beside a Package.swift above \(start)")
            }
        }
        if let named = environment["SNOWGLOBE_SCRIPTS"], !named.isEmpty {
            if isFolder(named) {
                found.scripts = named
            } else {
                found.searched.insert("SNOWGLOBE_SCRIPTS=\(named) (not a folder)", at: 0)
            }
        }
        if found.scripts != nil { found.searched = [] }
        return found
    }

    /// What to add to a `require` that found no module when there is no library: where it was
    /// looked for and how to name one. Nil when there is a library.
    public var missingLibraryHint: String? {
        guard scripts == nil else { return nil }
        return "no Scripts library found (looked for \(searched.joined(separator: "; "))): "
            + "set SNOWGLOBE_SCRIPTS=/path/to/Scripts to use one"
    }

    /// The running binary, its links followed: `/proc/self/exe`, or else the command's first
    /// argument (which is only a name when the binary was found on PATH).
    static var executablePath: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().path
    }

    /// The nearest folder at or above `start` holding a Package.swift and a Scripts/ folder.
    private static func packageFolder(above start: String) -> String? {
        var folder = URL(fileURLWithPath: start).standardizedFileURL
        for _ in 0..<8 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               isFolder(folder.appendingPathComponent("Scripts").path) {
                return folder.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }

    private static func existingFolder(_ path: String) -> String? {
        isFolder(path) ? path : nil
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
