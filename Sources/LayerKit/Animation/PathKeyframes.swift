import Foundation

/// A path as a keyframe animation follows it (CAKeyframeAnimation.path).
///
/// Apple: "The end point of a line-to or curve-to segment defines the keyframe value … Move-to
/// segments do not define separate keyframe values." The keyframes are the path's start and the
/// end of each line, curve and closing line; a move between subpaths is a jump at the start of
/// the segment after it, never travelled, in every calculation mode. A segment is traversed by
/// its curve parameter, or by arc length for the paced modes (which time segments by length).
struct PathKeyframes {
    /// One keyframe interval: a line or a Bézier curve, from where the pen is (after any jump).
    enum Segment {
        case line(Point, Point)
        case quad(Point, Point, Point)
        case cubic(Point, Point, Point, Point)
    }

    /// The segments, one per keyframe interval.
    let segments: [Segment]
    /// The keyframe values: the start, then each segment's end.
    let points: [Point]
    /// Per segment, the arc length at `samplesPerCurve` even steps of the curve parameter
    /// (two entries for a line).
    private let arcLengths: [[Double]]

    /// Even parameter steps at which a curve's length is measured.
    static let samplesPerCurve = 64

    /// The keyframes of `path`; nil when it has no point at all.
    init?(_ path: Path) {
        var segments: [Segment] = []
        var points: [Point] = []
        var pen: Point?
        var subpathStart: Point?
        for element in path.elements {
            switch element {
            case .move(let p):
                if points.isEmpty { points.append(p) }
                pen = p
                subpathStart = p
            case .line(let p):
                if let a = pen { segments.append(.line(a, p)); points.append(p) }
                pen = p
            case let .quadCurve(p, c):
                if let a = pen { segments.append(.quad(a, c, p)); points.append(p) }
                pen = p
            case let .curve(p, c1, c2):
                if let a = pen { segments.append(.cubic(a, c1, c2, p)); points.append(p) }
                pen = p
            case .close:
                // The closing line, unless the subpath already ended where it began.
                if let a = pen, let s = subpathStart, a != s { segments.append(.line(a, s)); points.append(s) }
                pen = subpathStart
            }
        }
        guard !points.isEmpty else { return nil }
        self.segments = segments
        self.points = points
        arcLengths = segments.map(PathKeyframes.arcLengths)
    }

    /// Each segment's length.
    var lengths: [Double] { arcLengths.map { $0.last ?? 0 } }

    /// The point `local` (0…1) of the way along segment `index`, by curve parameter or (when
    /// `byLength`) by arc length, and the direction of travel there (radians, 0 along +x).
    func point(segment index: Int, at local: Double, byLength: Bool) -> (Point, angle: Double) {
        guard !segments.isEmpty else { return (points[0], 0) }
        let index = min(max(index, 0), segments.count - 1)
        let segment = segments[index]
        let u = min(max(local.isNaN ? 0 : local, 0), 1)
        let t = byLength ? parameter(segment: index, reachingLength: u) : u
        let here = PathKeyframes.evaluate(segment, at: t)
        var d = PathKeyframes.derivative(segment, at: t)
        if d.x == 0 && d.y == 0 {
            // A control point on an end leaves no derivative there: take the way to a point just
            // inside the curve, or failing that, the chord.
            let step = t < 0.5 ? 1e-4 : -1e-4
            let near = PathKeyframes.evaluate(segment, at: t + step)
            d = Point(x: (near.x - here.x) / step, y: (near.y - here.y) / step)
            if d.x == 0 && d.y == 0 {
                let (a, b) = PathKeyframes.ends(segment)
                d = Point(x: b.x - a.x, y: b.y - a.y)
            }
        }
        return (here, atan2(d.y, d.x))
    }

    /// The curve parameter at which segment `index` has covered `fraction` of its length.
    private func parameter(segment index: Int, reachingLength fraction: Double) -> Double {
        let table = arcLengths[min(max(index, 0), arcLengths.count - 1)]
        guard let total = table.last, total > 0, table.count > 1 else { return fraction }
        let target = fraction * total
        var j = 1
        while j < table.count - 1 && table[j] < target { j += 1 }
        let piece = table[j] - table[j - 1]
        let within = piece > 0 ? (target - table[j - 1]) / piece : 0
        return (Double(j - 1) + within) / Double(table.count - 1)
    }

    private static func ends(_ segment: Segment) -> (Point, Point) {
        switch segment {
        case let .line(a, b), let .quad(a, _, b), let .cubic(a, _, _, b): return (a, b)
        }
    }

    /// The point at curve parameter `t`.
    static func evaluate(_ segment: Segment, at t: Double) -> Point {
        let u = 1 - t
        switch segment {
        case let .line(a, b):
            return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        case let .quad(a, c, b):
            return Point(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x,
                         y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
        case let .cubic(a, c1, c2, b):
            let k0 = u * u * u, k1 = 3 * u * u * t, k2 = 3 * u * t * t, k3 = t * t * t
            return Point(x: k0 * a.x + k1 * c1.x + k2 * c2.x + k3 * b.x,
                         y: k0 * a.y + k1 * c1.y + k2 * c2.y + k3 * b.y)
        }
    }

    /// The derivative with respect to the curve parameter at `t`.
    static func derivative(_ segment: Segment, at t: Double) -> Point {
        let u = 1 - t
        switch segment {
        case let .line(a, b):
            return Point(x: b.x - a.x, y: b.y - a.y)
        case let .quad(a, c, b):
            return Point(x: 2 * u * (c.x - a.x) + 2 * t * (b.x - c.x), y: 2 * u * (c.y - a.y) + 2 * t * (b.y - c.y))
        case let .cubic(a, c1, c2, b):
            let k0 = 3 * u * u, k1 = 6 * u * t, k2 = 3 * t * t
            return Point(x: k0 * (c1.x - a.x) + k1 * (c2.x - c1.x) + k2 * (b.x - c2.x),
                         y: k0 * (c1.y - a.y) + k1 * (c2.y - c1.y) + k2 * (b.y - c2.y))
        }
    }

    /// The arc length at even parameter steps (chords between evaluated points).
    private static func arcLengths(_ segment: Segment) -> [Double] {
        if case let .line(a, b) = segment { return [0, hypot(b.x - a.x, b.y - a.y)] }
        var lengths = [0.0]
        var previous = evaluate(segment, at: 0)
        for i in 1...samplesPerCurve {
            let p = evaluate(segment, at: Double(i) / Double(samplesPerCurve))
            lengths.append(lengths[i - 1] + hypot(p.x - previous.x, p.y - previous.y))
            previous = p
        }
        return lengths
    }
}
