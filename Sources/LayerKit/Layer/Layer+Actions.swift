/// What a change of one key does on a layer on screen (CAAction): nothing, or an animation.
public enum LayerAction {
    /// No implicit animation: the change shows at once (CALayer's `actions[key] = NSNull()`).
    case disabled
    /// This animation, its key path and missing values filled in as the default action's are.
    case animation(Animation)
}

/// Implicit animations: the action a change of a key runs, as CALayer's `action(forKey:)` finds
/// it — the layer's `actions` first, then the default action. (Snowglobe has no layer delegate
/// and no `style` dictionary, so those two steps of Core Animation's search are not there.)
extension Layer {
    /// The animation Core Animation's default action adds for a change of `keyPath`: a basic
    /// animation from the value on screen before the change to the new model value, with the
    /// transaction's duration and timing function (the "default" curve when it sets none). Nil
    /// for a key path that does not animate on a layer of `kind`. Its `fromValue` is left for the
    /// change to fill in.
    public static func defaultAction(forKey keyPath: String, kind: LayerKind = .layer,
                                     transactions: TransactionStack? = nil) -> BasicAnimation? {
        guard (try? KeyPathResolver.resolve(keyPath, on: kind)) != nil else { return nil }
        let animation = BasicAnimation(keyPath: keyPath)
        animation.duration = transactions?.animationDuration ?? TransactionStack.defaultDuration
        animation.timingFunction = transactions?.animationTimingFunction ?? .default
        return animation
    }

    /// Runs the action for a change of `key` whose old value on screen was `from`: the layer's own
    /// animation for the key, else the default one, added under the key.
    func runAction(forKey key: String, from: AnimationValue, in scene: Scene) throws(AnimationError) {
        let animation: Animation
        if case .animation(let custom)? = actions[key] {
            animation = Layer.filled(scene.prepareAction?(custom) ?? custom, key: key, from: from,
                                     timingFunction: scene.transactions.animationTimingFunction)
        } else {
            let basic = BasicAnimation(keyPath: key)
            basic.fromValue = from
            basic.timingFunction = scene.transactions.animationTimingFunction ?? .default
            animation = basic
        }
        do {
            try addAnimation(animation, forKey: key)
        } catch {
            // Colour lists of different lengths, and paths of different elements, cannot be
            // animated between: the change shows at once.
            if case .colorCounts = error { return }
            if case .pathElements = error { return }
            throw error
        }
        // A transition added later in the transaction drops the implicit animations it covers.
        animations.last?.implicitSerial = scene.transactions.changeSerial
    }

    /// A copy of an action's animation made ready to add for a change of `key`, as the default
    /// action would be: no key path becomes `key`; a basic (or spring) animation on `key` with no
    /// `fromValue` starts from the value on screen before the change (so with no `toValue` it
    /// ends at the new model value); no timing function becomes the transaction's, when it sets
    /// one. Its duration, when it has none, is the transaction's, as for any animation added.
    static func filled(_ animation: Animation, key: String, from: AnimationValue,
                       timingFunction: TimingFunction?) -> Animation {
        let copy = animation.copy()
        if copy.timingFunction == nil, let timingFunction { copy.timingFunction = timingFunction }
        guard let property = copy as? PropertyAnimation else { return copy }
        if property.keyPath.isEmpty { property.keyPath = key }
        if property.keyPath == key, let basic = property as? BasicAnimation, basic.fromValue == nil {
            basic.fromValue = from
        }
        return copy
    }
}
