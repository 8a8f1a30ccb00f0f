import LayerKit

/// The outlines of every visible layer's bounds and the dots of their anchor points, in root
/// coordinates, as they are on screen (presentation values): what F2 draws over the scene.
public struct BoundsOutline: Sendable {
    /// Each layer's bounds as a closed quadrilateral (3D transforms flattened, as drawn).
    public private(set) var outlines = Path()
    /// A small circle at each layer's anchor point.
    public private(set) var anchors = Path()
    /// Layers outlined.
    public private(set) var layerCount = 0
    /// Whether layers were left out because there were more than `limit`.
    public private(set) var truncated = false

    /// Outlines the visible layers under `root` (root itself excluded), at most `limit` of them.
    public init(root: Layer, limit: Int = 5_000, anchorRadius: Double = 2.5) {
        var stack = Array(root.sublayers.reversed())
        while let layer = stack.popLast() {
            if layer.bool(.hidden, .presentation) || layer.number(.opacity, .presentation) <= 0 { continue }
            guard layerCount < limit else { truncated = true; break }
            add(layer, anchorRadius: anchorRadius)
            stack.append(contentsOf: layer.sublayers.reversed())
        }
    }

    /// The outline and anchor point of `layer` alone.
    public init(layer: Layer, anchorRadius: Double = 4) {
        add(layer, anchorRadius: anchorRadius)
    }

    private mutating func add(_ layer: Layer, anchorRadius: Double) {
        let b = layer.rect(.bounds, .presentation)
        let corners = [Point(x: b.origin.x, y: b.origin.y), Point(x: b.origin.x + b.size.width, y: b.origin.y),
                       Point(x: b.origin.x + b.size.width, y: b.origin.y + b.size.height),
                       Point(x: b.origin.x, y: b.origin.y + b.size.height)]
        let onScreen = corners.compactMap { layer.convertPoint($0, to: nil, .presentation) }
        guard onScreen.count == 4, onScreen.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        layerCount += 1
        outlines.move(to: onScreen[0])
        for corner in onScreen.dropFirst() { outlines.addLine(to: corner) }
        outlines.closeSubpath()
        let anchor = layer.point(.anchorPoint, .presentation)
        let local = Point(x: b.origin.x + anchor.x * b.size.width, y: b.origin.y + anchor.y * b.size.height)
        if let dot = layer.convertPoint(local, to: nil, .presentation), dot.x.isFinite, dot.y.isFinite {
            anchors.move(to: Point(x: dot.x + anchorRadius, y: dot.y))
            anchors.addArc(center: dot, radius: anchorRadius, startAngle: 0, endAngle: 2 * Double.pi)
            anchors.closeSubpath()
        }
    }
}
