import LayerKit

/// Follows, frame by frame, which animations a later one takes over. An animation that a later
/// animation of the same property (not additive) overwrites whenever it is in effect — the
/// implicit animation of a script that sets the model value and then adds an explicit animation
/// of the property — shows only through that one (which, with no from or to value, starts from
/// or runs to its value), and is reported as replaced, not as exact or baked.
struct LottieReplacements {
    /// Animations in effect and not taken over at some sampled frame.
    private var shown: Set<ObjectIdentifier> = []
    /// For an animation taken over at a sampled frame, the one taking it over (the last such frame's).
    private var replacers: [ObjectIdentifier: ObjectIdentifier] = [:]

    /// Notes which of `layer`'s animations show at scene time `time`.
    mutating func note(_ layer: Layer, time: Double) {
        let states = layer.attachedAnimations
        guard states.count > 1 else {
            if let only = states.first { shown.insert(ObjectIdentifier(only.animation)) }
            return
        }
        let local = layer.localTime(mediaTime: time)
        func inEffect(_ state: AttachedAnimationState) -> Bool {
            !state.isWaitingToBegin && state.timing.sample(at: local).isEffective
        }
        for (i, state) in states.enumerated() {
            let id = ObjectIdentifier(state.animation)
            guard !shown.contains(id), inEffect(state) else { continue }
            let replacer = states[(i + 1)...].last { later in
                guard let property = later.animation as? PropertyAnimation, !property.isAdditive else { return false }
                return inEffect(later) && LottieReplacements.overwrites(later, state, on: layer)
            }
            if let replacer { replacers[id] = ObjectIdentifier(replacer.animation) } else { shown.insert(id) }
        }
    }

    /// The animation that took `animation` over at every sampled frame it was in effect, if one did.
    func replacer(of animation: ObjectIdentifier) -> ObjectIdentifier? {
        shown.contains(animation) ? nil : replacers[animation]
    }

    /// Whether `later` writes everything `earlier` changes: the same key path or a whole of
    /// which `earlier`'s is a part, or a part of `earlier`'s property outside which `earlier`
    /// (a basic animation) goes from and to the same values (`bounds` set, then its height
    /// animated).
    static func overwrites(_ later: AttachedAnimationState, _ earlier: AttachedAnimationState, on layer: Layer) -> Bool {
        guard let whole = later.keyPath, let path = earlier.keyPath else { return false }
        if whole == path || path.hasPrefix(whole + ".") { return true }
        guard whole.hasPrefix(path + "."), let basic = earlier.animation as? BasicAnimation, basic.byValue == nil,
              let from = basic.fromValue?.components,
              let to = (basic.toValue ?? (try? layer.value(forKeyPath: path)))?.components,
              from.count == to.count else { return false }
        let part = String(whole.dropFirst(path.count + 1))
        return zip(from, to).allSatisfy { a, b in a.value == b.value || component(a.name, isIn: part) }
    }

    /// Whether the value component `name` (`AnimationValue.components`' names) is part of the
    /// key path component `part` ("height" of "size.height", "rotation.z" of "rotation").
    private static func component(_ name: String, isIn part: String) -> Bool {
        name == part || name.hasPrefix(part + ".") || part.hasSuffix("." + name)
            || part == "origin" && (name == "x" || name == "y") || part == "size" && (name == "width" || name == "height")
    }
}
