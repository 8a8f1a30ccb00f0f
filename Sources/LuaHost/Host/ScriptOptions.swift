import LayerKit
import LuaBridge

/// How a script runs: its world's size, random seed, budgets and library folder.
public struct ScriptOptions: Sendable {
    /// The root layer's size in points.
    public var size = Size(width: 800, height: 600)
    /// Points per pixel, as `ca.screen.scale` reports.
    public var scale: Double = 1
    /// How much larger the viewer draws its own text (`--ui-scale`), as `ca.screen.uiScale`
    /// reports: scripts that caption what they show (the lessons) grow their captions with it.
    public var uiScale: Double = 1
    /// Seeds `math.random` and every seeded generator, so that runs repeat.
    public var seed: UInt64 = 0
    /// The media time the scene starts at.
    public var startTime: Double = 0
    /// Frames per second (the display link's `duration` is its inverse).
    public var framesPerSecond: Double = 60
    /// The longest one call into Lua may run, and the most memory the VM may use.
    public var budget = LuaBudget()
    /// The longest one call of a callback that runs again and again (a display link, a
    /// repeating timer) may run, when the budget's limit is longer: a runaway one then costs
    /// a few frames, not the whole limit, before it is stopped.
    public var frameTimeLimit = 0.1
    /// Whether an assignment that makes a new global is warned about (`snowglobe check`).
    public var warnsOfGlobals = false
    /// The project's `Scripts/` folder, searched by `require` after the script's own folder.
    public var libraryPath: String?
    /// Whether this run is a hot reload (`ca.isReload`).
    public var isReload = false
    /// `ca.persist` carried over from the previous run of the script.
    public var persisted: PersistedValue?
    /// Text to run instead of a file's (its path as the run names it → source): a value
    /// changed in the tweak panel and not yet written, in the script or one of its modules.
    public var sources: [String: String] = [:]
    /// Whether each layer and animation remembers the file and line that made it (the viewer's
    /// tweak panel marks them).
    public var recordsCreationSites = false

    public init() {}
}

/// Plain data that survives a hot reload in `ca.persist`: numbers, strings, booleans and tables
/// of them.
public indirect enum PersistedValue: Sendable, Equatable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case table([(key: PersistedKey, value: PersistedValue)])

    public static func == (a: PersistedValue, b: PersistedValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x == y || (x.isNaN && y.isNaN)
        case let (.integer(x), .integer(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case let (.table(x), .table(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

/// A key in a persisted table.
public enum PersistedKey: Sendable, Equatable {
    case integer(Int)
    case string(String)
}
