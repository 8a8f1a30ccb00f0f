/// A read-only look at one cell's live particles, for drawing: columns of `count` floats, in
/// the emitter layer's coordinates. Each particle holds what it was born with; its colour, scale
/// and rotation now follow from its `age` and the cell's rates (`redSpeed` …, `scaleSpeed`,
/// its own spin). Valid until the scene evaluates the next frame.
public struct ParticleView {
    public let count: Int
    public let x: UnsafePointer<Float>
    public let y: UnsafePointer<Float>
    public let z: UnsafePointer<Float>
    /// Seconds since birth.
    public let age: UnsafePointer<Float>
    /// Scale at birth.
    public let scale: UnsafePointer<Float>
    /// Radians a second.
    public let spin: UnsafePointer<Float>
    /// Colour at birth, straight (not premultiplied), not clamped.
    public let red: UnsafePointer<Float>
    public let green: UnsafePointer<Float>
    public let blue: UnsafePointer<Float>
    public let alpha: UnsafePointer<Float>

    init(_ store: ParticleStore) {
        count = store.count
        x = UnsafePointer(store.column(.x))
        y = UnsafePointer(store.column(.y))
        z = UnsafePointer(store.column(.z))
        age = UnsafePointer(store.column(.age))
        scale = UnsafePointer(store.column(.scale))
        spin = UnsafePointer(store.column(.spin))
        red = UnsafePointer(store.column(.red))
        green = UnsafePointer(store.column(.green))
        blue = UnsafePointer(store.column(.blue))
        alpha = UnsafePointer(store.column(.alpha))
    }
}
