import Foundation
import LayerKit

/// A rectangle of texture coordinates, 0...1 across the texture.
struct UVRect {
    var u0: Double, v0: Double, u1: Double, v1: Double
    static let unit = UVRect(u0: 0, v0: 0, u1: 1, v1: 1)
}

/// Projecting layer geometry to the screen and appending it to the draw list: quads (subdivided
/// where perspective would bend their texture), convex polygons, clipping.
extension Compositor {
    /// Appends the textured rectangle `r` (layer coordinates) showing `uv` of `texture`, read
    /// through `filters`.
    func emitQuad(_ r: Rect, uv: UVRect, texture: RenderTexture, color: VertexColor, blend: BlendMode,
                  map: ProjectiveMap, clip: ClipPolygon?, filters: ContentsFilters = .linear) {
        guard color.a > 0, r.width > 0, r.height > 0 else { return }
        let c0 = map.apply(r.minX, r.minY), c1 = map.apply(r.maxX, r.minY)
        let c2 = map.apply(r.maxX, r.maxY), c3 = map.apply(r.minX, r.maxY)
        let near = Compositor.nearW
        let front = c0.w > near && c1.w > near && c2.w > near && c3.w > near
        var n = 1
        var texture = texture
        var uv = uv
        var sampling = Sampling.linear
        if front {
            let x0 = c0.x / c0.w, y0 = c0.y / c0.w, x1 = c1.x / c1.w, y1 = c1.y / c1.w
            let x2 = c2.x / c2.w, y2 = c2.y / c2.w, x3 = c3.x / c3.w, y3 = c3.y / c3.w
            let minX = min(x0, x1, x2, x3), maxX = max(x0, x1, x2, x3)
            let minY = min(y0, y1, y2, y3), maxY = max(y0, y1, y2, y3)
            guard maxX > clipBox.minX, minX < clipBox.maxX, maxY > clipBox.minY, minY < clipBox.maxY else { return }
            if let clip, !(maxX > clip.minX && minX < clip.maxX && maxY > clip.minY && minY < clip.maxY) { return }
            guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
            // Nothing to cover (a layer scaled to zero, or seen edge-on).
            let twiceArea = (x2 - x0) * (y3 - y1) - (x3 - x1) * (y2 - y0)
            guard abs(twiceArea) > 1e-6 else { return }
            if !texture.isSolidWhite {
                let across = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
                let down = ((x3 - x0) * (x3 - x0) + (y3 - y0) * (y3 - y0)).squareRoot()
                let texelsAcross = (uv.u1 - uv.u0) * Double(texture.width)
                let texelsDown = (uv.v1 - uv.v0) * Double(texture.height)
                let scale = max(texelsAcross > 0 ? across / texelsAcross : 1, texelsDown > 0 ? down / texelsDown : 1)
                // Textures are drawn through their mipmap atlas: the level that suits the size,
                // and a border around each level so that filtering near an edge reads no
                // clamped (slow) texels; `nearest` reads the image itself (level 0). An offscreen
                // image, made anew whenever it changes and drawn at its size, is drawn directly
                // rather than have an atlas made each time.
                sampling = filters.sampling(atScale: scale)
                let level = sampling == .nearest ? 0 : texture.levelNumber(forScale: scale)
                if level > 0 || !texture.isDrawnAtItsSize {
                    let atlas = texture.mipmapAtlas()
                    uv = atlas.uv(uv, level: level)
                    texture = atlas.texture
                }
                let wMin = min(c0.w, c1.w, c2.w, c3.w), wMax = max(c0.w, c1.w, c2.w, c3.w)
                let bend = wMax / wMin - 1
                if bend > 1e-4 {
                    // Affine interpolation across a quad whose depth varies by `bend` is off by about
                    // bend × size / 4 pixels; n × n pieces cut that by n².
                    let size = max(maxX - minX, maxY - minY)
                    n = Int(min(24, max(1, (bend * size / 2).squareRoot().rounded(.up))))
                }
            }
            if n == 1 {
                drawList.begin(texture, blend: blend, sampling: sampling)
                let a = DrawVertex(x: Float(x0), y: Float(y0), u: Float(uv.u0), v: Float(uv.v0), color: color)
                let b = DrawVertex(x: Float(x1), y: Float(y1), u: Float(uv.u1), v: Float(uv.v0), color: color)
                let c = DrawVertex(x: Float(x2), y: Float(y2), u: Float(uv.u1), v: Float(uv.v1), color: color)
                let d = DrawVertex(x: Float(x3), y: Float(y3), u: Float(uv.u0), v: Float(uv.v1), color: color)
                if let clip {
                    emitClipped([a, b, c, d], clip: clip)
                } else {
                    drawList.quad(a, b, c, d)
                }
                return
            }
        } else {
            guard c0.w > near || c1.w > near || c2.w > near || c3.w > near else { return }
            n = 16
        }
        emitGrid(r, uv: uv, n: n, texture: texture, color: color, blend: blend, sampling: sampling, map: map, clip: clip)
    }

    /// Appends `r` cut into n × n quads, each projected at its corners; pieces with a corner
    /// behind the eye are left out.
    private func emitGrid(_ r: Rect, uv: UVRect, n: Int, texture: RenderTexture, color: VertexColor,
                          blend: BlendMode, sampling: Sampling, map: ProjectiveMap, clip: ClipPolygon?) {
        grid.removeAll(keepingCapacity: true)
        let side = n + 1
        for j in 0...n {
            let y = r.minY + r.height * Double(j) / Double(n)
            for i in 0...n {
                grid.append(map.apply(r.minX + r.width * Double(i) / Double(n), y))
            }
        }
        drawList.begin(texture, blend: blend, sampling: sampling)
        let near = Compositor.nearW
        func vertex(_ i: Int, _ j: Int) -> DrawVertex {
            let h = grid[j * side + i]
            return DrawVertex(x: Float(h.x / h.w), y: Float(h.y / h.w),
                              u: Float(uv.u0 + (uv.u1 - uv.u0) * Double(i) / Double(n)),
                              v: Float(uv.v0 + (uv.v1 - uv.v0) * Double(j) / Double(n)), color: color)
        }
        for j in 0..<n {
            for i in 0..<n {
                guard grid[j * side + i].w > near, grid[j * side + i + 1].w > near,
                      grid[(j + 1) * side + i + 1].w > near, grid[(j + 1) * side + i].w > near else { continue }
                let a = vertex(i, j), b = vertex(i + 1, j), c = vertex(i + 1, j + 1), d = vertex(i, j + 1)
                if let clip {
                    emitClipped([a, b, c, d], clip: clip)
                } else {
                    drawList.quad(a, b, c, d)
                }
            }
        }
    }

    /// Appends a convex polygon of vertices clipped to `clip`, as a fan (the current run).
    private func emitClipped(_ vertices: [DrawVertex], clip: ClipPolygon) {
        if vertices.allSatisfy({ clip.contains(Double($0.x), Double($0.y)) }) {
            fan(vertices)
            return
        }
        polygon.removeAll(keepingCapacity: true)
        polygon.append(contentsOf: vertices)
        clip.clip(&polygon, scratch: &scratch)
        fan(polygon)
    }

    private func fan(_ p: [DrawVertex]) {
        guard p.count >= 3 else { return }
        if p.count == 4 {
            drawList.quad(p[0], p[1], p[2], p[3])
            return
        }
        for i in 1..<(p.count - 1) { drawList.triangle(p[0], p[i], p[i + 1]) }
    }

    /// The part of a convex polygon (layer coordinates) in front of the eye: where w ≥ nearW,
    /// a half-plane of the layer's own plane.
    func clipToFront(_ points: [Point], _ map: ProjectiveMap) -> [Point] {
        let near = Compositor.nearW * 2
        func w(_ p: Point) -> Double { p.x * map.m13 + p.y * map.m23 + map.m33 }
        if points.allSatisfy({ w($0) >= near }) { return points }
        var out: [Point] = []
        guard var prev = points.last else { return [] }
        for cur in points {
            let wp = w(prev) - near, wc = w(cur) - near
            if wc >= 0 {
                if wp < 0 { out.append(mix(prev, cur, wp / (wp - wc))) }
                out.append(cur)
            } else if wp >= 0 {
                out.append(mix(prev, cur, wp / (wp - wc)))
            }
            prev = cur
        }
        return out
    }

    private func mix(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// Segments per rounded corner for a radius as big as it shows on screen.
    func segments(_ radius: Double, _ bounds: Rect, _ map: ProjectiveMap) -> Int {
        guard radius > 0, radius.isFinite else { return 0 }
        let scale = (abs(map.m11 * map.m22 - map.m12 * map.m21)).squareRoot() / max(abs(map.m33), 1e-9)
        let onScreen = min(radius, bounds.width / 2, bounds.height / 2) * (scale.isFinite ? scale : 1)
        return Int(min(32, max(2, (onScreen * 2).squareRoot().rounded(.up) + 1)))
    }

    /// The corners of a rectangle with circular corners of `radius` (clamped to half the shorter
    /// side) where `corners` says (square elsewhere), clockwise on screen from the top-left,
    /// `segments` pieces per rounded corner (none: the plain rectangle). With `keepingCount`, a
    /// radius of 0 still gives each corner its points (all at the corner), so that the outline
    /// pairs point for point with one of a larger radius (a border's inner edge).
    static func roundedRect(_ r: Rect, radius: Double, segments: Int, corners: CornerMask = .all,
                            keepingCount: Bool = false, curve: CornerCurve = .circular) -> [Point] {
        let wanted = max(radius.isFinite ? radius : 0, 0) * (curve == .continuous ? Compositor.continuousReach : 1)
        let c = min(wanted, r.width / 2, r.height / 2)
        // A continuous corner too big for its side is drawn as the circular one of that size.
        let exponent = curve == .continuous && wanted <= min(r.width, r.height) / 2 ? Compositor.continuousExponent : 2
        guard c > 0 || keepingCount, segments > 0, !corners.isEmpty else {
            return [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                    Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        }
        let centres = [Point(x: r.minX + c, y: r.minY + c), Point(x: r.maxX - c, y: r.minY + c),
                       Point(x: r.maxX - c, y: r.maxY - c), Point(x: r.minX + c, y: r.maxY - c)]
        var points: [Point] = []
        points.reserveCapacity(4 * (segments + 1))
        let square = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                      Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        let rounded: [CornerMask] = [.minXMinY, .maxXMinY, .maxXMaxY, .minXMaxY]
        for (k, centre) in centres.enumerated() {
            guard corners.contains(rounded[k]) else {
                points.append(square[k])
                continue
            }
            let start = Double.pi * (1 + Double(k) / 2)
            for s in 0...segments {
                let a = start + Double.pi / 2 * Double(s) / Double(segments)
                let (x, y) = exponent == 2 ? (cos(a), sin(a)) : Compositor.superellipse(a, exponent)
                points.append(Point(x: centre.x + c * x, y: centre.y + c * y))
            }
        }
        return points
    }

    /// How far along each edge a continuous corner reaches, as a multiple of cornerRadius (the
    /// figure measured on iOS's own continuous corners).
    public static let continuousReach = 1.528
    /// The superellipse exponent whose quarter, stretched over that reach, follows iOS's
    /// continuous corner closely (2 would be a circle).
    public static let continuousExponent = 5.0

    /// The point at angle `a` on a unit superellipse |x|ⁿ + |y|ⁿ = 1.
    static func superellipse(_ a: Double, _ n: Double) -> (Double, Double) {
        let c = cos(a), s = sin(a)
        let x = (c < 0 ? -1.0 : 1.0) * pow(abs(c), 2 / n), y = (s < 0 ? -1.0 : 1.0) * pow(abs(s), 2 / n)
        return (x, y)
    }
}
