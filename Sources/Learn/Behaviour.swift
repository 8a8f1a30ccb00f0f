/// What one run of a script did to the checked layer: each key path's components sampled over
/// the range, the animations the layer was given, the names of the layers seen, and the first
/// error, if any.
public struct Behaviour: Sendable {
    /// One component of one key path over time (`position.x`'s `value`, `position`'s `y`).
    public struct Series: Sendable, Equatable, Codable {
        public var keyPath: String
        public var component: String
        /// One value per sample time; nil where the layer was not in the tree.
        public var values: [Double?]

        /// How the series is named in messages: `position.x`, or `position (y)`.
        public var label: String {
            component == "value" ? keyPath : "\(keyPath) (\(component))"
        }
    }

    /// An animation seen attached to the layer (a group's members are seen too).
    public struct SeenAnimation: Sendable, Equatable {
        /// The Lua-visible class name (`BasicAnimation`, `KeyframeAnimation` …).
        public var className: String
        public var keyPath: String?
        /// The checked and required key paths it animates, whole or in part (a group: through
        /// its members).
        public var touches: [String]
        /// Whether it fills forwards and stays after its end (`fillMode` and `removedOnCompletion`).
        public var holdsAtEnd: Bool
        /// The name of its timing function, when it is a named one.
        public var timingName: String?
    }

    /// The sample times, in seconds of media time.
    public var times: [Double] = []
    public var series: [Series] = []
    public var animations: [SeenAnimation] = []
    /// The names of the layers in the tree, gathered while the checked layer was missing.
    public var layerNames: Set<String> = []
    /// Whether the checked layer was in the tree at any sample.
    public var foundLayer = false
    /// The first error the script had, as the learner sees it.
    public var error: RunError?

    public init() {}

    /// The curves alone, as the isolated check hands them back for a chart.
    public struct Curves: Sendable, Codable {
        public var times: [Double]
        public var series: [Series]
    }

    public var curves: Curves { Curves(times: times, series: series) }

    /// A behaviour made of curves recorded before (a target computed once for many checks).
    public init(curves: Curves) {
        times = curves.times
        series = curves.series
        foundLayer = true
    }

    /// The series of `keyPath` and `component`, if recorded.
    public func series(_ keyPath: String, component: String? = nil) -> Series? {
        series.first { $0.keyPath == keyPath && (component == nil || $0.component == component) }
    }
}

/// Why a run stopped early.
public struct RunError: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// An error in the script (syntax, runtime, a file it could not read).
        case script
        /// A call ran over the time limit.
        case timeout
        /// The script used more memory than allowed.
        case memory
        /// The check could not compare (a key path the layer lacks).
        case keyPath
    }

    public var kind: Kind
    /// The message, at the script's file:line.
    public var message: String
}
