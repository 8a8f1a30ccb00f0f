/// What an exercise's check.lua asks of a submission: which layer and key paths to compare with
/// the target over which range of time, how close is close enough, the moments that must hold,
/// and the animations that must be used.
public struct ExerciseCheck: Equatable, Sendable {
    /// A value a key path must have at a moment, within `within`.
    public struct Checkpoint: Equatable, Sendable {
        public var time: Double
        public var keyPath: String
        /// The component compared (`value` for a number, `x` or `y` for a point …).
        public var component: String?
        public var value: Double
        public var within: Double

        public init(time: Double, keyPath: String, component: String? = nil, value: Double, within: Double) {
            (self.time, self.keyPath, self.component, self.value, self.within) = (time, keyPath, component, value, within)
        }
    }

    /// An animation the layer must be given (its class, and a key path it touches).
    public struct Requirement: Equatable, Sendable {
        /// The Lua-visible class name: `BasicAnimation`, `KeyframeAnimation`, `SpringAnimation`,
        /// `AnimationGroup` or `Transition`.
        public var animation: String
        /// The key path it must animate; nil: any of the checked key paths (any at all for a
        /// transition).
        public var keyPath: String?

        public init(animation: String, keyPath: String? = nil) {
            self.animation = animation
            self.keyPath = keyPath
        }
    }

    /// The `name` of the layer compared.
    public var layer: String
    public var keyPaths: [String]
    /// The range compared, in seconds of media time.
    public var from: Double
    public var to: Double
    /// The largest difference allowed, as a fraction of the target's range over [from, to].
    public var tolerance: Double
    public var requirements: [Requirement]
    public var checkpoints: [Checkpoint]
    /// A CSV file (as `snowglobe plot --csv` writes) holding the target of the one key path,
    /// relative to the exercise's folder; nil: the target is solution.lua's behaviour.
    public var targetCSV: String?
    /// The seed both runs use.
    public var seed: UInt64

    /// The classes `requires.animation` may name.
    public static let animationClasses = ["BasicAnimation", "KeyframeAnimation", "SpringAnimation",
                                          "AnimationGroup", "Transition"]
    /// The tolerance when check.lua gives none.
    public static let defaultTolerance = 0.02
    /// The longest range an exercise may compare, in seconds.
    public static let longestRange = 60.0
}
