import LayerKit

/// Group opacity (`allowsGroupOpacity`, true by default as in Core Animation since iOS 7): a
/// layer faded below 1 whose subtree draws overlapping things is composed offscreen at full
/// opacity and faded once, so that an upper sublayer hides a lower one instead of showing it
/// through. Where nothing in the subtree overlaps, fading each layer on its own draws the same
/// pixels, so no offscreen image is made. Transform layers fade each sublayer on its own.
extension Compositor {
    /// The most drawing layers a subtree's overlap is checked for, pair by pair; a subtree with
    /// more is faded as a group without looking.
    static let groupOverlapChecks = 24

    /// Whether `layer` is faded as one image with its subtree.
    func fadesAsGroup(_ layer: Layer, _ slot: StateSlot) -> Bool {
        let opacity = layer.number(.opacity, slot)
        guard fadesGroups, opacity < 1 - 0.5 / 255, layer.bool(.allowsGroupOpacity, slot), layer.kind != .transform else { return false }
        let sublayers = layer.sublayers(slot)
        guard !sublayers.isEmpty else { return false }
        if let replicator = layer as? ReplicatorLayer, replicator.number(.instanceCount, slot) > 1 { return true }
        var boxes: [Rect] = []
        if Compositor.drawsOwnContent(layer, slot) { boxes.append(layer.rect(.bounds, slot).standardized) }
        var overflow = false
        func collect(_ node: Layer) {
            guard !overflow, !node.bool(.hidden, slot), node.number(.opacity, slot) >= 0.5 / 255 else { return }
            // A descendant that repeats or projects its sublayers: assume they overlap.
            if node.kind == .transform || node is ReplicatorLayer || node is EmitterLayer {
                overflow = true
                return
            }
            if Compositor.drawsOwnContent(node, slot) {
                guard let box = Compositor.box(of: node, in: layer, slot) else {
                    overflow = true
                    return
                }
                boxes.append(box)
                if boxes.count > Compositor.groupOverlapChecks { overflow = true }
            }
            for sublayer in node.sublayers(slot) { collect(sublayer) }
        }
        for sublayer in sublayers { collect(sublayer) }
        if overflow { return true }
        for i in boxes.indices {
            for j in boxes.indices where j > i && boxes[i].intersects(boxes[j]) { return true }
        }
        return false
    }

    /// Whether `layer` draws anything of its own (not counting its sublayers).
    static func drawsOwnContent(_ layer: Layer, _ slot: StateSlot) -> Bool {
        if layer.color(.backgroundColor, slot).a > 0 || layer.contents(slot) != nil { return true }
        if layer.number(.borderWidth, slot) > 0 && layer.color(.borderColor, slot).a > 0 { return true }
        if layer.number(.shadowOpacity, slot) > 0 { return true }
        return layer is TextLayer || layer is ShapeLayer || layer is GradientLayer
    }

    /// The box `node`'s bounds (and, for a shape, its path; with its shadow) cover in
    /// `ancestor`'s coordinates; nil when a corner cannot be taken there.
    static func box(of node: Layer, in ancestor: Layer, _ slot: StateSlot) -> Rect? {
        var own = node.rect(.bounds, slot).standardized
        if let shape = node as? ShapeLayer, let path = shape.path(slot), !path.isEmpty {
            let pad = max(shape.number(.lineWidth, slot), 0) / 2 + 1
            own = own.union(path.boundingBox.insetBy(dx: -pad, dy: -pad))
        }
        if node.number(.shadowOpacity, slot) > 0 {
            let spread = 3 * max(node.number(.shadowRadius, slot), 0)
            let offset = node.size(.shadowOffset, slot)
            own = own.union(own.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -spread, dy: -spread))
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in [Point(x: own.minX, y: own.minY), Point(x: own.maxX, y: own.minY),
                       Point(x: own.maxX, y: own.maxY), Point(x: own.minX, y: own.maxY)] {
            guard let point = node.convertPoint(corner, to: ancestor, slot), point.x.isFinite, point.y.isFinite else {
                return nil
            }
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
