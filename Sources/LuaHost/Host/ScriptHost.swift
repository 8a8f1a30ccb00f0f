import Foundation
import LayerKit
import LuaBridge

/// Runs one script: owns its Lua VM and the scene it builds, installs the sandbox and the `ca`
/// API, and reports every error at the script's file:line without letting it stop the host.
///
/// A host is used from one thread. Make frames with `scene.step(to:)` (or `beginFrame`/`endFrame`
/// around drawing); timers, display links, completions and tasks call back into Lua from there.
public final class ScriptHost {
    /// The world the script builds.
    public let scene: Scene
    /// The script's path, as given.
    public let scriptPath: String
    /// The folder the script is in (its `require`, `loadfile` and image paths start there).
    public let scriptFolder: String
    public let options: ScriptOptions
    /// Receives what the script prints, one line per call.
    public var output: (String) -> Void = { print($0) }
    /// Receives every error, as it happens.
    public var onError: ((ScriptError) -> Void)?
    /// Receives every warning ("main.lua:3: warning: …"), as it happens.
    public var onWarning: ((String) -> Void)?
    /// The warnings so far, oldest first.
    public private(set) var warnings: [String] = []
    /// The globals already warned about.
    var warnedGlobals: Set<String> = []
    /// The keyTimes warnings already given (each is given once).
    var warnedKeyTimes: Set<String> = []
    /// The statements assigning to a field of a copied property, not yet warned about.
    var copyFieldSites = CopyFieldSites()
    /// The errors so far, oldest first: the last ``maxKeptErrors`` at least (a script failing in
    /// every frame must not fill the memory of a viewer left running).
    public private(set) var errors: [ScriptError] = []
    /// How many of the latest errors `errors` keeps at least.
    public static let maxKeptErrors = 1_000
    /// Makes images for `ca.Image` (files, circles, snowflakes), and measures text for the scene;
    /// without one those calls fail.
    public var images: ImageProvider? {
        didSet { scene.textMeasurer = images?.textMeasurer }
    }
    /// Files the script read (itself, modules, images), for a viewer to watch.
    public private(set) var dependencies: [String] = []

    let vm: LuaVM
    var lua: LuaState { vm.lua }
    var eventHandlers: [String: [LuaCallback]] = [:]
    var tasks: [OpaquePointer: TaskRecord] = [:]
    private var keyPathKinds: [String: ValueKind?] = [:]
    private var closed = false

    /// Creates the scene and the VM, and installs the sandbox and `ca`; nothing of the script runs yet.
    public init(scriptPath: String, options: ScriptOptions = ScriptOptions()) {
        self.scriptPath = scriptPath
        self.scriptFolder = ScriptHost.folder(of: scriptPath)
        self.options = options
        scene = Scene(size: options.size, time: options.startTime)
        scene.frameDuration = options.framesPerSecond > 0 && options.framesPerSecond.isFinite ? 1 / options.framesPerSecond : 1.0 / 60
        vm = LuaVM(budget: options.budget)
        scene.layerObserver = self
        lua.hostContext = Unmanaged.passUnretained(self).toOpaque()
        installSandbox()
        installAPI()
        if options.warnsOfGlobals { installGlobalWarnings() }
        scene.prepareAction = { [weak self] animation in
            guard let self, !self.closed else { return animation }
            return LayerActions.prepare(self.lua, animation, host: self)
        }
    }

    deinit {
        close()
    }

    /// The folder `path` is in: what comes before its last "/" ("/" at the root, "." for a bare
    /// name). Not NSString's deletingLastPathComponent, which traps on Linux for ".", "./", a
    /// one-letter name or "a/".
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Loads and runs the script's top level inside a transaction (its text from
    /// `options.sources` when it is there). A syntax error, or an error while it runs, is
    /// thrown (and reported).
    public func start() throws(ScriptError) {
        if let text = options.sources[scriptPath] {
            dependencies.append(scriptPath)
            return try start(source: text)
        }
        dependencies.append(scriptPath)
        if let data = FileManager.default.contents(atPath: scriptPath) {
            watchCopies(in: String(decoding: data, as: UTF8.self), chunk: "@" + scriptPath)
        }
        do throws(LuaError) {
            try lua.load(file: scriptPath)
        } catch {
            var failure = ScriptError(error, context: nil)
            // Lua names no file when it refuses a whole file (a binary chunk): say which.
            if !failure.message.contains(scriptPath) {
                failure.message = "\(scriptPath): \(failure.message)"
                failure.file = failure.file ?? scriptPath
            }
            throw report(failure)
        }
        try runTopLevel()
    }

    /// Runs `source` as the script's top level, inside a transaction, named `scriptPath` in
    /// messages (a script that is not a file: the viewer's built-in example). Nothing is added
    /// to `dependencies` for it.
    public func start(source: String) throws(ScriptError) {
        watchCopies(in: source, chunk: "@" + scriptPath)
        do throws(LuaError) {
            try lua.load(source, chunkName: "@" + scriptPath)
        } catch {
            throw report(ScriptError(error, context: nil))
        }
        try runTopLevel()
    }

    private func runTopLevel() throws(ScriptError) {
        var failure: ScriptError?
        let unbalanced = scene.perform {
            do throws(LuaError) {
                try lua.pcall()
            } catch {
                failure = report(ScriptError(error, context: nil))
            }
        }
        if let failure { throw failure }
        if unbalanced > 0 { reportUnbalanced(unbalanced, in: "the script's top level") }
    }

    /// Closes the VM (releasing every object the script held). The scene stays as it was.
    public func close() {
        guard !closed else { return }
        closed = true
        eventHandlers.removeAll()
        tasks.removeAll()
        scene.layerObserver = nil
        vm.close()
    }

    /// The table of `ca.persist` as plain data, to hand to the next run after a reload.
    public func persistedData() -> PersistedValue? {
        guard !closed else { return nil }
        guard lua.getGlobal("ca") == .table else { lua.pop(); return nil }
        _ = lua.rawGet(-1, field: "persist")
        var remaining = ScriptHost.maxPersistedValues
        let value = readPersisted(at: lua.absIndex(-1), depth: 0, remaining: &remaining)
        lua.pop(2)
        if remaining < 0 {
            report(ScriptError(kind: .runtime,
                               message: "ca.persist holds more than \(ScriptHost.maxPersistedValues) values; only the first \(ScriptHost.maxPersistedValues) are kept across the reload",
                               context: "ca.persist"))
        }
        return value
    }

    /// The most values (table entries, nested ones included) `ca.persist` keeps across a reload:
    /// a table that shares its subtables (`t = {t, t}` forty times) would otherwise be read as
    /// billions of values.
    public static let maxPersistedValues = 100_000

    // MARK: Calling Lua

    /// Calls the function held by `ref` with the values `arguments` pushes, inside a transaction;
    /// an error is reported under `context` and the host carries on. A `repeating` callback
    /// runs under the frame time limit, and its error says it was stopped (the caller stops
    /// it). Returns whether the call succeeded.
    @discardableResult
    func call(_ ref: LuaRef, context: String, repeating: Bool = false,
              _ arguments: (LuaState) -> Int32 = { _ in 0 }) -> Bool {
        guard !closed else { return false }
        var succeeded = true
        let unbalanced = scene.perform {
            lua.push(ref)
            let count = arguments(lua)
            do throws(LuaError) {
                if repeating {
                    try lua.pcall(arguments: count, timeLimit: options.frameTimeLimit)
                } else {
                    try lua.pcall(arguments: count)
                }
            } catch {
                succeeded = false
                report(ScriptError(error, context: repeating ? context + ", now stopped" : context))
            }
        }
        if unbalanced > 0 { reportUnbalanced(unbalanced, in: context) }
        return succeeded
    }

    /// Records and announces an error (with the paths of the script's files in full); returns it.
    @discardableResult
    func report(_ error: ScriptError) -> ScriptError {
        var error = error.restoringCutPaths(dependencies)
        // Lua gives a memory error no position; when the budget's hook saw none either (one
        // huge allocation), name at least the script.
        if error.kind == .memory, error.file == nil {
            error.message = "\(scriptPath): \(error.message)"
            error.file = scriptPath
        }
        errors.append(error)
        if errors.count >= 2 * ScriptHost.maxKeptErrors { errors.removeFirst(errors.count - ScriptHost.maxKeptErrors) }
        onError?(error)
        return error
    }

    /// Records and announces a warning.
    func warn(_ message: String) {
        if warnings.count < ScriptHost.maxKeptErrors { warnings.append(message) }
        onWarning?(message)
    }

    private func reportUnbalanced(_ count: Int, in context: String) {
        let noun = count == 1 ? "transaction was" : "transactions were"
        report(ScriptError(kind: .runtime,
                           message: "\(count) ca.Transaction.begin() \(noun) never committed; committed at the end of \(context)",
                           context: context))
    }

    func release(_ ref: LuaRef) {
        guard !closed else { return }
        lua.release(ref)
    }

    /// The kind of value `keyPath` takes, remembered per key path: scripts make many animations
    /// on the same few key paths, and resolving one is string work.
    func valueKind(of keyPath: String) -> ValueKind? {
        if let known = keyPathKinds[keyPath] { return known }
        let kind = KeyPathResolver.valueKind(of: keyPath)
        if keyPathKinds.count < 4_096 { keyPathKinds[keyPath] = kind }
        return kind
    }

    /// Where the script made what is being made now: the nearest caller in the script's own
    /// files, past helpers of the shared library (`lesson.box{…}` names the lesson's line).
    func creationSite(_ lua: LuaState) -> SourceSite? {
        var first: SourceSite?
        for level: Int32 in 1...12 {
            guard let position = lua.position(level: level) else {
                if first == nil { continue } else { break }
            }
            let site = SourceSite(file: position.file, line: position.line)
            if let library = options.libraryPath, position.file.hasPrefix(library + "/") {
                first = first ?? site
                continue
            }
            return site
        }
        return first
    }

    func noteDependency(_ path: String) {
        if !dependencies.contains(path) { dependencies.append(path) }
    }

    // MARK: Finding the host from Lua

    /// The host of the VM `lua` belongs to.
    static func current(_ lua: LuaState) -> ScriptHost? {
        guard let pointer = lua.hostContext else { return nil }
        return Unmanaged<ScriptHost>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The host, or a Lua error when the VM has none (never, in practice).
    static func require(_ lua: LuaState) throws(LuaRaise) -> ScriptHost {
        guard let host = current(lua) else { throw lua.error("snowglobe: no script host for this Lua state") }
        return host
    }

    /// The value at `index` as plain data, counting table entries down from `remaining` (which
    /// goes below 0 when some were dropped).
    private func readPersisted(at index: Int32, depth: Int, remaining: inout Int) -> PersistedValue? {
        switch lua.type(at: index) {
        case .number:
            if let i = lua.toInteger(at: index), lua.isInteger(at: index) { return .integer(i) }
            return lua.toNumber(at: index).map(PersistedValue.number)
        case .string: return lua.toString(at: index).map(PersistedValue.string)
        case .boolean: return .bool(lua.toBool(at: index))
        case .table:
            // Two stack places per level (key and value); Lua only guarantees 20 to the host.
            guard depth < 32, lua.checkStack(4) else { return nil }
            var entries: [(key: PersistedKey, value: PersistedValue)] = []
            lua.forEach(in: index) {
                let key: PersistedKey?
                switch lua.type(at: -2) {
                case .number: key = lua.toInteger(at: -2).map(PersistedKey.integer)
                case .string: key = lua.toString(at: -2).map(PersistedKey.string)
                default: key = nil
                }
                guard let key else { return }
                remaining -= 1
                guard remaining >= 0 else { return }
                if let value = readPersisted(at: lua.absIndex(-1), depth: depth + 1, remaining: &remaining) {
                    entries.append((key, value))
                }
            }
            return .table(entries)
        default:
            return nil
        }
    }

    /// Pushes `value` (the caller makes room for one value on the stack); a table's entries need three more
    /// each level, which it makes room for itself.
    func pushPersisted(_ value: PersistedValue) {
        switch value {
        case .number(let n): lua.push(n)
        case .integer(let i): lua.push(i)
        case .string(let s): lua.push(s)
        case .bool(let b): lua.push(b)
        case .table(let entries):
            lua.newTable(fieldCount: Int32(min(entries.count, 1 << 20)))
            for (key, value) in entries {
                guard lua.checkStack(3) else { break }
                switch key {
                case .integer(let i): lua.push(i)
                case .string(let s): lua.push(s)
                }
                pushPersisted(value)
                _ = lua.rawSetKeyValue(-3)
            }
        }
    }
}

/// A running `ca.spawn` task: its coroutine, kept alive by a registry reference.
struct TaskRecord {
    let ref: LuaRef
    let thread: LuaState
}
