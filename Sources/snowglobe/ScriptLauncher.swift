import Foundation
import LayerKit
import LuaBridge
import LuaHost
import Playback
import Viewer

/// Starts a script for a command: checks the file, makes a run with the command's options,
/// wires output, errors and images, and runs the top level.
enum ScriptLauncher {
    /// A started run on the tick clock of the script `choice` names, or an `ExitCodeError`
    /// after printing why not.
    static func start(_ choice: ScriptChoice, seed: UInt64, size: SceneSize, budget: LuaBudget) throws -> SceneRunner {
        guard let source = try choice.source() else { throw ExitCodeError.failure }
        var options = ScriptOptions()
        options.seed = seed
        options.size = size.size
        options.budget = budget
        let folders = ResourceFolders.locate()
        options.libraryPath = folders.scripts
        var recipe = ScriptRecipe(source: source, options: options, images: RenderImages())
        recipe.missingModuleHint = folders.missingLibraryHint
        do {
            return try recipe.start(output: { line, _ in print(line) },
                                    errors: { error, _ in FileHandle.standardError.write(Data((error.description + "\n").utf8)) })
        } catch {
            throw ExitCodeError.failure
        }
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
