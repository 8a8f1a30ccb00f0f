/// Whether two draw lists draw the same: what caches of drawings made from a list (a shadow's
/// mask, a transition's image) compare to know whether they must draw again.
extension DrawList {
    /// Whether `other` has the same runs (textures by identity, blend modes), the same indices and
    /// the same vertices bit for bit (positions, texture coordinates, and colours — or, unless
    /// `colors`, only their alpha).
    func drawsTheSame(as other: DrawList, colors: Bool) -> Bool {
        guard indices == other.indices, commands.count == other.commands.count,
              vertices.count == other.vertices.count else { return false }
        for (c, d) in zip(commands, other.commands) {
            guard c.texture === d.texture, c.blend == d.blend, c.indexStart == d.indexStart,
                  c.indexCount == d.indexCount else { return false }
        }
        return vertices.withUnsafeBufferPointer { p in
            other.vertices.withUnsafeBufferPointer { q in
                for i in p.indices {
                    let v = p[i], w = q[i]
                    // Bit patterns: exact, and a NaN equals itself.
                    guard v.x.bitPattern == w.x.bitPattern, v.y.bitPattern == w.y.bitPattern,
                          v.u.bitPattern == w.u.bitPattern, v.v.bitPattern == w.v.bitPattern,
                          colors ? v.color == w.color : v.color.a == w.color.a else { return false }
                }
                return true
            }
        }
    }
}
