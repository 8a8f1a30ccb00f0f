import Foundation
import LayerKit
import LuaBridge
import LuaHost
import Playback
import Render

/// Starts a script for a command: checks the file, makes a run with the command's options,
/// wires output, errors and images, and runs the top level. Errors go to standard error, each
/// the first time it happens; how many times each came again is told when the run closes.
enum ScriptLauncher {
    /// A started run on the tick clock of the script `choice` names, or an `ExitCodeError`
    /// after printing why not; `warnsOfGlobals` tells of assignments to undeclared globals too.
    /// What the script prints goes to `output` (standard output unless given). What it prints and
    /// its errors are told unless the run is replaying ticks an earlier part of a render made
    /// (`SceneRunner.replayedThrough`); `errorTold` is called for each error told.
    /// `recordsCreationSites` makes layers and animations remember the line that made them.
    static func start(_ choice: ScriptChoice, seed: UInt64, size: SceneSize, budget: LuaBudget,
                      uiScale: Double = 1, warnsOfGlobals: Bool = false, recordsCreationSites: Bool = false,
                      output: @escaping (String) -> Void = { print($0) },
                      errorTold: @escaping () -> Void = {}) throws -> SceneRunner {
        guard let source = try choice.source() else { throw ExitCodeError.failure }
        var options = ScriptOptions()
        options.seed = seed
        options.size = size.size
        options.budget = budget
        options.uiScale = uiScale
        options.warnsOfGlobals = warnsOfGlobals
        options.recordsCreationSites = recordsCreationSites
        let folders = ResourceFolders.locate()
        options.libraryPath = folders.scripts
        var recipe = ScriptRecipe(source: source, options: options, images: RenderImages())
        recipe.missingModuleHint = folders.missingLibraryHint
        let told = ToldErrors()
        do {
            let runner = try recipe.start(output: { line, runner in if runner?.isReplaying != true { output(line) } },
                                          errors: { error, runner in
                                              guard runner?.isReplaying != true else { return }
                                              errorTold()
                                              if told.repeats.note(error) { standardError(error.description) }
                                          },
                                          warnings: { standardError($0) })
            runner.onClose = { for line in told.repeats.summary() { standardError(line) } }
            return runner
        } catch {
            throw ExitCodeError.failure
        }
    }
}

extension ScriptLauncher {
    /// Returns when `script` can be read; else says so and throws `ExitCodeError.failure`.
    static func checkReadable(_ script: String) throws {
        if let problem = FileAccess.problem(reading: script) {
            standardError("snowglobe: cannot open \(script) (\(problem))")
            throw ExitCodeError.failure
        }
    }
}

/// The errors a command's run has told, shared by the closures that tell them.
private final class ToldErrors {
    var repeats = RepeatedErrors()
}

/// Writes `line` to standard error, after what the script printed so far.
func standardError(_ line: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The command failed and has said why.
enum ExitCodeError: Error {
    case failure
}
