extension Layer {
    /// The value of `keyPath` (any animatable key path: `"position.y"`,
    /// `"transform.rotation.z"`, `"emitterCells.snow.birthRate"`) in the model or on screen.
    /// Throws when the key path means nothing on this kind of layer.
    public func value(forKeyPath keyPath: String, _ slot: StateSlot = .model) throws(KeyPathError) -> AnimationValue {
        let resolved = try KeyPathResolver.resolve(keyPath, on: kind)
        return EvaluationContext.read(resolved, of: self, slot)
    }
}
