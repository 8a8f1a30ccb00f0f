import Foundation
import LayerKit
import Render

/// Lottie's form of a path: one subpath as vertices with in and out tangents (relative to their
/// vertex), open or closed.
public struct LottieBezier: Equatable, Sendable {
    public var closed: Bool
    public var vertices: [Point]
    public var inTangents: [Point]
    public var outTangents: [Point]

    public init(closed: Bool, vertices: [Point], inTangents: [Point], outTangents: [Point]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    /// The subpaths of `path`, quadratic curves raised to cubics; a closing segment back to the
    /// first vertex is folded into it. Subpaths with fewer than two vertices are left out.
    public static func subpaths(of path: Path) -> [LottieBezier] {
        var result: [LottieBezier] = []
        var current: LottieBezier?
        func finish(closed: Bool) {
            guard var bezier = current else { return }
            if closed, bezier.vertices.count > 1, let first = bezier.vertices.first, let last = bezier.vertices.last,
               abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9 {
                bezier.inTangents[0] = bezier.inTangents[bezier.vertices.count - 1]
                bezier.vertices.removeLast()
                bezier.inTangents.removeLast()
                bezier.outTangents.removeLast()
            }
            bezier.closed = closed
            if bezier.vertices.count >= 2 || (closed && bezier.vertices.count >= 1 && bezier.inTangents[0] != .zero) {
                result.append(bezier)
            }
            current = nil
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                current = LottieBezier(closed: false, vertices: [p], inTangents: [.zero], outTangents: [.zero])
            case .line(let p):
                current?.append(p, inTangent: .zero)
            case .quadCurve(let p, let c):
                guard let from = current?.vertices.last else { continue }
                let c1 = Point(x: from.x + 2.0 / 3 * (c.x - from.x), y: from.y + 2.0 / 3 * (c.y - from.y))
                let c2 = Point(x: p.x + 2.0 / 3 * (c.x - p.x), y: p.y + 2.0 / 3 * (c.y - p.y))
                current?.appendCurve(to: p, control1: c1, control2: c2)
            case .curve(let p, let c1, let c2):
                current?.appendCurve(to: p, control1: c1, control2: c2)
            case .close:
                let start = current?.vertices.first
                finish(closed: true)
                if let start {
                    current = LottieBezier(closed: false, vertices: [start], inTangents: [.zero], outTangents: [.zero])
                }
            }
        }
        finish(closed: false)
        return result
    }

    private mutating func append(_ p: Point, inTangent: Point) {
        vertices.append(p)
        inTangents.append(inTangent)
        outTangents.append(.zero)
    }

    private mutating func appendCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        guard let from = vertices.last else { return }
        outTangents[outTangents.count - 1] = Point(x: c1.x - from.x, y: c1.y - from.y)
        append(p, inTangent: Point(x: c2.x - p.x, y: c2.y - p.y))
    }

    /// The same subpath with every point (vertices and the tangents' ends) moved by `map`.
    public func mapped(_ map: (Point) -> Point) -> LottieBezier {
        var out = self
        for k in vertices.indices {
            let v = vertices[k]
            let mv = map(v)
            let mi = map(Point(x: v.x + inTangents[k].x, y: v.y + inTangents[k].y))
            let mo = map(Point(x: v.x + outTangents[k].x, y: v.y + outTangents[k].y))
            out.vertices[k] = mv
            out.inTangents[k] = Point(x: mi.x - mv.x, y: mi.y - mv.y)
            out.outTangents[k] = Point(x: mo.x - mv.x, y: mo.y - mv.y)
        }
        return out
    }

    /// A rectangle (corners rounded by `radius` where `corners` says, in the way `curve` says)
    /// as a closed subpath, clockwise from the top left.
    public static func rect(_ box: Rect, radius: Double, corners: CornerMask = .all,
                            curve: CornerCurve = .circular) -> LottieBezier {
        let x0 = box.minX, y0 = box.minY, x1 = box.maxX, y1 = box.maxY
        let wanted = max(0, radius) * (curve == .continuous ? Compositor.continuousReach : 1)
        let rr = min(wanted, box.width / 2, box.height / 2)
        guard rr > 0 else {
            let corners = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
            return LottieBezier(closed: true, vertices: corners, inTangents: Array(repeating: .zero, count: 4),
                                outTangents: Array(repeating: .zero, count: 4))
        }
        // Eight vertices, each corner one cubic (a corner left square keeps its two vertices at
        // the corner itself): a quarter circle, or for a continuous corner the renderer's
        // superellipse quarter over its longer reach (too big for its side, it is drawn circular,
        // as the renderer draws it). The handles' length makes the cubic pass through the
        // curve's middle: (8 · 2^(−1/n) − 4) / 3 of the radius, 0.5523 for a circle (n = 2).
        let exponent = curve == .continuous && wanted <= min(box.width, box.height) / 2 ? Compositor.continuousExponent : 2
        let k = (8 * pow(0.5, 1 / exponent) - 4) / 3 * rr
        func round(_ corner: CornerMask) -> (Double, Double) { corners.contains(corner) ? (rr, k) : (0, 0) }
        let (tl, tlk) = round(.minXMinY), (tr, trk) = round(.maxXMinY), (br, brk) = round(.maxXMaxY), (bl, blk) = round(.minXMaxY)
        let v = [Point(x: x0 + tl, y: y0), Point(x: x1 - tr, y: y0), Point(x: x1, y: y0 + tr), Point(x: x1, y: y1 - br),
                 Point(x: x1 - br, y: y1), Point(x: x0 + bl, y: y1), Point(x: x0, y: y1 - bl), Point(x: x0, y: y0 + tl)]
        let i = [Point(x: -tlk, y: 0), .zero, Point(x: 0, y: -trk), .zero, Point(x: brk, y: 0), .zero,
                 Point(x: 0, y: blk), .zero]
        let o = [Point.zero, Point(x: trk, y: 0), .zero, Point(x: 0, y: brk), .zero, Point(x: -blk, y: 0), .zero,
                 Point(x: 0, y: -tlk)]
        return LottieBezier(closed: true, vertices: v, inTangents: i, outTangents: o)
    }

    /// A closed polygon through `points`.
    public static func polygon(_ points: [Point]) -> LottieBezier {
        LottieBezier(closed: true, vertices: points, inTangents: Array(repeating: .zero, count: points.count),
                     outTangents: Array(repeating: .zero, count: points.count))
    }

    /// Twice the area the vertices enclose, positive when they wind clockwise on the screen
    /// (y down); tangents are left out, which is enough to tell outer contours from holes.
    var signedArea: Double {
        var sum = 0.0
        for k in vertices.indices {
            let a = vertices[k], b = vertices[(k + 1) % vertices.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    /// Vertices, in tangents and out tangents as one list of numbers (for fitting).
    var flattened: [Double] {
        var out: [Double] = []
        out.reserveCapacity(vertices.count * 6)
        for k in vertices.indices {
            out += [vertices[k].x, vertices[k].y, inTangents[k].x, inTangents[k].y, outTangents[k].x, outTangents[k].y]
        }
        return out
    }

    /// The subpath `flattened` describes, with this one's closedness.
    func with(flattened values: [Double]) -> LottieBezier {
        var out = self
        for k in vertices.indices where k * 6 + 5 < values.count {
            out.vertices[k] = Point(x: values[k * 6], y: values[k * 6 + 1])
            out.inTangents[k] = Point(x: values[k * 6 + 2], y: values[k * 6 + 3])
            out.outTangents[k] = Point(x: values[k * 6 + 4], y: values[k * 6 + 5])
        }
        return out
    }

    func json(decimals: Int) -> LottieJSON {
        func points(_ list: [Point]) -> LottieJSON {
            .array(list.map { .array([.number($0.x, decimals: decimals), .number($0.y, decimals: decimals)]) })
        }
        return .object([("c", .bool(closed)), ("v", points(vertices)), ("i", points(inTangents)), ("o", points(outTangents))])
    }
}
