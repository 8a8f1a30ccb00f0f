import CPangoCairo
import LayerKit

/// Everything a shape layer's pixels depend on.
struct ShapeContent: Equatable {
    var path: Path
    var fillColor: Color
    var strokeColor: Color
    var lineWidth: Double
    var strokeStart: Double
    var strokeEnd: Double
    var lineCap: LineCap
    var lineJoin: LineJoin
    var fillRule: FillRule
    var dashPattern: [Double]
    var dashPhase: Double
    var miterLimit: Double
    /// Pixels per point of the texture (the layer's contentsScale), so that a shape drawn
    /// larger on screen (the viewer's `--ui-scale`) stays sharp.
    var scale: Double

    /// The layer as `slot` shows it; nil when it has no path.
    init?(_ layer: ShapeLayer, _ slot: StateSlot) {
        guard let path = layer.path(slot), !path.isEmpty else { return nil }
        self.path = path
        fillColor = layer.color(.fillColor, slot)
        strokeColor = layer.color(.strokeColor, slot)
        lineWidth = layer.number(.lineWidth, slot)
        strokeStart = layer.number(.strokeStart, slot)
        strokeEnd = layer.number(.strokeEnd, slot)
        lineCap = layer.choice(.lineCap, as: LineCap.self, slot)
        lineJoin = layer.choice(.lineJoin, as: LineJoin.self, slot)
        fillRule = layer.choice(.fillRule, as: FillRule.self, slot)
        if case .numbers(let dashes) = layer.value(.lineDashPattern, slot) {
            dashPattern = dashes
        } else {
            dashPattern = []
        }
        dashPhase = layer.number(.lineDashPhase, slot)
        miterLimit = layer.number(.miterLimit, slot)
        scale = Compositor.contentsScale(layer, slot)
    }

    private var strokes: Bool { strokeColor.a > 0 && lineWidth > 0 && lineWidth.isFinite }

    /// Fills then strokes the path into a texture covering its bounding box plus the stroke.
    /// Paths do not clip to the layer's bounds (as in Core Animation).
    func rasterize() -> RasterizedContent? {
        let fills = fillColor.a > 0
        guard fills || strokes else { return nil }
        let box = path.boundingBox
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        var pad = 1.0
        if strokes {
            let miter = lineJoin == .miter ? max(1, min(miterLimit.isFinite ? miterLimit : 10, 10)) : 1
            pad += lineWidth / 2 * max(miter, lineCap == .square ? 1.5 : 1)
        }
        let x0 = (box.minX - pad).rounded(.down), y0 = (box.minY - pad).rounded(.down)
        let x1 = (box.maxX + pad).rounded(.up), y1 = (box.maxY + pad).rounded(.up)
        let w = Int(max(1, min(x1 - x0, Double(CairoCanvas.maxSide) / scale)))
        let h = Int(max(1, min(y1 - y0, Double(CairoCanvas.maxSide) / scale)))
        guard let canvas = CairoCanvas(width: Int((Double(w) * scale).rounded(.up)), height: Int((Double(h) * scale).rounded(.up)))
        else { return nil }
        let cr = canvas.context
        if scale != 1 { cairo_scale(cr, scale, scale) }
        if fills {
            canvas.addPath(path, dx: -x0, dy: -y0)
            cairo_set_fill_rule(cr, fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            canvas.setColor(fillColor)
            cairo_fill(cr)
        }
        if strokes {
            cairo_new_path(cr)
            canvas.addPath(path, dx: -x0, dy: -y0)
            let start = max(0, min(1, strokeStart.isFinite ? strokeStart : 0))
            let end = max(0, min(1, strokeEnd.isFinite ? strokeEnd : 1))
            if start > 0 || end < 1 {
                guard end > start else { return fills ? RasterizedContent(texture: canvas.texture(label: "shape"), rect: Rect(x: x0, y: y0, width: Double(w), height: Double(h))) : nil }
                trim(cr, from: start, to: end)
            }
            cairo_set_line_width(cr, lineWidth)
            switch lineCap {
            case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
            }
            switch lineJoin {
            case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
            }
            cairo_set_miter_limit(cr, miterLimit.isFinite ? max(1, miterLimit) : 10)
            let dashes = dashPattern.filter { $0.isFinite && $0 >= 0 }
            if !dashes.isEmpty, dashes.contains(where: { $0 > 0 }) {
                cairo_set_dash(cr, dashes, Int32(dashes.count), dashPhase.isFinite ? dashPhase : 0)
            }
            canvas.setColor(strokeColor)
            cairo_stroke(cr)
        }
        return RasterizedContent(texture: canvas.texture(label: "shape"),
                                 rect: Rect(x: x0, y: y0, width: Double(w), height: Double(h)))
    }

    /// Replaces Cairo's current path with the part between fractions `start` and `end` of its
    /// length (all subpaths together, in order), as strokeStart and strokeEnd do.
    private func trim(_ cr: OpaquePointer, from start: Double, to end: Double) {
        guard let flat = cairo_copy_path_flat(cr) else { return }
        defer { cairo_path_destroy(flat) }
        // Collect polylines (closed ones end back at their start).
        var lines: [[(Double, Double)]] = []
        var i = 0
        let count = Int(flat.pointee.num_data)
        guard let data = flat.pointee.data else { return }
        var subpathStart: (Double, Double)?
        while i < count {
            let header = data[i].header
            let length = max(1, Int(header.length))
            guard i + length <= count else { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO where length >= 2:
                let p = (data[i + 1].point.x, data[i + 1].point.y)
                lines.append([p])
                subpathStart = p
            case CAIRO_PATH_LINE_TO where length >= 2:
                let p = (data[i + 1].point.x, data[i + 1].point.y)
                if lines.isEmpty { lines.append([]) }
                lines[lines.count - 1].append(p)
            case CAIRO_PATH_CLOSE_PATH:
                if let s = subpathStart, !lines.isEmpty { lines[lines.count - 1].append(s) }
            default:
                break
            }
            i += length
        }
        var total = 0.0
        for line in lines where line.count > 1 {
            for k in 1..<line.count { total += hypot(line[k].0 - line[k - 1].0, line[k].1 - line[k - 1].1) }
        }
        cairo_new_path(cr)
        guard total > 0 else { return }
        let a = start * total, b = end * total
        var travelled = 0.0
        for line in lines where line.count > 1 {
            var drawing = false
            for k in 1..<line.count {
                let p = line[k - 1], q = line[k]
                let len = hypot(q.0 - p.0, q.1 - p.1)
                let s0 = travelled, s1 = travelled + len
                travelled = s1
                guard len > 0, s1 > a, s0 < b else { continue }
                let t0 = max(0, (a - s0) / len), t1 = min(1, (b - s0) / len)
                if !drawing {
                    cairo_move_to(cr, p.0 + (q.0 - p.0) * t0, p.1 + (q.1 - p.1) * t0)
                    drawing = true
                }
                cairo_line_to(cr, p.0 + (q.0 - p.0) * t1, p.1 + (q.1 - p.1) * t1)
            }
        }
    }

    private func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
}
