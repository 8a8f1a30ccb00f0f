/// A copy of a draw list, kept to tell whether a later list draws the same. It holds storage of
/// its own, so the list it was taken from can go on being rebuilt in place (a shared copy would
/// make the compositor allocate new arrays every frame).
public struct DrawListRecord {
    private var list = DrawList(width: 0, height: 0)
    private var holds = false

    public init() {}

    /// Whether `other` draws exactly what was recorded (textures by identity).
    public func matches(_ other: DrawList) -> Bool {
        holds && list.drawsTheSame(as: other)
    }

    /// Records `other`, copying its contents into this record's storage.
    public mutating func record(_ other: DrawList) {
        list.reset(width: other.width, height: other.height)
        list.vertices.append(contentsOf: other.vertices)
        list.indices.append(contentsOf: other.indices)
        list.commands.append(contentsOf: other.commands)
        holds = true
    }

    /// Forgets what was recorded: nothing matches until the next `record`.
    public mutating func forget() {
        holds = false
    }
}
