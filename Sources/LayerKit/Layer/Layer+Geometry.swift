/// Frames, point conversion between layers and hit testing, through the full 3D transforms
/// (flattened into each superlayer's plane, as Core Animation renders them).
extension Layer {
    /// The layer's rectangle in its superlayer's coordinates: the bounding box of its bounds moved
    /// by position and anchorPoint and transformed. Setting it sets `bounds.size` and `position`
    /// (ignoring the transform, as Core Animation documents the setter only for the identity).
    public var frame: Rect {
        get { frame(.model) }
        set {
            let size = newValue.standardized.size
            let anchor = point(.anchorPoint)
            var bounds = rect(.bounds)
            bounds.size = size
            let position = Point(x: newValue.standardized.minX + anchor.x * size.width,
                                 y: newValue.standardized.minY + anchor.y * size.height)
            try? setValue(.rect(bounds), for: .bounds)
            try? setValue(.point(position), for: .position)
        }
    }

    /// The frame computed from `slot`'s values.
    public func frame(_ slot: StateSlot) -> Rect {
        let b = rect(.bounds, slot)
        let m = matrixToSuperlayer(slot, includingSublayerTransform: false)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY),
                       Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY)] {
            let h = m.apply(x: corner.x, y: corner.y, z: 0)
            let w = abs(h.w) < 1e-12 ? 1e-12 : h.w
            let x = h.x / w, y = h.y / w
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The 4×4 matrix taking a point in this layer's bounds coordinates to its superlayer's:
    /// to the anchor point, through `transform`, to `position` and `zPosition`, then (optionally)
    /// through the superlayer's `sublayerTransform` about the superlayer's anchor point.
    public func matrixToSuperlayer(_ slot: StateSlot, includingSublayerTransform: Bool = true) -> Transform3D {
        let b = rect(.bounds, slot)
        let anchor = point(.anchorPoint, slot)
        let ax = b.origin.x + anchor.x * b.size.width
        let ay = b.origin.y + anchor.y * b.size.height
        let position = point(.position, slot)
        var m = Transform3D(translationX: -ax, y: -ay, z: -number(.anchorPointZ, slot))
        m = m.concatenating(transform(.transform, slot))
        m = m.concatenating(Transform3D(translationX: position.x, y: position.y, z: number(.zPosition, slot)))
        if includingSublayerTransform, let parent = superlayer {
            let sub = parent.transform(.sublayerTransform, slot)
            if !sub.isIdentity {
                let pb = parent.rect(.bounds, slot)
                let pa = parent.point(.anchorPoint, slot)
                let px = pb.origin.x + pa.x * pb.size.width, py = pb.origin.y + pa.y * pb.size.height
                m = m.concatenating(Transform3D(translationX: -px, y: -py))
                    .concatenating(sub)
                    .concatenating(Transform3D(translationX: px, y: py))
            }
        }
        return m
    }

    /// Converts `point` from this layer's coordinates to `layer`'s (nil: the root's).
    /// Returns nil when the point cannot be seen from there (behind the eye of a perspective).
    public func convertPoint(_ point: Point, to layer: Layer?, _ slot: StateSlot = .model) -> Point? {
        guard let inRoot = toRootAncestor(point, slot) else { return nil }
        guard let layer else { return inRoot }
        return layer.fromRootAncestor(inRoot, slot)
    }

    /// Converts `point` from `layer`'s coordinates (nil: the root's) to this layer's.
    public func convertPoint(_ point: Point, from layer: Layer?, _ slot: StateSlot = .model) -> Point? {
        guard let inRoot = layer.map({ $0.toRootAncestor(point, slot) }) ?? point else { return nil }
        return fromRootAncestor(inRoot, slot)
    }

    /// Whether `point` (in this layer's coordinates) is inside its bounds.
    public func contains(_ point: Point, _ slot: StateSlot = .model) -> Bool {
        rect(.bounds, slot).contains(point)
    }

    /// The deepest visible layer under `point`, given in this layer's superlayer's coordinates,
    /// front to back (later sublayers and higher zPosition first). Sublayers outside their
    /// superlayer's bounds can be hit unless it masks to bounds. Hidden layers and their
    /// sublayers are skipped.
    /// A transform layer is never the result: as Core Animation does, the test passes over it to
    /// its sublayers, each placed in 3D by the transform layers above it, nearest first.
    public func hitTest(_ point: Point, _ slot: StateSlot = .model) -> Layer? {
        hitTest(point, through: matrixToSuperlayer(slot), slot)
    }

    /// `hitTest` of a point in the plane that `matrix` takes this layer's bounds coordinates to.
    private func hitTest(_ point: Point, through matrix: Transform3D, _ slot: StateSlot) -> Layer? {
        if bool(.hidden, slot) { return nil }
        if let transformLayer = self as? TransformLayer {
            var leaves: [TransformLayerLeaf] = []
            transformLayer.leaves(matrix: matrix, slot, into: &leaves)
            for leaf in leaves.reversed() {
                let toPlane = leaf.layer.matrixToSuperlayer(slot).concatenating(leaf.extra)
                if let hit = leaf.layer.hitTest(point, through: toPlane, slot) { return hit }
            }
            return nil
        }
        guard let p = Homography(flattening: matrix).inverted?.apply(point) else { return nil }
        let inside = contains(p, slot)
        if bool(.masksToBounds, slot) && !inside { return nil }
        for layer in sublayersFrontToBack(slot) {
            if let hit = layer.hitTest(p, slot) { return hit }
        }
        return inside ? self : nil
    }

    /// Sublayers in drawing order (zPosition, then sublayer order), back to front.
    public func sublayersBackToFront(_ slot: StateSlot = .presentation) -> [Layer] {
        let sublayers = sublayers(slot)
        if sublayers.allSatisfy({ $0.number(.zPosition, slot) == 0 }) { return sublayers }
        return sublayers.enumerated().sorted { a, b in
            let za = a.element.number(.zPosition, slot), zb = b.element.number(.zPosition, slot)
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }

    private func sublayersFrontToBack(_ slot: StateSlot) -> [Layer] {
        sublayersBackToFront(slot).reversed()
    }

    /// The map from this layer's coordinates to the plane it is drawn in (its superlayer's, or,
    /// under transform layers, that of the first ancestor that is not one, through them in 3D),
    /// and that ancestor; nil for a layer without a superlayer.
    private func flatteningStep(_ slot: StateSlot) -> (map: Homography, plane: Layer)? {
        guard var plane = superlayer else { return nil }
        var m = matrixToSuperlayer(slot)
        while plane is TransformLayer, let next = plane.superlayer {
            m = m.concatenating(plane.matrixToSuperlayer(slot))
            plane = next
        }
        return (Homography(flattening: m), plane)
    }

    private func toRootAncestor(_ point: Point, _ slot: StateSlot) -> Point? {
        var p = point
        var layer = self
        while let step = layer.flatteningStep(slot) {
            guard let next = step.map.apply(p) else { return nil }
            p = next
            layer = step.plane
        }
        return p
    }

    private func fromRootAncestor(_ point: Point, _ slot: StateSlot) -> Point? {
        var maps: [Homography] = []
        var layer = self
        while let step = layer.flatteningStep(slot) {
            maps.append(step.map)
            layer = step.plane
        }
        var p = point
        for map in maps.reversed() {
            guard let inverse = map.inverted, let next = inverse.apply(p) else { return nil }
            p = next
        }
        return p
    }
}

/// A projective map of the plane, (x, y, 1) · H, as a layer's 4×4 transform acts on its z = 0 plane
/// once depth is flattened away.
struct Homography {
    var h11, h12, h13, h21, h22, h23, h31, h32, h33: Double

    init(flattening m: Transform3D) {
        h11 = m.m11; h12 = m.m12; h13 = m.m14
        h21 = m.m21; h22 = m.m22; h23 = m.m24
        h31 = m.m41; h32 = m.m42; h33 = m.m44
    }

    init(_ h11: Double, _ h12: Double, _ h13: Double, _ h21: Double, _ h22: Double, _ h23: Double,
         _ h31: Double, _ h32: Double, _ h33: Double) {
        self.h11 = h11; self.h12 = h12; self.h13 = h13
        self.h21 = h21; self.h22 = h22; self.h23 = h23
        self.h31 = h31; self.h32 = h32; self.h33 = h33
    }

    /// The image of `p`, or nil when it lands at or behind the eye (w ≤ 0).
    func apply(_ p: Point) -> Point? {
        let w = p.x * h13 + p.y * h23 + h33
        guard w > 1e-12, w.isFinite else { return nil }
        return Point(x: (p.x * h11 + p.y * h21 + h31) / w, y: (p.x * h12 + p.y * h22 + h32) / w)
    }

    /// The inverse map, or nil when the map is singular (a layer seen edge-on or scaled to 0).
    var inverted: Homography? {
        let c11 = h22 * h33 - h23 * h32, c12 = h23 * h31 - h21 * h33, c13 = h21 * h32 - h22 * h31
        let det = h11 * c11 + h12 * c12 + h13 * c13
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let inv = 1 / det
        return Homography(
            c11 * inv, (h13 * h32 - h12 * h33) * inv, (h12 * h23 - h13 * h22) * inv,
            c12 * inv, (h11 * h33 - h13 * h31) * inv, (h13 * h21 - h11 * h23) * inv,
            c13 * inv, (h12 * h31 - h11 * h32) * inv, (h11 * h22 - h12 * h21) * inv)
    }
}
