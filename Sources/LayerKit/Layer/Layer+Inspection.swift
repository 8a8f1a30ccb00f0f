/// An animation attached to a layer as tools show it (the inspector, `snowglobe plot`): the
/// attached copy's settings, its timing with the begin time the transaction settled (in the
/// layer's time), whether it has started and ended, and the key times or settling it marks.
public struct AttachedAnimationState {
    /// The key it was added under (nil: unkeyed).
    public let key: String?
    /// The attached copy (its class and settings).
    public let animation: Animation
    /// Its timing, begin time settled, in the layer's local time (a group's children: in the
    /// group's time).
    public let timing: MediaTiming
    /// A group's animations.
    public let children: [AttachedAnimationState]
    public let hasStarted: Bool
    public let hasEnded: Bool
    /// Whether its begin time waits for its transaction to commit (`timing.beginTime` is 0
    /// until then).
    public let isWaitingToBegin: Bool
    /// For a keyframe animation, the key times it runs by: for each value, the eased progress
    /// (0…1) at which it is reached — the `keyTimes` given when they fit the values, else even
    /// spacing, or the paced modes' own.
    public let keyTimes: [Double]
    /// For a keyframe animation, its values as it runs them (made the key path's kind).
    public let keyValues: [AnimationValue]
    /// For a keyframe animation in a cubic mode, each value's outgoing and incoming tangent
    /// (per unit of progress between key times); empty in the other modes.
    public let outTangents: [AnimationValue]
    public let inTangents: [AnimationValue]
    /// For a spring, the seconds its motion takes to come to rest.
    public let settlingDuration: Double?
    /// Whether a transaction added it for a property set (an implicit animation).
    public let isImplicit: Bool

    init(_ attached: AttachedAnimation) {
        key = attached.key
        animation = attached.animation
        timing = attached.timing
        hasStarted = attached.hasStarted
        hasEnded = attached.hasEnded
        isWaitingToBegin = attached.needsBeginTime
        isImplicit = attached.implicitSerial >= 0
        var children: [AttachedAnimationState] = [], keyTimes: [Double] = [], settling: Double?
        var keyValues: [AnimationValue] = [], outTangents: [AnimationValue] = [], inTangents: [AnimationValue] = []
        switch attached.content {
        case .group(let members): children = members.map(AttachedAnimationState.init)
        case .keyframe(let track):
            (keyTimes, keyValues) = (track.times, track.values)
            (outTangents, inTangents) = (track.outTangents, track.inTangents)
        case .spring(_, let solution): settling = solution.settlingDuration
        case .basic, .transition, .none: break
        }
        (self.children, self.keyTimes, settlingDuration) = (children, keyTimes, settling)
        (self.keyValues, self.outTangents, self.inTangents) = (keyValues, outTangents, inTangents)
    }

    /// The key path it animates (nil for a group).
    public var keyPath: String? { (animation as? PropertyAnimation)?.keyPath }
}

extension Layer {
    /// The attached animations, in the order they were added.
    public var attachedAnimations: [AttachedAnimationState] {
        animations.map(AttachedAnimationState.init)
    }

    /// The animatable properties this kind of layer has whose model value is not the default,
    /// in the registry's order.
    public var propertiesSet: [PropertySpec] {
        PropertyRegistry.specs.filter { spec in
            spec.isAnimatable && kind.has(spec.owner) && value(spec.id) != spec.defaultValue
        }
    }
}

extension Scene {
    /// The presentation value of `keyPath` on `layer` at each media time in `times`, from the
    /// animations the layer has now (its ancestors' timing included): what its presentation
    /// would show then if nothing changed meanwhile. Changes nothing.
    public func presentationValues(of layer: Layer, keyPath: String, at times: [Double]) throws(KeyPathError)
        -> [AnimationValue] {
        let resolved = try KeyPathResolver.resolve(keyPath, on: layer.kind)
        let parentNow = layer.superlayer?.localTime(mediaTime: time) ?? time
        var values: [AnimationValue] = []
        values.reserveCapacity(times.count)
        for moment in times {
            let parentThen = layer.superlayer?.localTime(mediaTime: moment) ?? moment
            momentEvaluation.withPresentation(of: [layer], parentTime: parentNow, shiftedTo: parentThen) {
                values.append(EvaluationContext.read(resolved, of: layer, .presentation))
            }
        }
        return values
    }
}
