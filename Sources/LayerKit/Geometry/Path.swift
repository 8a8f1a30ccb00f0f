import Foundation

/// A shape made of lines and curves (CGPath): what a ShapeLayer draws and what a keyframe
/// animation can follow. Arcs are stored as cubic Bézier curves.
public struct Path: Sendable, Equatable {
    /// One drawing step.
    public enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case close
    }

    /// The steps, in order.
    public private(set) var elements: [Element] = []
    /// Where the pen is; nil before the first move.
    public private(set) var currentPoint: Point?
    private var subpathStart: Point?

    public init() {}

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(p))
        currentPoint = p
        subpathStart = p
    }

    /// A straight line to `p` (a move when there is no current point).
    public mutating func addLine(to p: Point) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.line(p))
        currentPoint = p
    }

    /// A quadratic Bézier curve to `p`.
    public mutating func addQuadCurve(to p: Point, control c: Point) {
        if currentPoint == nil { move(to: c) }
        elements.append(.quadCurve(to: p, control: c))
        currentPoint = p
    }

    /// A cubic Bézier curve to `p`.
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        if currentPoint == nil { move(to: c1) }
        elements.append(.curve(to: p, control1: c1, control2: c2))
        currentPoint = p
    }

    /// A circular arc around `center` from `startAngle` to `endAngle` (radians, 0 along +x).
    /// `clockwise` is as seen on screen, where y grows downward (angles increase clockwise),
    /// as UIBezierPath's. A line joins the current point to the arc's start.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        let r = abs(radius)
        let start = Point(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if sweep > full { sweep = full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if sweep < -full { sweep = -full }
        }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
            let p3 = Point(x: center.x + r * cos(next), y: center.y + r * sin(next))
            let c1 = Point(x: p0.x - k * r * sin(angle), y: p0.y + k * r * cos(angle))
            let c2 = Point(x: p3.x + k * r * sin(next), y: p3.y - k * r * cos(next))
            addCurve(to: p3, control1: c1, control2: c2)
            angle = next
        }
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// A rectangle, clockwise from its top-left corner.
    public static func rect(_ r: Rect) -> Path {
        let r = r.standardized
        var p = Path()
        p.move(to: Point(x: r.minX, y: r.minY))
        p.addLine(to: Point(x: r.maxX, y: r.minY))
        p.addLine(to: Point(x: r.maxX, y: r.maxY))
        p.addLine(to: Point(x: r.minX, y: r.maxY))
        p.closeSubpath()
        return p
    }

    /// The ellipse inscribed in `r`.
    public static func ellipse(in r: Rect) -> Path {
        let r = r.standardized
        let k = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        var p = Path()
        p.move(to: Point(x: cx + rx, y: cy))
        p.addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry))
        p.addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry))
        p.addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry))
        p.addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry))
        p.closeSubpath()
        return p
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    public static func roundedRect(_ r: Rect, cornerRadius radius: Double, corners: CornerMask = .all) -> Path {
        let r = r.standardized
        let c = min(max(radius.isFinite ? radius : 0, 0), min(r.width, r.height) / 2)
        guard c > 0, !corners.isEmpty else { return rect(r) }
        var p = Path()
        p.move(to: Point(x: r.minX + (corners.contains(.minXMinY) ? c : 0), y: r.minY))
        // Each corner an arc where `corners` rounds it, else the square corner.
        func corner(_ mask: CornerMask, _ square: Point, _ center: Point, _ start: Double) {
            if corners.contains(mask) {
                p.addArc(center: center, radius: c, startAngle: start, endAngle: start + .pi / 2)
            } else {
                p.addLine(to: square)
            }
        }
        corner(.maxXMinY, Point(x: r.maxX, y: r.minY), Point(x: r.maxX - c, y: r.minY + c), -.pi / 2)
        corner(.maxXMaxY, Point(x: r.maxX, y: r.maxY), Point(x: r.maxX - c, y: r.maxY - c), 0)
        corner(.minXMaxY, Point(x: r.minX, y: r.maxY), Point(x: r.minX + c, y: r.maxY - c), .pi / 2)
        corner(.minXMinY, Point(x: r.minX, y: r.minY), Point(x: r.minX + c, y: r.minY + c), .pi)
        p.closeSubpath()
        return p
    }

    /// Whether the path has no drawing steps.
    public var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle holding every point and control point.
    public var boundingBox: Rect {
        var points: [Point] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case let .quadCurve(p, c): points.append(contentsOf: [p, c])
            case let .curve(p, c1, c2): points.append(contentsOf: [p, c1, c2])
            case .close: break
            }
        }
        guard let first = points.first else { return .zero }
        var r = Rect(origin: first, size: .zero)
        for p in points.dropFirst() { r = r.union(Rect(origin: p, size: .zero)) }
        return r
    }
}
