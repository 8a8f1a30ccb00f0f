import Foundation

/// Finds the project's `Scripts/` library, which every script's `require` searches after its
/// own folder: `$SNOWGLOBE_SCRIPTS`, else a `Scripts` folder beside a `Package.swift` above the
/// executable or the current folder.
public enum ScriptsFolder {
    /// The library folder, or nil when there is none.
    public static func locate() -> String? {
        if let fromEnvironment = ProcessInfo.processInfo.environment["SNOWGLOBE_SCRIPTS"], isFolder(fromEnvironment) {
            return fromEnvironment
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        for start in [executable.deletingLastPathComponent(), URL(fileURLWithPath: FileManager.default.currentDirectoryPath)] {
            var folder = start.standardizedFileURL
            for _ in 0..<8 {
                let candidate = folder.appendingPathComponent("Scripts").path
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path), isFolder(candidate) {
                    return candidate
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return nil
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
