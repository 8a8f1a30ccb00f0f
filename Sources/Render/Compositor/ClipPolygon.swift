/// A convex region of the screen that drawing is confined to (a masking layer's bounds, projected),
/// as the list of its corners in order. Geometry is clipped on the CPU, so backends see none of it.
struct ClipPolygon {
    /// Corners, either winding.
    private(set) var points: [(x: Double, y: Double)]
    /// Edges as half-planes a·x + b·y + c ≥ 0 (inside).
    private var edges: [(a: Double, b: Double, c: Double)] = []
    /// Bounding box.
    private(set) var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0

    /// The convex polygon with these corners (in order, either winding).
    init(_ points: [(x: Double, y: Double)]) {
        self.points = points
        build()
    }

    /// Whether nothing is inside.
    var isEmpty: Bool { points.count < 3 || !(maxX > minX && maxY > minY) }

    private mutating func build() {
        edges.removeAll()
        guard points.count >= 3 else { return }
        var area = 0.0
        for i in 0..<points.count {
            let p = points[i], q = points[(i + 1) % points.count]
            area += p.x * q.y - q.x * p.y
        }
        let sign: Double = area >= 0 ? 1 : -1
        minX = .infinity; minY = .infinity; maxX = -.infinity; maxY = -.infinity
        for i in 0..<points.count {
            let p = points[i], q = points[(i + 1) % points.count]
            // Inside is to the left of p→q for positive area (y down: counter-clockwise on screen).
            let a = -(q.y - p.y) * sign, b = (q.x - p.x) * sign
            edges.append((a, b, -(a * p.x + b * p.y)))
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
    }

    /// Whether a point is inside (edges included).
    @inline(__always) func contains(_ x: Double, _ y: Double) -> Bool {
        for e in edges where e.a * x + e.b * y + e.c < -1e-9 { return false }
        return true
    }

    /// The part of this polygon inside `other` (both convex).
    func intersected(with other: ClipPolygon) -> ClipPolygon {
        var result = points.map { DrawVertex(x: Float($0.x), y: Float($0.y), u: 0, v: 0, color: .white) }
        var scratch: [DrawVertex] = []
        other.clip(&result, scratch: &scratch)
        return ClipPolygon(result.map { (Double($0.x), Double($0.y)) })
    }

    /// Clips a convex polygon of vertices to this region (Sutherland–Hodgman), interpolating
    /// texture coordinates and colours linearly in screen space, as the rasterisers do.
    func clip(_ polygon: inout [DrawVertex], scratch: inout [DrawVertex]) {
        for e in edges {
            guard !polygon.isEmpty else { return }
            scratch.removeAll(keepingCapacity: true)
            var prev = polygon[polygon.count - 1]
            var prevD = e.a * Double(prev.x) + e.b * Double(prev.y) + e.c
            for cur in polygon {
                let curD = e.a * Double(cur.x) + e.b * Double(cur.y) + e.c
                if curD >= 0 {
                    if prevD < 0 { scratch.append(ClipPolygon.mix(prev, cur, prevD / (prevD - curD))) }
                    scratch.append(cur)
                } else if prevD >= 0 {
                    scratch.append(ClipPolygon.mix(prev, cur, prevD / (prevD - curD)))
                }
                prev = cur
                prevD = curD
            }
            swap(&polygon, &scratch)
        }
    }

    private static func mix(_ p: DrawVertex, _ q: DrawVertex, _ t: Double) -> DrawVertex {
        let f = Float(t)
        func lerp(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Float(a) + (Float(b) - Float(a)) * f).rounded())))
        }
        return DrawVertex(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f,
                          u: p.u + (q.u - p.u) * f, v: p.v + (q.v - p.v) * f,
                          color: VertexColor(r: lerp(p.color.r, q.color.r), g: lerp(p.color.g, q.color.g),
                                             b: lerp(p.color.b, q.color.b), a: lerp(p.color.a, q.color.a)))
    }
}
