import LayerKit

/// The shadow of a layer with a `shadowPath`: the path filled (non-zero winding), blurred by
/// shadowRadius and moved by shadowOffset, in the layer's coordinates, whatever the layer and its
/// sublayers draw. It is drawn and blurred only when the path or the radius changes, and costs
/// no second composition of the subtree, which is why Core Animation recommends it.
extension Compositor {
    func drawPathShadow(of layer: Layer, path: Path, map: ProjectiveMap, opacity: Double, tint: Tint,
                        clip: ClipPolygon?, slot: StateSlot) {
        let color = layer.color(.shadowColor, slot)
        guard color.a > 0, !path.isEmpty else { return }
        let blur = max(0, min(layer.number(.shadowRadius, slot), 256))
        let offset = layer.size(.shadowOffset, slot)
        let box = path.boundingBox.standardized
        let limit = Double(CairoCanvas.maxSide)
        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite,
              box.width < limit, box.height < limit, abs(box.minX) < 1e9, abs(box.minY) < 1e9 else { return }
        // The canvas: the path's bounding box on whole points.
        let x0 = box.minX.rounded(.down), y0 = box.minY.rounded(.down)
        let w = max(1, Int((box.maxX - x0).rounded(.up))), h = max(1, Int((box.maxY - y0).rounded(.up)))
        let made = cache.shadow(for: layer, key: .path(path, radius: blur), source: nil) {
            ShadowMaker.pathShadow(path, width: w, height: h, dx: -x0, dy: -y0, blur: blur)
        }
        guard let texture = made else { return }
        let pad = Double(ShadowMaker.padding(blur))
        let area = Rect(x: x0 - pad + offset.width, y: y0 - pad + offset.height,
                        width: Double(w) + 2 * pad, height: Double(h) + 2 * pad)
        emitQuad(area, uv: .unit, texture: texture, color: vertexColor(color, tint, opacity), blend: .normal,
                 map: map, clip: clip)
    }
}
