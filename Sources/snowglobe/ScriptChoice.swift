import ArgumentParser
import Foundation
import Playback

/// The script a command runs: a file, or `--example NAME`, one of the examples that come with
/// Snowglobe (`snowglobe examples` lists them).
struct ScriptChoice: ParsableArguments {
    @Argument(help: "The Lua script to run.")
    var script: String?

    @Option(help: "Run an example that comes with Snowglobe, by name (`snowglobe examples` lists them).")
    var example: String?

    func validate() throws {
        if script != nil && example != nil { throw ValidationError("give a script or --example, not both") }
    }

    /// Refuses a command line that names neither (for the commands that have no default script).
    func requireOne() throws {
        if script == nil && example == nil { throw ValidationError("missing the script to run: give SCRIPT or --example NAME") }
    }

    /// Where the script is, or nil when neither was given. A file that cannot be read, or an
    /// unknown example, is said on standard error and throws `ExitCodeError.failure`.
    func source() throws -> ScriptSource? {
        if let script {
            try ScriptLauncher.checkReadable(script)
            return .file(script)
        }
        guard let example else { return nil }
        do {
            return try ExampleCatalog.installed.find(example).source
        } catch {
            FileHandle.standardError.write(Data("snowglobe: \(error)\n".utf8))
            throw ExitCodeError.failure
        }
    }

    /// The name messages and titles use: the file's name, or the example's.
    var displayName: String {
        script.map { ($0 as NSString).lastPathComponent } ?? example ?? "SCRIPT"
    }

    /// The choice as another command takes it: `SCRIPT` or `--example NAME`.
    var arguments: String {
        script ?? example.map { "--example \($0)" } ?? "SCRIPT"
    }
}
