/// An animation attached to a layer as an inspector shows it: the attached copy's settings, its
/// timing with the begin time the transaction settled (in the layer's time), and whether it has
/// started and ended.
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

    init(_ attached: AttachedAnimation) {
        key = attached.key
        animation = attached.animation
        timing = attached.timing
        hasStarted = attached.hasStarted
        hasEnded = attached.hasEnded
        if case .group(let members) = attached.content {
            children = members.map(AttachedAnimationState.init)
        } else {
            children = []
        }
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
