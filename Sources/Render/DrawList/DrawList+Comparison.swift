import LayerKit

extension DrawList {
    /// Whether `other` draws exactly the same (same triangles, texture coordinates, colours,
    /// textures and blend modes): what lets a cached offscreen image stand for a new frame.
    func drawsSame(as other: DrawList) -> Bool {
        guard width == other.width, height == other.height, indices == other.indices,
              commands.count == other.commands.count, vertices.count == other.vertices.count else { return false }
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
                          v.color == w.color else { return false }
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
