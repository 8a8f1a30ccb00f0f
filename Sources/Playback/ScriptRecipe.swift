import Foundation
import LayerKit
import LuaHost

/// Everything a run of a script starts from: where the script is, its options (size, seed,
/// budgets, library folder, `ca.persist` and `ca.isReload`) and what makes its images. Two runs
/// of one recipe given the same input are the same run, tick for tick.
public struct ScriptRecipe {
    public var source: ScriptSource
    public var options: ScriptOptions
    public var images: ImageProvider?
    /// Said after a `require` that found no module, when the run has no library folder: where
    /// the library was looked for and how to name one.
    public var missingModuleHint: String?

    public init(source: ScriptSource, options: ScriptOptions, images: ImageProvider? = nil) {
        self.source = source
        self.options = options
        self.images = images
        self.options.framesPerSecond = Double(Tick.rate)
    }

    /// Makes a host and runs the script's top level. What it prints goes to `output`, each error
    /// to `errors` and each warning to `warnings` as it happens; a run that fails to load or
    /// errors in its top level throws.
    /// `replaysTopLevel` marks a rebuild whose top-level output was already shown. `read` is
    /// told the files the attempt read, whether or not it worked.
    public func start(replaysTopLevel: Bool = false, output: @escaping (String, SceneRunner?) -> Void,
                      errors: @escaping (ScriptError, SceneRunner?) -> Void,
                      warnings: ((String) -> Void)? = nil,
                      read: ([String]) -> Void = { _ in }) throws(ScriptError) -> SceneRunner {
        var options = self.options
        options.framesPerSecond = Double(Tick.rate)
        let host = ScriptHost(scriptPath: source.path, options: options)
        host.images = images
        let runner = SceneRunner(host: host, recipe: self, replaysTopLevel: replaysTopLevel)
        host.output = { [weak runner] line in output(line, runner) }
        let hint = missingModuleHint
        host.onError = { [weak runner] error in errors(error.addingMissingModuleHint(hint), runner) }
        host.onWarning = warnings
        do throws(ScriptError) {
            switch source {
            case .file(let path):
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw ScriptError(kind: .file, message: "cannot open \(path) (it was moved or deleted?)", file: path)
                }
                try host.start()
            case .builtIn(_, let text):
                try host.start(source: text)
            }
        } catch {
            read(host.dependencies)
            host.close()
            throw error.addingMissingModuleHint(hint)
        }
        read(host.dependencies)
        return runner
    }
}
