import Foundation
import LayerKit
import LuaBridge
import LuaHost

/// The script the viewer shows, kept alive across saves: it owns the running script host (the
/// last good scene) and builds a fresh VM and scene for each reload. A reload that fails — the
/// file cannot be read, has a syntax error, or errors on its first run — leaves the last good
/// scene running and keeps the error for the overlay; the next good reload clears it.
///
/// `ca.persist` is carried from the running scene into the new one, and `ca.isReload` is set.
/// Each scene has its own media time, starting at 0 when it is loaded.
public final class LiveScript {
    /// What is being run.
    public let source: ScriptSource
    /// The options each new run starts from (size, seed, budgets, library folder).
    public var options: ScriptOptions
    /// The running host: the last script run that loaded and started without an error.
    public private(set) var host: ScriptHost?
    /// The error to show: the last failed load, or a runtime error of the running scene since it
    /// was loaded. Nil when all is well.
    public private(set) var error: ScriptError?
    /// Receives what scripts print and every error, as text lines for the terminal.
    public var log: (String) -> Void = { print($0) }
    /// Makes the images scripts ask for.
    public var images: ImageProvider?
    /// How many times a scene was loaded (the first run included).
    public private(set) var loadCount = 0
    /// Files the last attempt read, whether or not it worked (so that fixing a broken module
    /// that was never loaded successfully is seen too).
    private var attemptedDependencies: [String] = []

    /// A live script for `source`; nothing runs until `load`.
    public init(source: ScriptSource, options: ScriptOptions) {
        self.source = source
        self.options = options
    }

    deinit {
        host?.close()
    }

    /// What a load did.
    public enum Outcome: Equatable {
        /// The new scene runs now.
        case loaded
        /// It failed; the previous scene (if any) still runs, and `error` says why.
        case failed
    }

    /// Loads the script into a new VM and scene. `reload` carries `ca.persist` over from the
    /// running scene and sets `ca.isReload`; otherwise (the first run, or a restart) the script
    /// starts afresh. On success the previous host is closed.
    @discardableResult
    public func load(reload: Bool) -> Outcome {
        var runOptions = options
        runOptions.isReload = reload && host != nil
        runOptions.persisted = reload ? host?.persistedData() : nil
        let next = ScriptHost(scriptPath: source.path, options: runOptions)
        next.images = images
        next.output = { [weak self] line in self?.log(line) }
        var failure: ScriptError?
        next.onError = { [weak self, weak next] error in
            guard let self else { return }
            self.log(error.description)
            // Errors of the running scene go to the overlay; those of a failed load are kept below.
            if let next, next === self.host { self.error = error } else { failure = failure ?? error }
        }
        do throws(ScriptError) {
            switch source {
            case .file(let path):
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw ScriptError(kind: .file, message: "cannot open \(path) (it was moved or deleted?)", file: path)
                }
                try next.start()
            case .builtIn(_, let text):
                try next.start(source: text)
            }
        } catch {
            attemptedDependencies = next.dependencies
            next.close()
            if failure == nil { log(error.description) }
            self.error = failure ?? error
            return .failed
        }
        attemptedDependencies = next.dependencies
        host?.close()
        host = next
        loadCount += 1
        error = nil
        return .loaded
    }

    /// Every file a reload should follow: the script, its modules and images, from the running
    /// scene and from the last attempt.
    public var dependencies: [String] {
        var files: [String] = []
        if case .file(let path) = source { files.append(path) }
        for file in (host?.dependencies ?? []) + attemptedDependencies where !files.contains(file) {
            files.append(file)
        }
        return files
    }

    /// Forgets the error shown (the overlay was dismissed).
    public func clearError() {
        error = nil
    }
}
