/// Something that follows layers joining and leaving trees.
public protocol LayerObserver: AnyObject {
    /// `layer` was added to a superlayer, moved, or lost its superlayer (removed, or the
    /// superlayer was freed); read `layer.superlayer` for which.
    func layerDidChangeSuperlayer(_ layer: Layer)
}
