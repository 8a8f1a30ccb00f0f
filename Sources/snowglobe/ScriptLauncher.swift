import Foundation
import LayerKit
import LuaBridge
import LuaHost
import Viewer

/// Starts a script for a command: checks the file, makes the host with the command's options,
/// wires output, errors and images, and runs the top level.
enum ScriptLauncher {
    /// A started host, or an `ExitCode(1)` after printing why not.
    static func start(_ script: String, seed: UInt64, size: SceneSize, fps: Double, budget: LuaBudget) throws -> ScriptHost {
        try checkReadable(script)
        var options = ScriptOptions()
        options.seed = seed
        options.size = size.size
        options.framesPerSecond = fps
        options.budget = budget
        options.libraryPath = ScriptsFolder.locate()
        let host = ScriptHost(scriptPath: script, options: options)
        host.output = { line in print(line) }
        host.onError = { error in FileHandle.standardError.write(Data((error.description + "\n").utf8)) }
        host.images = RenderImages()
        do {
            try host.start()
        } catch {
            host.close()
            throw ExitCodeError.failure
        }
        return host
    }
}

extension ScriptLauncher {
    /// Returns when `script` can be read; else says so and throws `ExitCodeError.failure`.
    static func checkReadable(_ script: String) throws {
        guard FileManager.default.isReadableFile(atPath: script) else {
            FileHandle.standardError.write(Data("snowglobe: cannot open \(script)\n".utf8))
            throw ExitCodeError.failure
        }
    }
}

/// The command failed and has said why.
enum ExitCodeError: Error {
    case failure
}
