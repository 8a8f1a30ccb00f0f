import Foundation
import LayerKit
import Render

/// Walks one frame's presentation tree as the compositor does (hidden and transparent subtrees
/// skipped, opacity multiplied down, 3D flattened into each superlayer's plane, transform
/// layers' leaves back to front, replicator instances, masksToBounds clips, particles) and
/// records every thing drawn as a `LottieSample` under a key that names the same thing in
/// every frame. What has no Lottie form is reported, and drawn without it.
final class LottieSampler {
    /// The samples of one frame, back to front.
    private(set) var frame: [(key: String, sample: LottieSample)] = []
    let assets = LottieImageAssets()
    /// Generated images drawn as shapes, made once for each image, place and tint.
    private let shapes = LottieShapeMemo()
    private let shadows = LottieShadows()
    /// Layers in a transition whose appearance after it is being visited.
    private var expanding: Set<ObjectIdentifier> = []
    var report = LottieReport()
    private let placer = Compositor()
    /// The animations of the layer being visited and of its ancestors.
    private var currentAnimations: [ObjectIdentifier] = []
    /// Every animation seen: what it is, where and its key path (for the report), and its exact
    /// segments.
    private(set) var animations: [(id: ObjectIdentifier, what: String, place: String, keyPath: String, site: SourceSite?)] = []
    private(set) var hints: [ObjectIdentifier: [LottieHint]] = [:]
    /// Which animations later ones hid whenever they were in effect.
    private(set) var replacements = LottieReplacements()
    /// The scene time the export ends at (hints past it are not made).
    var endTime = 0.0
    private var particleCells: [ObjectIdentifier: Int] = [:]
    /// The track matte of what is being visited: what its nearest masked ancestor's mask draws.
    private var currentMatte: LottieSample.Matte?

    /// Samples `scene`'s presentation at scene time `time`.
    func sample(_ scene: Scene, time: Double) {
        frame.removeAll(keepingCapacity: true)
        visit(scene.root, parent: .identity, extra: nil, opacity: 1, tint: (1, 1, 1), clips: [], slot: .presentation,
              key: "", place: "", time: time)
    }

    private func visit(_ layer: Layer, parent: ProjectiveMap, extra: Transform3D?, opacity inherited: Double,
                       tint: (r: Double, g: Double, b: Double), clips inheritedClips: [LottieClip], slot: StateSlot,
                       key parentKey: String, place parentPlace: String, time: Double) {
        if !expanding.contains(ObjectIdentifier(layer)), let transition = layer.transitionShown(slot) {
            visitTransition(transition, of: layer, parent: parent, extra: extra, opacity: inherited, tint: tint,
                            clips: inheritedClips, slot: slot, key: parentKey, place: parentPlace, time: time)
            return
        }
        if layer.bool(.hidden, slot) { return }
        let opacity = inherited * layer.number(.opacity, slot)
        guard opacity >= 0.5 / 255 else { return }
        let key = parentKey + "/" + String(UInt(bitPattern: ObjectIdentifier(layer).hashValue), radix: 36)
        let site = layer.creationSite
        let place = LottieSampler.place(of: layer, in: parentPlace)
        var matrix = layer.matrixToSuperlayer(slot)
        if let extra { matrix = matrix.concatenating(extra) }
        if let transformLayer = layer as? TransformLayer {
            var leaves: [TransformLayerLeaf] = []
            transformLayer.leaves(matrix: matrix, slot, into: &leaves)
            for leaf in leaves {
                visit(leaf.layer, parent: parent, extra: leaf.extra, opacity: opacity * leaf.opacity, tint: tint,
                      clips: inheritedClips, slot: slot, key: key, place: place, time: time)
            }
            return
        }
        let map = ProjectiveMap(flattening: matrix).then(parent)
        if !map.isNearlyAffine { report.addBaked("3D perspective", place, site: site) }
        let bounds = layer.rect(.bounds, slot).standardized
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite, bounds.size.width.isFinite,
              bounds.size.height.isFinite else { return }
        if !layer.bool(.doubleSided, slot) && facesAway(bounds, map) { return }
        var clips = inheritedClips
        let curve = layer.choice(.cornerCurve, as: CornerCurve.self, slot)
        if layer.bool(.masksToBounds, slot) {
            let outline = LottieBezier.rect(bounds, radius: max(0, layer.number(.cornerRadius, slot)),
                                            corners: layer.maskedCorners, curve: curve)
            clips.append(LottieClip(outline: outline.mapped(map.apply), mode: clips.isEmpty ? "a" : "i"))
        }
        for filter in layer.filters { report.addDropped("\(filter.kind) filter", place, site: site) }
        if let filter = layer.compositingFilter { report.addDropped("\(filter) compositing filter", place, site: site) }
        let savedMatte = currentMatte
        defer { currentMatte = savedMatte }
        if let mask = layer.mask {
            // One outline is a Lottie mask; what else the mask draws as one thing (a soft disc, an
            // image, text's many outlines, which rlottie's masks cannot add together) a track
            // matte; several opaque outlines are masks again.
            let drawn = maskDrawing(mask, map: map, slot: slot, key: key, place: place, time: time)
            let outlines = LottieSampler.outlines(of: drawn)
            if let outlines, outlines.count == 1 {
                clips.append(LottieClip(outline: outlines[0].outline, mode: clips.isEmpty ? "a" : "i"))
            } else if drawn.count == 1, currentMatte == nil {
                currentMatte = LottieSample.Matte(drawn[0])
            } else if let outlines, clips.isEmpty {
                clips += outlines.map { LottieClip(outline: $0.outline, mode: $0.mode) }
            } else {
                report.addDropped("mask layer (not opaque shapes, nor one thing)", place, site: site)
            }
        }
        let castsShadow = layer.number(.shadowOpacity, slot) > 0 && layer.color(.shadowColor, slot).a > 0
        noteAnimations(of: layer, place: place)
        if layer.animationCount > 0 { replacements.note(layer, time: time) }
        let saved = currentAnimations
        defer { currentAnimations = saved }
        for state in layer.attachedAnimations { currentAnimations.append(ObjectIdentifier(state.animation)) }

        func add(_ part: String, _ sample: LottieSample) {
            var sample = sample
            sample.animations = currentAnimations
            sample.site = site
            sample.matte = currentMatte
            frame.append((key + part + sample.signature, sample))
        }
        // The shadow goes here, beneath everything the layer draws, once that is known.
        let shadowAt = frame.count
        // Background.
        let background = layer.color(.backgroundColor, slot)
        let radius = max(0, layer.number(.cornerRadius, slot))
        if background.a > 0 && !bounds.isEmpty {
            let style = LottieShapeStyle(fill: background.tinted(tint), fillRule: 1, stroke: nil, trim: nil)
            add("#bg", LottieSample(name: place, paths: [.rect(bounds, radius: radius, corners: layer.maskedCorners, curve: curve)],
                                    paint: .shape(style), map: map, opacity: opacity, clips: clips))
        }
        // Contents: an image, or a shape's path, text's outlines, a gradient.
        if let image = layer.contents(slot) {
            let rect = placer.contentsFrame(of: layer, bounds: bounds, image: image, slot)
            if let shape = image.shape {
                let parts = shapes.parts(of: image, shape, over: rect, map: map, tint: tint)
                for (n, drawn) in parts.enumerated() {
                    add("#drawn\(n)", LottieSample(name: place, paths: drawn.paths, paint: .shape(drawn.style), map: map,
                                                   opacity: opacity, clips: clips))
                }
            } else {
                let asset = assets.asset(for: image, tint: tint)
                add("#img", LottieSample(name: place, paths: [], paint: .image(asset: asset, rect: rect), map: map,
                                         opacity: opacity, clips: clips))
            }
        } else if let shape = layer as? ShapeLayer {
            if let sample = shapeSample(shape, slot: slot, map: map, opacity: opacity, tint: tint, clips: clips, place: place) {
                add("#shape", sample)
            }
        } else if let text = layer as? TextLayer {
            if let (path, color) = TextOutline.outline(of: text, slot) {
                let style = LottieShapeStyle(fill: color.tinted(tint), fillRule: 1, stroke: nil, trim: nil)
                // The renderer draws text clipped to the bounds: a glyph that reaches past them is cut.
                var textClips = clips
                let box = path.boundingBox
                if box.minX < bounds.minX || box.minY < bounds.minY || box.maxX > bounds.maxX || box.maxY > bounds.maxY {
                    textClips.append(LottieClip(outline: LottieBezier.rect(bounds, radius: 0).mapped(map.apply),
                                                mode: clips.isEmpty ? "a" : "i"))
                }
                add("#text", LottieSample(name: place, paths: LottieBezier.subpaths(of: path), paint: .shape(style), map: map,
                                          opacity: opacity, clips: textClips))
            }
        } else if let gradient = layer as? GradientLayer, !bounds.isEmpty {
            if let paint = gradientPaint(gradient, bounds: bounds, slot: slot, tint: tint) {
                var style = LottieShapeStyle(fill: nil, fillRule: 1, stroke: nil, trim: nil)
                style.gradient = paint
                add("#gradient", LottieSample(name: place, paths: [.rect(bounds, radius: 0)], paint: .shape(style), map: map,
                                              opacity: opacity, clips: clips))
            } else if gradient.choice(.gradientType, as: GradientType.self, slot) == .conic {
                report.addDropped("conic gradient", place, site: site)
            }
        }
        // Sublayers.
        if let replicator = layer as? ReplicatorLayer {
            let count = replicator.drawnInstanceCount(slot)
            if count > 1 { report.addBaked("replicator instances", place, site: site) }
            let step = replicator.transform(.instanceTransform, slot)
            let anchor = replicator.point(.anchorPoint, slot)
            let ax = bounds.minX + anchor.x * bounds.width, ay = bounds.minY + anchor.y * bounds.height
            let toAnchor = Transform3D(translationX: -ax, y: -ay), back = Transform3D(translationX: ax, y: ay)
            let base = replicator.color(.instanceColor, slot)
            let dr = replicator.number(.instanceRedOffset, slot), dg = replicator.number(.instanceGreenOffset, slot)
            let db = replicator.number(.instanceBlueOffset, slot), da = replicator.number(.instanceAlphaOffset, slot)
            var accumulated = Transform3D.identity
            for i in 0..<count {
                let k = Double(i)
                let c = (r: base.r + k * dr, g: base.g + k * dg, b: base.b + k * db, a: base.a + k * da)
                let instanceOpacity = opacity * c.a
                if instanceOpacity >= 0.5 / 255 {
                    let extra = i == 0 ? nil : toAnchor.concatenating(accumulated).concatenating(back)
                    let shown = replicator.presentation(ofInstance: i, in: slot)
                    for sublayer in replicator.sublayersBackToFront(shown) {
                        visit(sublayer, parent: map, extra: extra, opacity: instanceOpacity,
                              tint: (tint.r * c.r, tint.g * c.g, tint.b * c.b), clips: clips, slot: shown,
                              key: key + "@\(i)", place: place + " #\(i)", time: time)
                    }
                }
                accumulated = accumulated.concatenating(step)
            }
        } else {
            for sublayer in layer.sublayersBackToFront(slot) {
                visit(sublayer, parent: map, extra: nil, opacity: opacity, tint: tint, clips: clips, slot: slot, key: key,
                      place: place, time: time)
            }
        }
        // Border, inside the bounds.
        let borderWidth = layer.number(.borderWidth, slot)
        let borderColor = layer.color(.borderColor, slot)
        if borderWidth > 0, borderWidth.isFinite, borderColor.a > 0, !bounds.isEmpty {
            let bw = min(borderWidth, bounds.width / 2, bounds.height / 2)
            let outer = LottieBezier.rect(bounds, radius: radius, corners: layer.maskedCorners, curve: curve)
            if LottieBuilder.isFlat(map, extent: LottieBuilder.extent(of: [outer])) {
                // A stroke along the middle of the border, which the layer's transform widens
                // as it widens the layer.
                let inset = bounds.insetBy(dx: bw / 2, dy: bw / 2)
                let stroke = LottieShapeStyle.Stroke(color: borderColor.tinted(tint), width: bw, cap: 1, join: 1, miterLimit: 10,
                                                     dashes: [], dashPhase: 0)
                let style = LottieShapeStyle(fill: nil, fillRule: 1, stroke: stroke, trim: nil)
                let outline = LottieBezier.rect(inset, radius: max(0, radius - bw / 2), corners: layer.maskedCorners, curve: curve)
                add("#border", LottieSample(name: place, paths: [outline],
                                            paint: .shape(style), map: map, opacity: opacity, clips: clips))
            } else {
                // Projected onto the screen, a border narrows where the layer recedes, which no
                // stroke of one width can show: it is the ring between its two edges, filled.
                let inner = LottieBezier.rect(bounds.insetBy(dx: bw, dy: bw), radius: max(0, radius - bw),
                                              corners: layer.maskedCorners, curve: curve)
                let style = LottieShapeStyle(fill: borderColor.tinted(tint), fillRule: 2, stroke: nil, trim: nil)
                add("#border", LottieSample(name: place, paths: [outer, inner],
                                            paint: .shape(style), map: map, opacity: opacity, clips: clips))
            }
        }
        if let emitter = layer as? EmitterLayer {
            particles(of: emitter, slot: slot, map: map, opacity: opacity, tint: tint, clips: clips, key: key,
                      place: place, time: time)
        }
        if castsShadow {
            if var shadow = shadows.sample(of: layer, key: key, bounds: bounds, map: map, opacity: opacity, tint: tint, clips: clips,
                                           place: place, drawn: frame[shadowAt...], assets: assets, slot: slot) {
                shadow.animations = currentAnimations
                shadow.site = site
                shadow.matte = currentMatte
                frame.insert((key + "#shadow" + shadow.signature, shadow), at: shadowAt)
                report.addBaked("shadow (as a blurred image)", place, site: site)
            } else {
                report.addDropped("shadow", place, site: site)
            }
        }
    }

    /// A layer's name, or an unnamed layer by its place under `parent`, its kind and the line
    /// that made it, as the inspector names it.
    private static func place(of layer: Layer, in parent: String) -> String {
        let kind = layer.kind.rawValue + (layer.creationSite.map { "@" + $0.label } ?? "")
        return layer.name.map { "'\($0)'" } ?? (parent.isEmpty ? "root" : parent + " › " + kind)
    }

    /// A layer in a transition, as the compositor draws it: its appearance before the change and
    /// after it, each drawn whole, crossfaded (fade) or moved across its bounds by the progress
    /// (push, moveIn, reveal), both clipped to the layer's bounds as the compositor clips them.
    private func visitTransition(_ transition: ShownTransition, of layer: Layer, parent: ProjectiveMap,
                                 extra: Transform3D?, opacity: Double, tint: (r: Double, g: Double, b: Double),
                                 clips: [LottieClip], slot: StateSlot, key: String, place: String, time: Double) {
        let id = ObjectIdentifier(layer)
        let p = min(max(transition.progress, 0), 1)
        let bounds = layer.rect(.bounds, slot).standardized
        var matrix = layer.matrixToSuperlayer(slot)
        if let extra { matrix = matrix.concatenating(extra) }
        // `extra` and then a move of `f` bounds along the subtype's direction, in the layer's own axes.
        func moved(_ f: Double) -> Transform3D? {
            guard f != 0 else { return extra }
            let (dx, dy) = transition.subtype.motion
            let a = matrix.apply(x: 0, y: 0, z: 0), b = matrix.apply(x: dx * bounds.width * f, y: dy * bounds.height * f, z: 0)
            guard a.w != 0, b.w != 0 else { return extra }
            return (extra ?? .identity).concatenating(Transform3D(translationX: b.x / b.w - a.x / a.w, y: b.y / b.w - a.y / a.w))
        }
        let frameOutline = LottieBezier.rect(bounds, radius: 0).mapped(ProjectiveMap(flattening: matrix).then(parent).apply)
        let clips = clips + [LottieClip(outline: frameOutline, mode: clips.isEmpty ? "a" : "i")]
        func before(_ f: Double, _ fade: Double) {
            visit(layer, parent: parent, extra: moved(f), opacity: opacity * fade, tint: tint, clips: clips,
                  slot: .before(transition.before), key: key + "<", place: place, time: time)
        }
        func after(_ f: Double, _ fade: Double) {
            expanding.insert(id)
            defer { expanding.remove(id) }
            visit(layer, parent: parent, extra: moved(f), opacity: opacity * fade, tint: tint, clips: clips, slot: slot,
                  key: key, place: place, time: time)
        }
        switch transition.type {
        case .fade:
            // The new appearance fades in over the old; each old thing the new one draws again
            // stays under it whole (exact where both are opaque), the others fade out.
            let start = frame.count
            before(0, 1)
            let middle = frame.count
            after(0, p)
            let again = Set(frame[middle...].map(\.key))
            let old = key + "<"
            for k in start..<middle where !again.contains(key + frame[k].key.dropFirst(old.count)) {
                frame[k].sample.opacity *= 1 - p
            }
        case .push: before(p, 1); after(p - 1, 1)
        case .moveIn: before(0, 1); after(p - 1, 1)
        case .reveal: after(0, 1); before(p, 1)
        }
        report.addBaked("\(transition.type.rawValue) transition", LottieSampler.place(of: layer, in: place),
                        site: layer.creationSite)
    }

    /// A gradient layer's axial or radial gradient over its bounds (nil for conic ones, which
    /// Lottie lacks, and for no colours).
    private func gradientPaint(_ layer: GradientLayer, bounds: Rect, slot: StateSlot,
                               tint: (r: Double, g: Double, b: Double)) -> LottieShapeStyle.Gradient? {
        let type = layer.choice(.gradientType, as: GradientType.self, slot)
        guard type != .conic else { return nil }
        var colors: [Color] = []
        if case .colors(let c) = layer.value(.colors, slot) { colors = c }
        guard !colors.isEmpty else { return nil }
        var locations: [Double] = []
        if case .numbers(let l) = layer.value(.locations, slot) { locations = l }
        if locations.count != colors.count || !locations.allSatisfy(\.isFinite) {
            locations = colors.count == 1 ? [0] : colors.indices.map { Double($0) / Double(colors.count - 1) }
        }
        var stops: [(Double, Color)] = zip(locations, colors).map { (min(max($0, 0), 1), $1.tinted(tint)) }
        stops.sort { $0.0 < $1.0 }
        if stops.count == 1 { stops.append((1, stops[0].1)) }
        var flat: [Double] = []
        for (offset, c) in stops { flat += [offset, min(max(c.r, 0), 1), min(max(c.g, 0), 1), min(max(c.b, 0), 1)] }
        for (offset, c) in stops { flat += [offset, min(max(c.a, 0), 1)] }
        let start = layer.point(.startPoint, slot), end = layer.point(.endPoint, slot)
        let s = Point(x: bounds.minX + start.x * bounds.width, y: bounds.minY + start.y * bounds.height)
        let e = Point(x: bounds.minX + end.x * bounds.width, y: bounds.minY + end.y * bounds.height)
        guard s.x.isFinite, s.y.isFinite, e.x.isFinite, e.y.isFinite else { return nil }
        return LottieShapeStyle.Gradient(type: type == .radial ? 2 : 1, start: s, end: e,
                                         radii: Size(width: max(abs(e.x - s.x), 1e-3), height: max(abs(e.y - s.y), 1e-3)),
                                         stops: flat, stopCount: stops.count)
    }

    /// What a mask layer draws, on the screen, unmasked (its animations count as the masked
    /// layer's).
    private func maskDrawing(_ mask: Layer, map: ProjectiveMap, slot: StateSlot, key: String, place: String,
                             time: Double) -> [LottieSample] {
        let saved = frame, savedMatte = currentMatte
        frame = []
        currentMatte = nil
        visit(mask, parent: map, extra: nil, opacity: 1, tint: (1, 1, 1), clips: [], slot: slot, key: key + "^",
              place: place + " mask", time: time)
        let drawn = frame.map(\.sample)
        frame = saved
        currentMatte = savedMatte
        for (animationID) in drawn.flatMap(\.animations) where !currentAnimations.contains(animationID) {
            currentAnimations.append(animationID)
        }
        return drawn
    }

    /// The outlines of what a mask layer draws, on the screen, when all of it is opaque shapes
    /// (backgrounds, paths, text): outer contours added, holes (wound the other way) taken away.
    /// Nil when the mask draws images, gradients or anything see-through.
    private static func outlines(of drawn: [LottieSample]) -> [(outline: LottieBezier, mode: String)]? {
        var adds: [LottieBezier] = [], holes: [LottieBezier] = []
        for sample in drawn {
            guard case .shape(let style) = sample.paint, style.gradient == nil, style.stroke == nil,
                  let fill = style.fill, fill.a * sample.opacity > 0.99 else { return nil }
            let outlines = sample.paths.map { $0.mapped(sample.map.apply) }
            let areas = outlines.map(\.signedArea)
            let main = areas.max(by: { abs($0) < abs($1) }) ?? 0
            for (outline, area) in zip(outlines, areas) {
                var closed = outline
                closed.closed = true
                if (area < 0) == (main < 0) || style.fillRule == 1 && outlines.count == 1 { adds.append(closed) } else { holes.append(closed) }
            }
        }
        guard !adds.isEmpty else { return nil }
        return adds.map { ($0, "a") } + holes.map { ($0, "s") }
    }

    private func shapeSample(_ shape: ShapeLayer, slot: StateSlot, map: ProjectiveMap, opacity: Double,
                             tint: (r: Double, g: Double, b: Double), clips: [LottieClip], place: String) -> LottieSample? {
        guard let path = shape.path(slot), !path.isEmpty else { return nil }
        let fillColor = shape.color(.fillColor, slot)
        let strokeColor = shape.color(.strokeColor, slot)
        let lineWidth = shape.number(.lineWidth, slot)
        var stroke: LottieShapeStyle.Stroke?
        if strokeColor.a > 0, lineWidth > 0, lineWidth.isFinite {
            let cap: Int
            switch shape.choice(.lineCap, as: LineCap.self, slot) {
            case .butt: cap = 1
            case .round: cap = 2
            case .square: cap = 3
            }
            let join: Int
            switch shape.choice(.lineJoin, as: LineJoin.self, slot) {
            case .miter: join = 1
            case .round: join = 2
            case .bevel: join = 3
            }
            var dashes: [Double] = []
            if case .numbers(let list) = shape.value(.lineDashPattern, slot),
               list.allSatisfy({ $0.isFinite && $0 >= 0 }), list.contains(where: { $0 > 0 }) {
                dashes = list.count % 2 == 1 ? list + list : list
            }
            let miter = shape.number(.miterLimit, slot)
            stroke = LottieShapeStyle.Stroke(color: strokeColor.tinted(tint), width: lineWidth, cap: cap, join: join,
                                             miterLimit: miter.isFinite ? max(1, miter) : 10, dashes: dashes,
                                             dashPhase: shape.number(.lineDashPhase, slot))
        }
        let start = min(max(shape.number(.strokeStart, slot), 0), 1)
        let end = min(max(shape.number(.strokeEnd, slot), 0), 1)
        let trim: (Double, Double)? = stroke != nil && (start > 0 || end < 1) ? (start, max(start, end)) : nil
        let fills = fillColor.a > 0
        guard fills || stroke != nil else { return nil }
        let rule = shape.choice(.fillRule, as: FillRule.self, slot) == .evenOdd ? 2 : 1
        let style = LottieShapeStyle(fill: fills ? fillColor.tinted(tint) : nil, fillRule: rule, stroke: stroke, trim: trim)
        return LottieSample(name: place, paths: LottieBezier.subpaths(of: path), paint: .shape(style), map: map, opacity: opacity,
                            clips: clips)
    }

    /// Each particle as an image item keyed by its cell and its birth (time, scale, spin and
    /// colour, which stay as they were born).
    private func particles(of emitter: EmitterLayer, slot: StateSlot, map: ProjectiveMap, opacity: Double,
                           tint: (r: Double, g: Double, b: Double), clips: [LottieClip], key: String, place: String,
                           time: Double) {
        let modes = EmitterRenderMode.allCases
        let index = emitter.number(.renderMode, slot)
        let mode = index >= 0 && index < Double(modes.count) ? modes[Int(index)] : .unordered
        if mode == .additive { report.addDropped("additive blending", place, site: emitter.creationSite) }
        emitter.forEachParticleGroup { cell, p in
            guard cell.isEnabled, let image = cell.contents, p.count > 0 else { return }
            report.addBaked("particles", place, site: emitter.creationSite)
            let cellNumber: Int
            if let n = particleCells[ObjectIdentifier(cell)] { cellNumber = n } else {
                cellNumber = particleCells.count
                particleCells[ObjectIdentifier(cell)] = cellNumber
            }
            func rate(_ id: CellPropertyID) -> Double {
                let v = cell.number(id, slot)
                return v.isFinite ? v : 0
            }
            let scaleSpeed = rate(.scaleSpeed)
            let speeds = (rate(.redSpeed), rate(.greenSpeed), rate(.blueSpeed), rate(.alphaSpeed))
            let w = Double(image.width), h = Double(image.height)
            var order = Array(0..<p.count)
            switch mode {
            case .oldestFirst: order.sort { p.age[$0] > p.age[$1] }
            case .oldestLast: order.sort { p.age[$0] < p.age[$1] }
            case .backToFront: order.sort { p.z[$0] < p.z[$1] }
            default: break
            }
            func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
            for i in order {
                let age = Double(p.age[i])
                let s = Double(p.scale[i]) + scaleSpeed * age
                let alpha = clamp(Double(p.alpha[i]) + speeds.3 * age) * opacity
                let px = Double(p.x[i]), py = Double(p.y[i])
                guard s != 0, s.isFinite, alpha >= 0.5 / 255, px.isFinite, py.isFinite else { continue }
                let birth = ((time - age) * 1000).rounded()
                let red = clamp(Double(p.red[i])) * tint.r, green = clamp(Double(p.green[i])) * tint.g
                let blue = clamp(Double(p.blue[i])) * tint.b
                let angle = Double(p.spin[i]) * age
                let c = cos(angle) * s, sn = sin(angle) * s
                let own = ProjectiveMap(a: c, b: sn, c: -sn, d: c, tx: px, ty: py).then(map)
                let rect = Rect(x: -w / 2, y: -h / 2, width: w, height: h)
                var samples: [LottieSample]
                if let shape = image.shape {
                    samples = shapes.parts(of: image, shape, over: rect, map: own, tint: (red, green, blue)).map {
                        LottieSample(name: place, paths: $0.paths, paint: .shape($0.style), map: own, opacity: alpha, clips: clips)
                    }
                } else {
                    let asset = assets.asset(for: image, tint: (red, green, blue))
                    samples = [LottieSample(name: place, paths: [], paint: .image(asset: asset, rect: rect), map: own,
                                            opacity: alpha, clips: clips)]
                }
                let id = "\(key)*\(cellNumber):\(Int(birth)):\(p.scale[i].bitPattern):\(p.spin[i].bitPattern):\(p.red[i].bitPattern)"
                for (n, var sample) in samples.enumerated() {
                    sample.animations = currentAnimations
                    sample.site = emitter.creationSite
                    sample.matte = currentMatte
                    frame.append((id + "#\(n)" + sample.signature, sample))
                }
            }
        }
    }

    /// Whether the layer's front faces away from the viewer.
    private func facesAway(_ b: Rect, _ map: ProjectiveMap) -> Bool {
        let corners = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY),
                       Point(x: b.minX, y: b.maxY)].map(map.apply)
        var area = 0.0
        for i in 0..<4 {
            let a = corners[i], c = corners[(i + 1) % 4]
            area += a.x * c.y - c.x * a.y
        }
        return area < 0
    }

    private var seenAnimations: Set<ObjectIdentifier> = []

    /// Records each animation once, with its exact segments (see `LottieHint`), moved from its
    /// layer's time into the scene's.
    private func noteAnimations(of layer: Layer, place: String) {
        guard layer.animationCount > 0 else { return }
        let limit = layer.localTime(mediaTime: endTime)
        for state in layer.attachedAnimations {
            let animation = state.animation
            let id = ObjectIdentifier(animation)
            guard seenAnimations.insert(id).inserted else { continue }
            let keyPath = (animation as? PropertyAnimation)?.keyPath ?? "group"
            let what: String
            switch animation {
            case is SpringAnimation: what = "spring"
            case is AnimationGroup: what = "animation group"
            case is Transition: continue
            case is KeyframeAnimation: what = "keyframe animation"
            case _ where state.isImplicit: what = "implicit animation"
            default:
                if case .easing = animation.timingFunction?.kind { what = "Penner easing" } else { what = "basic animation" }
            }
            animations.append((id, what, place + " " + keyPath, keyPath, animation.creationSite ?? layer.creationSite))
            hints[id] = LottieHint.hints(for: state, limit: limit, sceneTime: { layer.mediaTime(localTime: $0) })
        }
    }
}
