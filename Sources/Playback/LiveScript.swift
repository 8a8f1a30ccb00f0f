import Foundation
import LayerKit
import LuaBridge
import LuaHost

/// The script a viewer shows, kept alive across saves: it owns the running run (the last good
/// scene) and starts fresh runs of the script — for a reload, a restart, or a rebuild when time
/// goes back. A load that fails — the file cannot be read, has a syntax error, or errors on its
/// first run — leaves the last good scene running and keeps the error for the overlay; the next
/// good load clears it.
///
/// A reload carries `ca.persist` over from the running scene and sets `ca.isReload`. What a run
/// prints while it replays time an earlier run showed is dropped, and an error it meets there
/// is told again only if it was not told before. An error told before is counted instead of
/// told again, and the counts are told by ``tellRepeats()``. A warning is told once, whichever
/// run meets it.
public final class LiveScript {
    /// What is being run.
    public let source: ScriptSource
    /// The options each new run starts from (size, seed, budgets, library folder).
    public var options: ScriptOptions
    /// The running run: the last one that loaded and started without an error.
    public private(set) var runner: SceneRunner?
    /// The running host.
    public var host: ScriptHost? { runner?.host }
    /// The error to show: the last failed load, or a runtime error of the running scene since it
    /// was loaded. Nil when all is well.
    public private(set) var error: ScriptError? {
        didSet { errorIsFromLoad = false }
    }
    /// Whether `error` is a load's, which left the last good scene running (else it is the
    /// running scene's, which goes on).
    public private(set) var errorIsFromLoad = false
    /// Receives what scripts print and every error, as text lines for the terminal.
    public var log: (String) -> Void = { print($0) }
    /// Makes the images scripts ask for.
    public var images: ImageProvider?
    /// Said after a `require` that found no module (see `ScriptRecipe.missingModuleHint`).
    public var missingModuleHint: String?
    /// How many times a scene was loaded (the first run included; rebuilds for seeking not).
    public private(set) var loadCount = 0
    /// Files the last attempt read, whether or not it worked (so that fixing a broken module
    /// that was never loaded successfully is seen too).
    private var attemptedDependencies: [String] = []
    /// Errors already told, so that replaying time or a failing handler does not tell them again.
    private var told = RepeatedErrors()
    /// The failure of the load in progress.
    private var failure: ScriptError?
    /// Warnings already told: each run (a reload, a rebuild for seeking) meets them again.
    private var toldWarnings: Set<String> = []
    /// The errors whose panel was dismissed (by their full text): the same error coming again
    /// (a handler failing at every frame) does not bring the panel back; a new load does.
    private var dismissed: Set<String> = []

    /// A live script for `source`; nothing runs until `load`.
    public init(source: ScriptSource, options: ScriptOptions) {
        self.source = source
        self.options = options
    }

    deinit {
        runner?.close()
    }

    /// What a load did.
    public enum Outcome: Equatable {
        /// The new scene runs now.
        case loaded
        /// It failed; the previous scene (if any) still runs, and `error` says why.
        case failed
    }

    /// Loads the script into a new VM and scene and makes it the running one. `reload` carries
    /// `ca.persist` over from the running scene and sets `ca.isReload`; otherwise (the first run,
    /// or a restart) the script starts afresh. On success the previous run is closed.
    @discardableResult
    public func load(reload: Bool) -> Outcome {
        guard let next = start(reload: reload) else { return .failed }
        install(next)
        return .loaded
    }

    /// Starts a new run without making it the running one (nil when it fails: `error` says
    /// why). `size` is the root layer's size at the start (default: the options').
    public func start(reload: Bool, size: Size? = nil) -> SceneRunner? {
        var runOptions = options
        runOptions.isReload = reload && runner != nil
        runOptions.persisted = reload ? host?.persistedData() : nil
        if let size { runOptions.size = size }
        var recipe = ScriptRecipe(source: source, options: runOptions, images: images)
        recipe.missingModuleHint = missingModuleHint
        return start(recipe, replaysTopLevel: false)
    }

    /// Starts `recipe` again from the beginning, for going back in time: the same run, to be
    /// replayed. Nil when it fails (it worked before, but the files may have changed since).
    public func rebuild(_ recipe: SceneRunner) -> SceneRunner? {
        var recipe = recipe.recipe
        recipe.images = images
        return start(recipe, replaysTopLevel: true)
    }

    private func start(_ recipe: ScriptRecipe, replaysTopLevel: Bool) -> SceneRunner? {
        failure = nil
        if !replaysTopLevel { dismissed.removeAll() }
        do throws(ScriptError) {
            return try recipe.start(replaysTopLevel: replaysTopLevel,
                                    output: { [weak self] line, runner in
                                        if runner?.isReplaying != true && runner?.isSilent != true { self?.log(line) }
                                    },
                                    errors: { [weak self] error, runner in self?.noteError(error, of: runner) },
                                    warnings: { [weak self] warning in
                                        if self?.toldWarnings.insert(warning).inserted == true { self?.log(warning) }
                                    },
                                    read: { attemptedDependencies = $0 })
        } catch {
            // A failed load is told each time: the file was just saved.
            if failure == nil { tell(error, always: true) }
            self.error = failure ?? error
            errorIsFromLoad = true
            return nil
        }
    }

    /// Makes `next` the running run, closing the one before.
    public func install(_ next: SceneRunner) {
        if next !== runner {
            runner?.close()
            runner = next
            loadCount += next.replaysTopLevel ? 0 : 1
        }
        error = shown(next.lastError)
    }

    /// Makes `next` (a run of the same line: a seek's) the running run and hands back the one
    /// before, still open, for the caller to keep or close.
    public func swap(_ next: SceneRunner) -> SceneRunner? {
        guard next !== runner else { return nil }
        let previous = runner
        runner = next
        error = shown(next.lastError)
        return previous
    }

    /// Drops a run that was started but will not be used.
    public func discard(_ candidate: SceneRunner) {
        if candidate !== runner { candidate.close() }
    }

    private func noteError(_ error: ScriptError, of source: SceneRunner?) {
        if source?.isSilent == true {
            source?.lastError = error
            return
        }
        if source?.isReplaying == true && told.hasSeen(error) {
            // Told already, when this time was first played.
        } else {
            tell(error)
        }
        source?.lastError = error
        // Errors of the running scene go to the overlay; those of a load in progress are kept
        // apart (a run being replayed shows its last one once it runs).
        if let source, source === runner {
            if let shown = shown(error) { self.error = shown }
        } else if (source?.tick ?? -1) < 0 {
            failure = failure ?? error
        }
    }

    private func tell(_ error: ScriptError, always: Bool = false) {
        if told.note(error) || always { log(error.description) }
    }

    /// Tells how many times each error told before came again since the last time this was
    /// called ("… (and 29 more times)"): when the viewer reloads and when it closes.
    public func tellRepeats() {
        for line in told.summary() { log(line) }
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

    /// Forgets the error shown (the overlay was dismissed); the same error coming again from
    /// the running scene is not shown again until the next load.
    public func clearError() {
        if let error { dismissed.insert(error.description) }
        error = nil
    }

    /// `error`, unless its panel was dismissed.
    private func shown(_ error: ScriptError?) -> ScriptError? {
        error.flatMap { dismissed.contains($0.description) ? nil : $0 }
    }
}
