import LayerKit

/// What one layer draws of its own, in Core Animation's order: shadow, background, contents (an
/// image, or text, a shape or a gradient drawn on the CPU); its border comes after its sublayers.
extension Compositor {
    func drawContent(of layer: Layer, bounds: Rect, map: ProjectiveMap, opacity: Double, tint: Tint,
                     clip: ClipPolygon?, slot: StateSlot, castsShadow: Bool) {
        let background = layer.color(.backgroundColor, slot)
        let radius = max(0, layer.number(.cornerRadius, slot))
        let corners = layer.maskedCorners
        var content: RasterizedContent?
        var contentsImage: (texture: RenderTexture, rect: Rect, uv: UVRect)?
        if let image = layer.contents(slot) {
            let texture = cache.texture(for: image)
            let (rect, uv) = contentsPlacement(layer, bounds, image, slot)
            contentsImage = (texture, rect, uv)
        } else {
            content = rasterizedContent(of: layer, bounds: bounds, slot: slot)
        }

        let shadowOpacity = castsShadow ? layer.number(.shadowOpacity, slot) : 0
        if shadowOpacity > 0 {
            let shadowAlpha = opacity * min(shadowOpacity, 1)
            if let path = layer.shadowPath(slot) {
                drawPathShadow(of: layer, path: path, map: map, opacity: shadowAlpha, tint: tint, clip: clip, slot: slot)
            } else if layer.sublayers(slot).isEmpty {
                drawShadow(of: layer, bounds: bounds, map: map, opacity: shadowAlpha, tint: tint, clip: clip,
                           background: background, radius: radius, content: content, image: contentsImage, slot: slot)
            } else {
                drawSubtreeShadow(of: layer, bounds: bounds, map: map, opacity: shadowAlpha, tint: tint, clip: clip,
                                  slot: slot)
            }
        }
        if background.a > 0 && !bounds.isEmpty {
            let color = vertexColor(background, tint, opacity)
            if radius > 0 {
                let points = Compositor.roundedRect(bounds, radius: radius, segments: segments(radius, bounds, map),
                                                    corners: corners,
                                                    curve: layer.choice(.cornerCurve, as: CornerCurve.self, slot))
                emitSmoothPolygon(points, color: color, map: map, clip: clip)
            } else {
                emitQuad(bounds, uv: .unit, texture: cache.white, color: color, blend: .normal, map: map, clip: clip)
            }
        }
        let white = VertexColor(red: tint.r, green: tint.g, blue: tint.b, alpha: opacity)
        let filters = ContentsFilters(layer, slot)
        if let contentsImage {
            drawContentsImage(contentsImage.texture, rect: contentsImage.rect, uv: contentsImage.uv,
                              center: layer.rect(.contentsCenter, slot), scale: Compositor.contentsScale(layer, slot),
                              color: white, filters: filters, map: map, clip: clip)
        } else if let content {
            emitQuad(content.rect, uv: .unit, texture: content.texture, color: white, blend: .normal, map: map, clip: clip,
                     filters: filters)
        }
    }

    /// A layer's contentsScale, pixels of its contents image per point (1 when that is not a
    /// positive number).
    static func contentsScale(_ layer: Layer, _ slot: StateSlot) -> Double {
        let scale = layer.number(.contentsScale, slot)
        return scale > 0 && scale.isFinite ? scale : 1
    }

    /// Text, shape and gradient layers' content as `slot` shows it, from the cache unless it changed.
    private func rasterizedContent(of layer: Layer, bounds: Rect, slot: StateSlot) -> RasterizedContent? {
        switch layer {
        case let text as TextLayer:
            let key = TextContent(text, slot)
            let cached = cache.content(for: layer, key: .text(key)) {
                key.rasterize().map { RasterizedContent(texture: $0, rect: .zero) }
            }
            // Text and gradients cover the bounds wherever their origin is now.
            return cached.map { RasterizedContent(texture: $0.texture, rect: Rect(origin: bounds.origin,
                                                  size: Size(width: Double(key.width), height: Double(key.height)))) }
        case let shape as ShapeLayer:
            guard let key = ShapeContent(shape, slot) else { return nil }
            return cache.content(for: layer, key: .shape(key)) { key.rasterize() }
        case let gradient as GradientLayer:
            let key = GradientContent(gradient, slot)
            let cached = cache.content(for: layer, key: .gradient(key)) {
                key.rasterize().map { RasterizedContent(texture: $0, rect: .zero) }
            }
            return cached.map { RasterizedContent(texture: $0.texture, rect: Rect(origin: bounds.origin,
                                                  size: Size(width: Double(key.width), height: Double(key.height)))) }
        default:
            return nil
        }
    }

    /// Where a contents image lands in the bounds (contentsGravity, its size in points being its
    /// pixels over contentsScale) and which part of it shows (contentsRect, in unit coordinates
    /// of the image), as `slot` shows them.
    func contentsPlacement(_ layer: Layer, _ b: Rect, _ image: Image, _ slot: StateSlot) -> (Rect, UVRect) {
        let cr = layer.rect(.contentsRect, slot).standardized
        let uv = UVRect(u0: clamp01(cr.minX), v0: clamp01(cr.minY), u1: clamp01(cr.maxX), v1: clamp01(cr.maxY))
        // The image's size in points: its pixels divided by contentsScale.
        let scale = Compositor.contentsScale(layer, slot)
        let w = Double(image.width) * (uv.u1 - uv.u0) / scale, h = Double(image.height) * (uv.v1 - uv.v0) / scale
        let gravity = Compositor.gravity(of: layer, slot)
        guard w > 0, h > 0 else { return (b, uv) }
        var size = Size(width: w, height: h)
        switch gravity {
        case .resize:
            return (b, uv)
        case .resizeAspect, .resizeAspectFill:
            let sx = b.width / w, sy = b.height / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            size = Size(width: w * s, height: h * s)
        default:
            break
        }
        var x = b.minX + (b.width - size.width) / 2, y = b.minY + (b.height - size.height) / 2
        switch gravity {
        case .left, .topLeft, .bottomLeft: x = b.minX
        case .right, .topRight, .bottomRight: x = b.maxX - size.width
        default: break
        }
        switch gravity {
        case .top, .topLeft, .topRight: y = b.minY
        case .bottom, .bottomLeft, .bottomRight: y = b.maxY - size.height
        default: break
        }
        return (Rect(x: x, y: y, width: size.width, height: size.height), uv)
    }

    /// Where `image`, as `layer`'s contents, lands in its bounds `b` as `slot` shows it (layer
    /// coordinates; contentsGravity and contentsScale applied), for exporters that place it
    /// themselves.
    public func contentsFrame(of layer: Layer, bounds b: Rect, image: Image, _ slot: StateSlot) -> Rect {
        contentsPlacement(layer, b, image, slot).0
    }

    private func clamp01(_ x: Double) -> Double { x.isFinite ? min(max(x, 0), 1) : 0 }

    private static let gravities = ContentsGravity.allCases

    /// The layer's contentsGravity in `slot`. LayerKit stores a choice as its case's index, so this
    /// reads the number rather than the name (no string work per frame).
    static func gravity(of layer: Layer, _ slot: StateSlot) -> ContentsGravity {
        let index = layer.number(.contentsGravity, slot)
        guard index >= 0, index < Double(gravities.count) else {
            return layer.choice(.contentsGravity, as: ContentsGravity.self, slot)
        }
        return gravities[Int(index)]
    }

    /// The shadow of a layer without sublayers: the shape of the background when it shows, else
    /// of the contents, blurred by shadowRadius and moved by shadowOffset (in the layer's
    /// coordinates). A layer with sublayers casts `drawSubtreeShadow`'s.
    private func drawShadow(of layer: Layer, bounds: Rect, map: ProjectiveMap, opacity: Double, tint: Tint,
                            clip: ClipPolygon?, background: Color, radius: Double, content: RasterizedContent?,
                            image: (texture: RenderTexture, rect: Rect, uv: UVRect)?, slot: StateSlot) {
        let color = layer.color(.shadowColor, slot)
        guard color.a > 0 else { return }
        let blur = max(0, min(layer.number(.shadowRadius, slot), 256))
        let offset = layer.size(.shadowOffset, slot)
        let pad = Double(ShadowMaker.padding(blur))
        var texture: RenderTexture?
        var rect = bounds
        var texelsPerPoint = 1.0
        if background.a > 0 && !bounds.isEmpty {
            let w = TextContent.pixels(bounds.width), h = TextContent.pixels(bounds.height)
            let corners = layer.maskedCorners
            let curve = layer.choice(.cornerCurve, as: CornerCurve.self, slot)
            let key = TextureCache.ShadowKey.roundedRect(width: w, height: h, cornerRadius: radius, corners: corners,
                                                         curve: curve, radius: blur)
            texture = cache.shadow(for: layer, key: key, source: nil) {
                ShadowMaker.roundedRectShadow(width: w, height: h, cornerRadius: radius, corners: corners, curve: curve,
                                              blur: blur)
            }
            rect = Rect(x: bounds.minX, y: bounds.minY, width: Double(w), height: Double(h))
        } else if let source = image?.texture ?? content?.texture, let area = image?.rect ?? content?.rect,
                  area.width > 0 {
            texelsPerPoint = Double(source.width) / area.width
            let key = TextureCache.ShadowKey.texture(ObjectIdentifier(source), radius: blur * texelsPerPoint)
            texture = cache.shadow(for: layer, key: key, source: source) {
                ShadowMaker.shadow(width: source.width, height: source.height, pixels: Array(source.pixels),
                                   radius: blur * texelsPerPoint)
            }
            rect = area
        }
        guard let texture else { return }
        let grow = pad / max(texelsPerPoint, 1e-9)
        let area = Rect(x: rect.minX - grow + offset.width, y: rect.minY - grow + offset.height,
                        width: rect.width + 2 * grow, height: rect.height + 2 * grow)
        emitQuad(area, uv: .unit, texture: texture, color: vertexColor(color, tint, opacity), blend: .normal,
                 map: map, clip: clip)
    }

    /// The border, inside the bounds, drawn over the sublayers.
    func drawBorder(of layer: Layer, bounds: Rect, map: ProjectiveMap, opacity: Double, tint: Tint, clip: ClipPolygon?,
                    slot: StateSlot) {
        let width = layer.number(.borderWidth, slot)
        guard width > 0, width.isFinite, !bounds.isEmpty else { return }
        let color = layer.color(.borderColor, slot)
        guard color.a > 0 else { return }
        let c = vertexColor(color, tint, opacity)
        let bw = min(width, bounds.width / 2, bounds.height / 2)
        let radius = max(0, layer.number(.cornerRadius, slot))
        let corners = layer.maskedCorners
        if radius > 0 && !corners.isEmpty {
            let n = segments(radius, bounds, map)
            let curve = layer.choice(.cornerCurve, as: CornerCurve.self, slot)
            let outer = Compositor.roundedRect(bounds, radius: radius, segments: n, corners: corners, curve: curve)
            let inner = Compositor.roundedRect(bounds.insetBy(dx: bw, dy: bw), radius: max(0, radius - bw), segments: n,
                                               corners: corners, keepingCount: true, curve: curve)
            emitSmoothRing(outer: outer, inner: inner, color: c, map: map, clip: clip)
        } else {
            let b = bounds
            let strips = [Rect(x: b.minX, y: b.minY, width: b.width, height: bw),
                          Rect(x: b.minX, y: b.maxY - bw, width: b.width, height: bw),
                          Rect(x: b.minX, y: b.minY + bw, width: bw, height: b.height - 2 * bw),
                          Rect(x: b.maxX - bw, y: b.minY + bw, width: bw, height: b.height - 2 * bw)]
            for strip in strips where !strip.isEmpty {
                emitQuad(strip, uv: .unit, texture: cache.white, color: c, blend: .normal, map: map, clip: clip)
            }
        }
    }
}
