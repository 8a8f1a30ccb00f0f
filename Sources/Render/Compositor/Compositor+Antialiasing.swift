import LayerKit

/// Smooth edges for rounded shapes (Core Animation antialiases a layer's rounded corners, while
/// straight edges of transformed layers stay sharp, as with `allowsEdgeAntialiasing` off): the
/// shape is drawn half a pixel smaller, with a one-pixel rim across its edge whose colour fades
/// to transparent outward. Vertex colours carry the fade, so both backends draw it.
extension Compositor {
    /// Appends a convex polygon (layer coordinates) of solid colour with antialiased edges.
    func emitSmoothPolygon(_ points: [Point], color: VertexColor, map: ProjectiveMap, clip: ClipPolygon?) {
        guard color.a > 0, let screen = project(points, map) else { return }
        let inner = Compositor.offset(screen, by: -0.5), outer = Compositor.offset(screen, by: 0.5)
        drawList.begin(cache.white, blend: .normal)
        emitFan(inner, color: color, clip: clip)
        emitStrip(inner, color, outer, fade(color), clip: clip)
    }

    /// Appends the ring between two polygons with the same number of corners (a rounded border),
    /// antialiased on both edges.
    func emitSmoothRing(outer: [Point], inner: [Point], color: VertexColor, map: ProjectiveMap, clip: ClipPolygon?) {
        guard color.a > 0, outer.count == inner.count, let o = project(outer, map), let i = project(inner, map),
              o.count == i.count else { return }
        let outerIn = Compositor.offset(o, by: -0.5), outerOut = Compositor.offset(o, by: 0.5)
        let innerIn = Compositor.offset(i, by: -0.5), innerOut = Compositor.offset(i, by: 0.5)
        drawList.begin(cache.white, blend: .normal)
        emitStrip(outerIn, color, innerOut, color, clip: clip)
        emitStrip(outerIn, color, outerOut, fade(color), clip: clip)
        emitStrip(innerOut, color, innerIn, fade(color), clip: clip)
    }

    private func fade(_ c: VertexColor) -> VertexColor {
        VertexColor(r: c.r, g: c.g, b: c.b, a: 0)
    }

    /// The polygon on screen; nil when any corner is behind the eye or it is off the frame.
    private func project(_ points: [Point], _ map: ProjectiveMap) -> [(x: Double, y: Double)]? {
        guard points.count >= 3 else { return nil }
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(points.count)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            let h = map.apply(p.x, p.y)
            guard h.w > Compositor.nearW else { return nil }
            let x = h.x / h.w, y = h.y / h.w
            guard x.isFinite, y.isFinite else { return nil }
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            out.append((x, y))
        }
        guard maxX + 1 > clipBox.minX, minX - 1 < clipBox.maxX, maxY + 1 > clipBox.minY, minY - 1 < clipBox.maxY else {
            return nil
        }
        return out
    }

    private func vertex(_ p: (x: Double, y: Double), _ color: VertexColor) -> DrawVertex {
        DrawVertex(x: Float(p.x), y: Float(p.y), u: 0.5, v: 0.5, color: color)
    }

    private func emitFan(_ p: [(x: Double, y: Double)], color: VertexColor, clip: ClipPolygon?) {
        guard p.count >= 3 else { return }
        let a = vertex(p[0], color)
        for k in 1..<(p.count - 1) {
            emitPiece([a, vertex(p[k], color), vertex(p[k + 1], color)], clip: clip)
        }
    }

    /// Quads between corresponding corners of two polygons, closing the loop.
    private func emitStrip(_ a: [(x: Double, y: Double)], _ ca: VertexColor, _ b: [(x: Double, y: Double)],
                           _ cb: VertexColor, clip: ClipPolygon?) {
        guard a.count == b.count, a.count >= 2 else { return }
        for k in 0..<a.count {
            let j = (k + 1) % a.count
            emitPiece([vertex(a[k], ca), vertex(a[j], ca), vertex(b[j], cb), vertex(b[k], cb)], clip: clip)
        }
    }

    private func emitPiece(_ vertices: [DrawVertex], clip: ClipPolygon?) {
        if let clip {
            polygon.removeAll(keepingCapacity: true)
            polygon.append(contentsOf: vertices)
            clip.clip(&polygon, scratch: &scratch)
            guard polygon.count >= 3 else { return }
            for k in 1..<(polygon.count - 1) { drawList.triangle(polygon[0], polygon[k], polygon[k + 1]) }
        } else if vertices.count == 4 {
            // Two triangles, not a quad: a rim piece is not a parallelogram in colour.
            drawList.triangle(vertices[0], vertices[1], vertices[2])
            drawList.triangle(vertices[0], vertices[2], vertices[3])
        } else if vertices.count == 3 {
            drawList.triangle(vertices[0], vertices[1], vertices[2])
        }
    }

    /// The polygon moved outward (positive `distance`) or inward along its corners' mitres, in
    /// pixels. Repeated corners (a corner radius of zero) move with their neighbours.
    static func offset(_ p: [(x: Double, y: Double)], by distance: Double) -> [(x: Double, y: Double)] {
        let n = p.count
        guard n >= 3 else { return p }
        var area = 0.0
        for k in 0..<n {
            let a = p[k], b = p[(k + 1) % n]
            area += a.x * b.y - b.x * a.y
        }
        let sign: Double = area >= 0 ? 1 : -1
        // Outward unit normal of the edge from corner k to the next distinct corner.
        func normal(from k: Int, step: Int) -> (x: Double, y: Double)? {
            var j = k
            for _ in 0..<n {
                j = (j + step + n) % n
                let dx = step > 0 ? p[j].x - p[k].x : p[k].x - p[j].x
                let dy = step > 0 ? p[j].y - p[k].y : p[k].y - p[j].y
                let length = (dx * dx + dy * dy).squareRoot()
                if length > 1e-9 { return (dy / length * sign, -dx / length * sign) }
            }
            return nil
        }
        return (0..<n).map { k in
            guard let a = normal(from: k, step: -1), let b = normal(from: k, step: 1) else { return p[k] }
            var mx = a.x + b.x, my = a.y + b.y
            let length = (mx * mx + my * my).squareRoot()
            guard length > 1e-9 else { return (p[k].x + b.x * distance, p[k].y + b.y * distance) }
            mx /= length
            my /= length
            let cosine = max(mx * b.x + my * b.y, 0.35)
            return (p[k].x + mx * distance / cosine, p[k].y + my * distance / cosine)
        }
    }
}
