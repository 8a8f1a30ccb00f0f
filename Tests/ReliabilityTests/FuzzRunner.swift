import Foundation
import Glibc
import LayerKit
import LuaBridge
@testable import LuaHost
import Render
@testable import snowglobe
import TestSupport

/// Something a program did that no script may do to the host.
struct FuzzFailure: Sendable, CustomStringConvertible {
    let seed: UInt64
    let reason: String
    /// Where the program was saved, for `snowglobe check`.
    let savedPath: String
    let replay: String

    var description: String { "program \(seed): \(reason)\n    saved as \(savedPath) (replay: \(replay))" }
}

/// How one program ended.
struct ProgramResult: Sendable {
    var errors: [ScriptError] = []
    var failures: [String] = []
    var printedLines = 0
}

/// Totals of a fuzz run.
struct FuzzSummary: Sendable, CustomStringConvertible {
    var programs = 0
    var programsWithErrors = 0
    var errors = 0
    var errorKinds: [String: Int] = [:]
    var failures: [FuzzFailure] = []
    /// Resident memory (bytes, after returning free memory to the system) once the warm-up
    /// programs have run, and at the end.
    var residentAfterWarmUp = 0
    var residentAtEnd = 0
    var seconds = 0.0

    var description: String {
        let kinds = errorKinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var text = "fuzz: \(programs) programs in \(String(format: "%.1f", seconds)) s; \(programsWithErrors) ended in Lua errors "
            + "(\(errors) errors: \(kinds)); resident memory \(residentAfterWarmUp >> 20) MiB after warm-up, "
            + "\(residentAtEnd >> 20) MiB at the end; \(failures.count) failures"
        for failure in failures { text += "\n  FAIL " + failure.description }
        return text
    }
}

/// Runs generated programs in-process, each in a fresh `ScriptHost` on virtual time, and checks
/// what must hold whatever the script did: the host returns from every call (a crash or hang is
/// caught by `CrashGuard`), errors come back as `ScriptError`s, the VM still runs code afterwards,
/// `ca.persist` survives a reload as it was, and closing the host frees the VM's objects:
/// no layer outside the tree outlives `close()`, and nothing outlives the host and its scene.
final class FuzzRunner {
    /// The script folder (main.lua plus the support files).
    let folder: String
    /// Where programs are saved: `current.lua` while one runs, `failed-SEED.lua` when one fails.
    let outFolder: String
    /// Wall-clock seconds a program may take before the watchdog calls it a hang.
    var hangSeconds: Double = 120
    var budget = LuaBudget(timeLimit: 0.1, memoryLimit: 64 << 20)
    /// Render's image makers, as `snowglobe` gives them to a script.
    private let images = RenderImages()
    private var writtenSupport = false

    init(outFolder: String) {
        folder = NSTemporaryDirectory() + "snowglobe-fuzz-" + UUID().uuidString
        self.outFolder = outFolder
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: outFolder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    var scriptPath: String { folder + "/main.lua" }

    /// Writes `data` to `path`; whether it could.
    static func write(_ data: Data, to path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: data)
    }

    /// Runs one program and says what went wrong, if anything.
    func run(_ program: FuzzProgram) -> ProgramResult {
        var result = ProgramResult()
        // A program that could not be written would run the last one again: say so instead.
        if !writtenSupport {
            for (name, bytes) in program.files where !FuzzRunner.write(Data(bytes), to: "\(folder)/\(name)") {
                result.failures.append("could not write \(folder)/\(name)")
            }
            writtenSupport = true
        }
        let current = "\(outFolder)/current.lua"
        for path in [current, scriptPath] where !FuzzRunner.write(Data(program.source.utf8), to: path) {
            result.failures.append("could not write \(path)")
        }
        guard result.failures.isEmpty else { return result }
        CrashGuard.arm(crash: "\nFUZZ CRASH in program \(program.seed): its source is \(current) (replay: \(program.replay))\n",
                       hang: "\nFUZZ HANG: program \(program.seed) ran over \(Int(hangSeconds)) s of wall-clock time; its source is \(current) (replay: \(program.replay))\n",
                       seconds: hangSeconds)
        defer { CrashGuard.disarm() }
        let survivors = drive(program, into: &result)
        // Everything the run made is out of scope now.
        if survivors.host != nil { result.failures.append("the ScriptHost outlived close() and every reference to it") }
        if survivors.scene != nil { result.failures.append("the Scene outlived its closed host and every reference to it") }
        let liveLayers = survivors.layers.filter { $0.object != nil }.count
        if liveLayers > 0 { result.failures.append("\(liveLayers) layers outlived their closed host and scene") }
        return result
    }

    /// Weak references to what one run made, checked once the run is over.
    struct Survivors {
        weak var host: ScriptHost?
        weak var scene: Scene?
        var layers: [WeakLayer] = []
    }

    struct WeakLayer {
        weak var object: Layer?
    }

    @inline(never)
    private func drive(_ program: FuzzProgram, into result: inout ProgramResult) -> Survivors {
        var options = ScriptOptions()
        options.size = program.plan.size
        options.framesPerSecond = program.plan.fps
        options.seed = program.seed
        options.budget = budget
        var survivors = Survivors()
        var host = makeHost(options, into: &result)
        survivors.host = host
        survivors.scene = host.scene
        start(host, into: &result)
        var time = 0.0
        for step in program.plan.steps {
            switch step {
            case .frames(let count, let dt):
                for _ in 0..<count {
                    time += dt
                    host.scene.step(to: time)
                }
            case .jump(let dt):
                if (time + dt).isFinite && time + dt >= 0 { time += dt }
                host.scene.step(to: dt.isFinite ? time : dt)
            case .event(let spec):
                host.dispatch(spec.event)
            case .tap(let x, let y):
                host.tap(at: Point(x: x, y: y))
            case .render(let width, let height):
                // A renderer of its own: a shared one's texture cache would keep images alive.
                HeadlessRenderer(threads: 1).frame(host.scene, at: time, into: FrameBuffer(width: width, height: height))
            case .reload(let source):
                let persisted = host.persistedData()
                host.close()
                check(host, into: &result, survivors: &survivors)
                // The old scene keeps being stepped for a moment, as a viewer shows it until the new one runs.
                host.scene.step(to: time + 1.0 / 60)
                collect(host, into: &result)
                if let source, !FuzzRunner.write(Data(source.utf8), to: scriptPath) {
                    result.failures.append("could not write the reloaded script to \(scriptPath)")
                }
                options.isReload = true
                options.persisted = persisted
                host = makeHost(options, into: &result)
                if case .table? = persisted, let persisted, let carried = host.persistedData(),
                   !sameData(persisted, carried) {
                    result.failures.append("ca.persist changed across a reload: \(persisted) became \(carried)")
                }
                survivors.scene = nil
                survivors.host = host
                survivors.scene = host.scene
                start(host, into: &result)
            }
        }
        // The VM must still run code after whatever the script did (a memory error may persist
        // while the script holds its memory).
        do throws(LuaError) {
            try host.lua.run("local x = 1 + 1", chunkName: "=fuzz-check")
        } catch where error.kind != .memory {
            result.failures.append("the VM cannot run code any more: \(error.message)")
        } catch {}
        survivors.layers += poolLayers(host)
        host.close()
        check(host, into: &result, survivors: &survivors)
        host.scene.step(to: time + 1.0 / 60)
        collect(host, into: &result)
        return survivors
    }

    private func makeHost(_ options: ScriptOptions, into result: inout ProgramResult) -> ScriptHost {
        let host = ScriptHost(scriptPath: scriptPath, options: options)
        host.images = images
        host.output = { [counter = Counter.shared] _ in counter.lines += 1 }
        return host
    }

    private func start(_ host: ScriptHost, into result: inout ProgramResult) {
        do throws(ScriptError) {
            try host.start()
        } catch {
            // Reported in host.errors too.
        }
    }

    /// After `close()`: every layer still alive is in the scene's tree or masks a layer of it (the
    /// scene stays as it was); one outside it is held by something that should have let go.
    private func check(_ host: ScriptHost, into result: inout ProgramResult, survivors: inout Survivors) {
        var inTree = 0
        var stack = [host.scene.root]
        while let layer = stack.popLast() {
            inTree += 1
            if survivors.layers.count < 20_000 { survivors.layers.append(WeakLayer(object: layer)) }
            stack += layer.sublayers
            if let mask = layer.mask { stack.append(mask) }
        }
        let outside = host.scene.layerCount - inTree
        if outside > 0 {
            result.failures.append("\(outside) layers outside the tree are still alive after close()")
        }
    }

    private func collect(_ host: ScriptHost, into result: inout ProgramResult) {
        result.errors += host.errors
        for error in host.errors {
            if error.message.isEmpty { result.failures.append("an error with an empty message (\(error.kind))") }
            // Lua cuts long chunk names to "...end/of/path"; the user must see the whole path.
            if error.message.hasPrefix("...") || error.file?.hasPrefix("...") == true {
                result.failures.append("an error shows a cut file path: \(error.message.prefix(200))")
            }
        }
    }

    /// Weak references to the layers the program kept in its pool (`__fuzz.L`).
    private func poolLayers(_ host: ScriptHost) -> [WeakLayer] {
        let lua = host.lua
        var layers: [WeakLayer] = []
        if lua.getGlobal("__fuzz") == .table, lua.rawGet(-1, field: "L") == .table {
            let count = min(lua.rawLength(-1), 5000)
            for i in 0..<count {
                _ = lua.rawGet(-1, index: i + 1)
                if let layer = lua.toObject(-1, as: Layer.self) { layers.append(WeakLayer(object: layer)) }
                lua.pop()
            }
            lua.pop()
        }
        lua.pop()
        return layers
    }
}

/// Whether two persisted values hold the same data: tables compare as sets of entries (their
/// order is the order Lua's `next` gives, which a rebuilt table need not keep).
func sameData(_ a: PersistedValue, _ b: PersistedValue) -> Bool {
    guard case .table(let x) = a, case .table(let y) = b else { return a == b }
    guard x.count == y.count else { return false }
    func key(_ k: PersistedKey) -> String {
        switch k {
        case .integer(let i): return "i\(i)"
        case .string(let s): return "s" + s
        }
    }
    var rest = Dictionary(y.map { (key($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
    for entry in x {
        guard let other = rest.removeValue(forKey: key(entry.key)), sameData(entry.value, other) else { return false }
    }
    return rest.isEmpty
}

/// Counts printed lines without keeping them.
final class Counter: @unchecked Sendable {
    static let shared = Counter()
    var lines = 0
}

extension InputEventSpec {
    var event: InputEvent {
        switch self {
        case .keyDown(let k): return .keyDown(k)
        case .keyUp(let k): return .keyUp(k)
        case let .mouseDown(x, y, b): return .mouseDown(x: x, y: y, button: b)
        case let .mouseUp(x, y, b): return .mouseUp(x: x, y: y, button: b)
        case let .mouseMove(x, y, b): return .mouseMove(x: x, y: y, button: b)
        case let .resize(w, h): return .resize(width: w, height: h)
        }
    }
}

/// Resident memory of this process in bytes, after giving the allocator's free memory back to
/// the system (so that what is measured is what is in use, not what a big program left cached).
func residentMemory() -> Int {
    // malloc_trim is glibc's (malloc.h, which Swift's Glibc module leaves out).
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs programs `first`, `first+1`… of the run seeded `seed` on a thread of its own with the
/// main thread's stack size, until `count` programs ran or `seconds` passed.
func fuzz(seed: UInt64, count: Int, seconds: Double, only: UInt64? = nil, storms: Bool = true,
          verbose: Bool = false) async -> FuzzSummary {
    await withCheckedContinuation { (continuation: CheckedContinuation<FuzzSummary, Never>) in
        let thread = Thread {
            CrashGuard.prepareThread()
            continuation.resume(returning: fuzzOnThisThread(seed: seed, count: count, seconds: seconds, only: only,
                                                                storms: storms, verbose: verbose))
        }
        thread.stackSize = 8 << 20
        thread.name = "fuzz"
        thread.start()
    }
}

/// The package's `.build/fuzz` folder.
let fuzzOutFolder = Project.root + "/.build/fuzz"

private func fuzzOnThisThread(seed: UInt64, count: Int, seconds: Double, only: UInt64?, storms: Bool,
                              verbose: Bool) -> FuzzSummary {
    let runner = FuzzRunner(outFolder: fuzzOutFolder)
    var summary = FuzzSummary()
    let started = Date()
    let warmUp = 100
    var index = 0
    while index < count && Date().timeIntervalSince(started) < seconds {
        let programSeed = only ?? FuzzRandom.programSeed(run: seed, index: index)
        let program = ProgramGenerator.program(seed: programSeed, storms: storms)
        if verbose { print("--- program \(programSeed)\n\(program.source)\n--- plan \(program.plan.steps)") }
        let result = runner.run(program)
        summary.programs += 1
        if !result.errors.isEmpty { summary.programsWithErrors += 1 }
        summary.errors += result.errors.count
        for error in result.errors { summary.errorKinds["\(error.kind)", default: 0] += 1 }
        if verbose { for error in result.errors { print("error: \(error.message) (in \(error.context ?? "the script"))") } }
        if !result.failures.isEmpty {
            let saved = "\(runner.outFolder)/failed-\(programSeed).lua"
            let wrote = FuzzRunner.write(Data(program.source.utf8), to: saved)
            summary.failures.append(FuzzFailure(seed: programSeed, reason: result.failures.joined(separator: "; "),
                                                savedPath: wrote ? saved : "(not saved: \(saved) could not be written)",
                                                replay: program.replay))
        }
        index += 1
        if index == warmUp { summary.residentAfterWarmUp = residentMemory() }
        if only != nil { break }
    }
    summary.residentAtEnd = residentMemory()
    if summary.residentAfterWarmUp == 0 { summary.residentAfterWarmUp = summary.residentAtEnd }
    summary.seconds = Date().timeIntervalSince(started)
    return summary
}
