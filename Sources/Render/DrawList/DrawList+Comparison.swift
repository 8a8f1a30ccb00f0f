import LayerKit

/// Whether two draw lists draw the same: what caches of drawings made from a list (an offscreen
/// image, a shadow's mask, a transition's image) compare to know whether they must draw again;
/// and where a list's drawing lies.
extension DrawList {
    /// Whether `other` has the same size, the same runs (textures by identity, blend and sampling
    /// modes), the same indices and the same vertices bit for bit (positions, texture
    /// coordinates, and colours — or, unless `colors`, only their alpha).
    func drawsTheSame(as other: DrawList, colors: Bool = true) -> Bool {
        guard width == other.width, height == other.height, indices == other.indices,
              commands.count == other.commands.count, vertices.count == other.vertices.count else { return false }
        for (c, d) in zip(commands, other.commands) {
            guard c.texture === d.texture, c.blend == d.blend, c.sampling == d.sampling, c.indexStart == d.indexStart,
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

    /// The smallest rectangle holding every finite vertex (nil when there is none).
    var extent: Rect? {
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for v in vertices where v.x.isFinite && v.y.isFinite {
            minX = min(minX, v.x); maxX = max(maxX, v.x)
            minY = min(minY, v.y); maxY = max(maxY, v.y)
        }
        guard minX < maxX, minY < maxY else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY))
    }

    /// The same drawing with every vertex at x × scale − dx, y × scale − dy.
    func placed(scale: Double, dx: Double, dy: Double) -> DrawList {
        var copy = self
        for i in copy.vertices.indices {
            copy.vertices[i].x = Float(Double(copy.vertices[i].x) * scale - dx)
            copy.vertices[i].y = Float(Double(copy.vertices[i].y) * scale - dy)
        }
        return copy
    }
}
