/// An animation's timing and delegate callbacks (CAAnimation with CAMediaTiming). Subclasses
/// say what it animates. Adding an animation to a layer adds a copy, as in Core Animation, so
/// changing this object afterwards does not affect the running one.
public class Animation: MediaTimingSettings {
    /// When it starts, in the layer's time space; 0 means the moment its transaction commits.
    public var beginTime: Double = 0
    /// Seconds per cycle; 0 means the transaction's duration (0.25 s unless set).
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// Cycles to play (`.infinity` for ever; fractions end part-way through a cycle).
    public var repeatCount: Double = 0
    /// Seconds to repeat for (used instead of repeatCount when positive).
    public var repeatDuration: Double = 0
    /// Whether each cycle plays forwards then backwards.
    public var autoreverses = false
    public var fillMode = FillMode.removed
    /// Whether the layer drops the animation when it ends (default true).
    public var isRemovedOnCompletion = true
    /// The pacing of each cycle; linear when nil, as in Core Animation.
    public var timingFunction: TimingFunction?
    /// Called when the animation starts.
    public var onStart: ((Animation) -> Void)?
    /// Called when the animation stops: `true` when it ran to its end, `false` when it was
    /// removed or replaced first.
    public var onStop: ((Animation, Bool) -> Void)?
    /// Where the script made it, when its host records that; copies keep it.
    public var creationSite: SourceSite?

    public init() {}

    /// A copy with the same settings (callbacks included).
    public func copy() -> Animation {
        let copy = Animation()
        copyTiming(to: copy)
        return copy
    }

    /// Copies this class's settings into `other`; subclasses call it from `copy()`.
    func copyTiming(to other: Animation) {
        other.beginTime = beginTime
        other.duration = duration
        other.speed = speed
        other.timeOffset = timeOffset
        other.repeatCount = repeatCount
        other.repeatDuration = repeatDuration
        other.autoreverses = autoreverses
        other.fillMode = fillMode
        other.isRemovedOnCompletion = isRemovedOnCompletion
        other.timingFunction = timingFunction
        other.onStart = onStart
        other.onStop = onStop
        other.creationSite = creationSite
    }

    /// The timing with durations resolved: a zero, negative or NaN duration becomes
    /// `defaultDuration`; NaN or negative counts become 0; a NaN speed becomes 1.
    func resolvedTiming(defaultDuration: Double) -> MediaTiming {
        MediaTiming(resolving: self, defaultDuration: defaultDuration)
    }

    static func positive(_ value: Double) -> Double? {
        value > 0 && !value.isNaN ? value : nil
    }
}

/// An animation of one key path of a layer (CAPropertyAnimation).
public class PropertyAnimation: Animation {
    /// The property or component it animates (`"position"`, `"transform.rotation.z"`).
    public var keyPath: String
    /// Whether its value adds to the value underneath instead of replacing it.
    public var isAdditive = false
    /// Whether each repeat continues from where the last ended instead of starting over.
    public var isCumulative = false

    public init(keyPath: String) {
        self.keyPath = keyPath
        super.init()
    }

    func copyProperties(to other: PropertyAnimation) {
        copyTiming(to: other)
        other.isAdditive = isAdditive
        other.isCumulative = isCumulative
    }
}
