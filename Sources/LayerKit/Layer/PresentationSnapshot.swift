/// A layer's presentation values copied at one moment, each read when asked for: what
/// `layer:presentation()` gives a script. The copy is the layer's flat block of values and its
/// array values (one copy each), so making a snapshot costs the same however many properties
/// the layer has, and a script that reads one or two of them pays for those alone.
public final class PresentationSnapshot {
    /// The layer whose presentation this is (a script's `modelLayer`).
    public let layer: Layer
    /// The frame computed from the presentation values.
    public let frame: Rect
    private let kind: LayerKind
    private let values: [Double]
    private let arrays: [PropertyID: AnimationValue]

    /// The presentation `layer` has now; the caller makes it current first
    /// (`Scene.ensurePresentation`).
    public init(of layer: Layer) {
        self.layer = layer
        kind = layer.kind
        values = Array(UnsafeBufferPointer(start: layer.base(.presentation), count: layer.slotSize))
        arrays = layer.arrays(.presentation)
        frame = layer.frame(.presentation)
    }

    /// The property called `name`, if the layer has one.
    public func property(named name: String) -> PropertySpec? {
        PropertyRegistry.property(named: name, on: kind)
    }

    /// The value of `spec` at the moment of the snapshot: what `layer.value(spec.id, .presentation)`
    /// gave then.
    public func value(_ spec: PropertySpec) -> AnimationValue {
        guard kind.has(spec.owner) else { return spec.defaultValue }
        if spec.width == 0 { return arrays[spec.id] ?? spec.defaultValue }
        return values.withUnsafeBufferPointer { buffer in
            FlatValues.load(spec, UnsafeMutablePointer(mutating: buffer.baseAddress.unsafelyUnwrapped))
        }
    }
}
