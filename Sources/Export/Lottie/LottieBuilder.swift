import Foundation
import LayerKit
import Render

/// Turns tracks of samples into Lottie layers: the map of each frame becomes a transform
/// (position, rotation, scale) when it is affine without shear, else the outlines themselves
/// are put on the screen frame by frame; every value that changes gets keyframes fitted within
/// its tolerance (0.4 px for places and sizes, half a percent for opacity and colours).
struct LottieBuilder {
    var report: LottieReport
    /// How far (pixels) a fitted place or size may stray from the scene's.
    static let pixelTolerance = 0.4
    private let pixel = LottieBuilder.pixelTolerance
    /// Exact segments of the animations acting on the track being built, in frames.
    private var hints: [LottieFitter.Hint] = []
    /// Animations whose segments a value their key path drives used exactly.
    private(set) var exactAnimations: Set<ObjectIdentifier> = []
    /// Every animation's exact segments (from the sampler), and the export's first time and rate.
    var animationHints: [ObjectIdentifier: [LottieHint]] = [:]
    var startTime = 0.0
    var fps = 30.0

    init(report: LottieReport) {
        self.report = report
    }

    mutating func layer(for track: LottieTrack) -> LottieLayer? {
        guard let first = track.samples.first, let lastFrame = track.frames.last else { return nil }
        let frames = track.frames
        hints = []
        for id in track.animations.sorted(by: { $0.hashValue < $1.hashValue }) {
            for hint in animationHints[id] ?? [] {
                let a = (hint.start - startTime) * fps, b = (hint.end - startTime) * fps
                guard a.isFinite, b.isFinite, b > Double(frames[0]), a < Double(lastFrame) + 1 else { continue }
                // Times a rounding away from a frame are that frame.
                func snapped(_ x: Double) -> Double { abs(x - x.rounded()) < 1e-6 ? x.rounded() : x }
                hints.append(LottieFitter.Hint(start: snapped(a), end: snapped(b), hint: hint))
            }
        }
        hints += LottieBuilder.cuts(of: hints)
        var layer: LottieLayer
        switch first.paint {
        case .image(let asset, let rect):
            layer = LottieLayer(name: first.name, content: .image(assetID: "image_\(asset)"), inPoint: frames[0],
                                outPoint: lastFrame + 1)
            let maps = track.samples.map { sample -> ProjectiveMap in
                guard case .image(_, let r) = sample.paint else { return sample.map }
                let (w, h) = imageSize(sample, fallback: rect)
                let place = ProjectiveMap(a: r.width / w, b: 0, c: 0, d: r.height / h, tx: r.minX, ty: r.minY)
                return place.then(sample.map)
            }
            if maps.contains(where: { !$0.isNearlyAffine }) {
                report.addBaked("perspective on an image (as its nearest 2D form)", first.name, site: first.site)
            }
            let extent = max(rect.width, rect.height)
            layer.transform = transform(maps.map(\.affineApproximation), frames: frames, extent: extent)
            layer.masks = masks(track, maps: maps.map(\.affineApproximation))
        case .shape:
            layer = LottieLayer(name: first.name, content: .shapes([]), inPoint: frames[0], outPoint: lastFrame + 1)
            let extent = track.samples.reduce(1.0) { max($0, LottieBuilder.extent(of: $1.paths)) }
            let flat = track.samples.allSatisfy { LottieBuilder.isFlat($0.map, extent: extent) }
            var pathsPerFrame: [[LottieBezier]]
            var track = track
            if flat {
                layer.transform = transform(track.samples.map(\.map), frames: frames, extent: extent)
                pathsPerFrame = track.samples.map(\.paths)
                layer.masks = masks(track, maps: track.samples.map(\.map))
            } else {
                pathsPerFrame = track.samples.map { s in s.paths.map { $0.mapped(s.map.apply) } }
                layer.masks = masks(track, maps: nil)
                for k in track.samples.indices { track.samples[k].scaleStrokesToTheScreen() }
            }
            // Opacity goes into the paints, as the renderer multiplies it into each primitive's
            // colour (rlottie also darkens what lies below a shape layer whose own opacity is
            // under 100).
            var keyframes = 0
            layer.content = .shapes(shapes(track, paths: pathsPerFrame, on: flat ? .outline : [.outline, .place], frames: frames,
                                           keyframes: &keyframes))
            layer.shapeKeyframes = keyframes
        }
        if case .image = first.paint {
            layer.transform.opacity = scalar(track.samples.map { $0.opacity * 100 }, on: .opacity, frames: frames, tolerance: 0.5,
                                             decimals: 1)
        }
        return layer
    }

    /// Each segment cut where another animation's segment starts inside it (at most a few per
    /// segment): an animation that another replaces part way, as an implicit animation is when
    /// its property is set again, is exact up to there. Tried after the whole segments.
    static func cuts(of hints: [LottieFitter.Hint]) -> [LottieFitter.Hint] {
        let starts = hints.sorted { $0.start < $1.start }
        var out: [LottieFitter.Hint] = []
        for h in hints {
            // The first segment starting after this one's start (binary search).
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid].start > h.start + 1e-6 { hi = mid } else { lo = mid + 1 }
            }
            var made: [Double] = []
            for other in starts[lo...] {
                guard other.start < h.end - 1e-6, made.count < 4 else { break }
                guard other.hint.animation != h.hint.animation, !made.contains(other.start),
                      let cut = h.hint.cut(at: other.hint.start) else { continue }
                made.append(other.start)
                out.append(LottieFitter.Hint(start: h.start, end: other.start, hint: cut))
            }
        }
        return out
    }

    private func imageSize(_ sample: LottieSample, fallback: Rect) -> (Double, Double) {
        (max(sampleImageWidth(sample) ?? fallback.width, 1e-9), max(sampleImageHeight(sample) ?? fallback.height, 1e-9))
    }

    /// Image sizes are the asset's pixels: the builder is told them by `assetSizes`.
    var assetSizes: [Int: (Double, Double)] = [:]
    private func sampleImageWidth(_ s: LottieSample) -> Double? {
        if case .image(let asset, _) = s.paint { return assetSizes[asset]?.0 }
        return nil
    }
    private func sampleImageHeight(_ s: LottieSample) -> Double? {
        if case .image(let asset, _) = s.paint { return assetSizes[asset]?.1 }
        return nil
    }

    /// Whether a layer transform can say `map` for outlines reaching `extent` from the origin:
    /// affine, and sheared by less than half the fitting tolerance there. Otherwise the outlines
    /// are projected onto the screen.
    static func isFlat(_ map: ProjectiveMap, extent: Double) -> Bool {
        map.isNearlyAffine && map.decomposed.shear * extent < pixelTolerance / 2
    }

    static func extent(of paths: [LottieBezier]) -> Double {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in paths {
            for v in p.vertices {
                minX = min(minX, v.x); minY = min(minY, v.y); maxX = max(maxX, v.x); maxY = max(maxY, v.y)
            }
        }
        guard minX.isFinite else { return 1 }
        return max(1, abs(minX) + (maxX - minX), abs(minY) + (maxY - minY))
    }

    /// Position, rotation (unwrapped so it never jumps a turn) and scale of affine maps.
    private mutating func transform(_ maps: [ProjectiveMap], frames: [Int], extent: Double) -> LottieTransform {
        var t = LottieTransform()
        var xs: [Double] = [], ys: [Double] = [], rs: [Double] = [], ss: [[Double]] = []
        var previous: Double?
        for map in maps {
            var d = map.decomposed
            if let previous { d.rotation += 360 * ((previous - d.rotation) / 360).rounded() }
            previous = d.rotation
            xs.append(d.x); ys.append(d.y); rs.append(d.rotation); ss.append([d.sx, d.sy])
        }
        t.x = scalar(xs, on: .place, frames: frames, tolerance: pixel, decimals: 2, inPixels: true)
        t.y = scalar(ys, on: .place, frames: frames, tolerance: pixel, decimals: 2, inPixels: true)
        let scaleSize = max(extent * (ss.map { max(abs($0[0]), abs($0[1])) }.max() ?? 100) / 100, 1)
        t.rotation = scalar(rs, on: .place, frames: frames, tolerance: min(0.5, pixel / scaleSize * 180 / Double.pi), decimals: 2)
        t.scale = vector(ss, on: .place, frames: frames, tolerance: [max(0.01, pixel / extent * 100)], decimals: 3)
        return t
    }

    /// The clips, in the layer's coordinates (through the inverse of each frame's map), or on
    /// the screen when `maps` is nil.
    private mutating func masks(_ track: LottieTrack, maps: [ProjectiveMap]?) -> [(path: LottieProperty, mode: String)] {
        guard let first = track.samples.first, !first.clips.isEmpty else { return [] }
        var out: [(path: LottieProperty, mode: String)] = []
        for c in first.clips.indices {
            let perFrame = track.samples.enumerated().map { k, s -> LottieBezier in
                let clip = c < s.clips.count ? s.clips[c].outline : first.clips[c].outline
                guard let maps, let inverse = maps[k].affineInverse else { return clip }
                return clip.mapped(inverse.apply)
            }
            out.append((paths(perFrame.map { [$0] }, on: [.outline, .place], frames: track.frames)[0], first.clips[c].mode))
        }
        return out
    }

    private mutating func shapes(_ track: LottieTrack, paths perFrame: [[LottieBezier]], on pathChannels: LottieChannel,
                                 frames: [Int], keyframes: inout Int) -> [LottieJSON] {
        let pathProps = paths(perFrame, on: pathChannels, frames: frames)
        keyframes += pathProps.reduce(0) { $0 + ($1.isAnimated ? $1.keyframes.count : 0) }
        let pathItems = pathProps.enumerated().map { n, prop in
            LottieJSON.object([("ty", .string("sh")), ("nm", .string("path \(n + 1)")), ("ks", prop.json)])
        }
        let styles = track.samples.map { sample -> LottieShapeStyle in
            if case .shape(let style) = sample.paint { return style }
            return LottieShapeStyle(fill: nil, fillRule: 1, stroke: nil, trim: nil)
        }
        var groups: [LottieJSON] = []
        if let firstStroke = styles.first?.stroke {
            let strokes = styles.map { $0.stroke ?? firstStroke }
            let color = vector(strokes.map { [$0.color.r, $0.color.g, $0.color.b] }, on: .stroke, frames: frames, tolerance: [0.004],
                               decimals: 3, range: 0...1)
            let opacity = scalar(zip(strokes, track.samples).map { $0.color.a * $1.opacity * 100 }, on: [.stroke, .opacity],
                                 frames: frames, tolerance: 0.5, decimals: 1)
            let width = scalar(strokes.map(\.width), on: .lineWidth, frames: frames, tolerance: 0.2, decimals: 2)
            keyframes += [color, opacity, width].reduce(0) { $0 + ($1.isAnimated ? $1.keyframes.count : 0) }
            var stroke: [(String, LottieJSON)] = [("ty", .string("st")), ("nm", .string("stroke")), ("c", color.json),
                                                  ("o", opacity.json), ("w", width.json), ("lc", .int(firstStroke.cap)),
                                                  ("lj", .int(firstStroke.join))]
            if firstStroke.join == 1 { stroke.append(("ml", .number(firstStroke.miterLimit, decimals: 2))) }
            if !firstStroke.dashes.isEmpty {
                // Each entry and the phase animate on their own (a track keeps one dash count).
                var dashes: [LottieJSON] = []
                for n in firstStroke.dashes.indices {
                    let length = scalar(strokes.map { n < $0.dashes.count ? $0.dashes[n] : firstStroke.dashes[n] }, on: .dash,
                                        frames: frames, tolerance: pixel, decimals: 2)
                    keyframes += length.isAnimated ? length.keyframes.count : 0
                    dashes.append(.object([("n", .string(n % 2 == 0 ? "d" : "g")), ("nm", .string(n % 2 == 0 ? "dash" : "gap")),
                                           ("v", length.json)]))
                }
                let phase = scalar(strokes.map(\.dashPhase), on: .dash, frames: frames, tolerance: pixel, decimals: 2)
                keyframes += phase.isAnimated ? phase.keyframes.count : 0
                dashes.append(.object([("n", .string("o")), ("nm", .string("offset")), ("v", phase.json)]))
                stroke.append(("d", .array(dashes)))
            }
            var items = pathItems
            if styles.contains(where: { $0.trim != nil }) {
                let starts = scalar(styles.map { ($0.trim?.start ?? 0) * 100 }, on: .trim, frames: frames, tolerance: 0.25, decimals: 2)
                let ends = scalar(styles.map { ($0.trim?.end ?? 1) * 100 }, on: .trim, frames: frames, tolerance: 0.25, decimals: 2)
                keyframes += [starts, ends].reduce(0) { $0 + ($1.isAnimated ? $1.keyframes.count : 0) }
                items.append(.object([("ty", .string("tm")), ("nm", .string("strokeStart/End")), ("s", starts.json),
                                      ("e", ends.json), ("o", LottieProperty.constant(0, decimals: 0).json), ("m", .int(2))]))
            }
            items.append(.object(stroke))
            // Glows: the same paths' wider strokes, beneath (Lottie paints a group's first style on top).
            for n in (styles.first?.glows.indices ?? 0..<0).reversed() {
                let glows = zip(styles, strokes).map { style, stroke in n < style.glows.count ? style.glows[n] : stroke }
                let glowColor = vector(glows.map { [$0.color.r, $0.color.g, $0.color.b] }, on: .stroke, frames: frames,
                                       tolerance: [0.004], decimals: 3, range: 0...1)
                let glowOpacity = scalar(zip(glows, track.samples).map { $0.color.a * $1.opacity * 100 }, on: [.stroke, .opacity],
                                         frames: frames, tolerance: 0.5, decimals: 1)
                let glowWidth = scalar(glows.map(\.width), on: .lineWidth, frames: frames, tolerance: 0.2, decimals: 2)
                keyframes += [glowColor, glowOpacity, glowWidth].reduce(0) { $0 + ($1.isAnimated ? $1.keyframes.count : 0) }
                items.append(.object([("ty", .string("st")), ("nm", .string("glow")), ("c", glowColor.json), ("o", glowOpacity.json),
                                      ("w", glowWidth.json), ("lc", .int(glows[0].cap)), ("lj", .int(glows[0].join))]))
            }
            items.append(LottieTransform.groupJSON)
            groups.append(.object([("ty", .string("gr")), ("nm", .string("stroke")), ("it", .array(items))]))
        }
        if let firstGradient = styles.first?.gradient {
            groups.append(gradientGroup(styles.map { $0.gradient ?? firstGradient }, opacities: track.samples.map(\.opacity),
                                        paths: perFrame, on: pathChannels, frames: frames, keyframes: &keyframes))
        }
        if let firstFill = styles.first?.fill {
            let fills = styles.map { $0.fill ?? firstFill }
            let color = vector(fills.map { [$0.r, $0.g, $0.b] }, on: .fill, frames: frames, tolerance: [0.004], decimals: 3,
                               range: 0...1)
            let opacity = scalar(zip(fills, track.samples).map { $0.a * $1.opacity * 100 }, on: [.fill, .opacity], frames: frames,
                                 tolerance: 0.5, decimals: 1)
            keyframes += [color, opacity].reduce(0) { $0 + ($1.isAnimated ? $1.keyframes.count : 0) }
            let fill = LottieJSON.object([("ty", .string("fl")), ("nm", .string("fill")), ("c", color.json), ("o", opacity.json),
                                          ("r", .int(styles.first?.fillRule ?? 1))])
            groups.append(.object([("ty", .string("gr")), ("nm", .string("fill")),
                                   ("it", .array(pathItems + [fill, LottieTransform.groupJSON]))]))
        }
        return groups
    }

    /// A gradient fill over the item's outlines. A radial gradient's ellipse is a circle of the
    /// x radius in a group scaled by (1, ry / rx) about its centre; the outlines inside are
    /// scaled back.
    private mutating func gradientGroup(_ gradients: [LottieShapeStyle.Gradient], opacities: [Double], paths perFrame: [[LottieBezier]],
                                        on pathChannels: LottieChannel, frames: [Int], keyframes: inout Int) -> LottieJSON {
        let first = gradients[0]
        let radial = first.type == 2
        let k = radial ? first.radii.height / first.radii.width : 1
        let centre = first.start
        let inner = perFrame.map { paths in
            paths.map { $0.mapped { p in Point(x: p.x, y: centre.y + (p.y - centre.y) / max(k, 1e-6)) } }
        }
        let pathProps = paths(inner, on: pathChannels, frames: frames)
        keyframes += pathProps.reduce(0) { $0 + ($1.isAnimated ? $1.keyframes.count : 0) }
        var items = pathProps.enumerated().map { n, prop in
            LottieJSON.object([("ty", .string("sh")), ("nm", .string("path \(n + 1)")), ("ks", prop.json)])
        }
        let starts = vector(gradients.map { [$0.start.x, $0.start.y] }, on: .gradient, frames: frames, tolerance: [pixel], decimals: 2)
        let ends = vector(gradients.map { g in
            radial ? [g.start.x + g.radii.width, g.start.y] : [g.end.x, g.end.y]
        }, on: .gradient, frames: frames, tolerance: [pixel], decimals: 2)
        let stops = vector(gradients.map(\.stops), on: .gradient, frames: frames, tolerance: [0.004], decimals: 3, range: 0...1)
        let opacity = scalar(opacities.map { $0 * 100 }, on: .opacity, frames: frames, tolerance: 0.5, decimals: 1)
        keyframes += [starts, ends, stops, opacity].reduce(0) { $0 + ($1.isAnimated ? $1.keyframes.count : 0) }
        items.append(.object([("ty", .string("gf")), ("nm", .string("gradient")), ("o", opacity.json),
                              ("r", .int(1)), ("s", starts.json), ("e", ends.json), ("t", .int(first.type)),
                              ("g", .object([("p", .int(first.stopCount)), ("k", stops.json)]))]))
        if radial && abs(k - 1) > 1e-6 {
            let c = LottieProperty.constant([centre.x, centre.y], decimals: 2).json
            items.append(.object([("ty", .string("tr")), ("a", c), ("p", c),
                                  ("s", LottieProperty.constant([100, k * 100], decimals: 3).json),
                                  ("r", LottieProperty.constant(0, decimals: 0).json),
                                  ("o", LottieProperty.constant(100, decimals: 0).json)]))
        } else {
            items.append(LottieTransform.groupJSON)
        }
        return .object([("ty", .string("gr")), ("nm", .string("gradient")), ("it", .array(items))])
    }

    /// One property per subpath, keyframed together (one fit over all of them).
    private mutating func paths(_ perFrame: [[LottieBezier]], on channels: LottieChannel, frames: [Int]) -> [LottieProperty] {
        guard let first = perFrame.first else { return [] }
        let values = perFrame.map { $0.flatMap(\.flattened) }
        var offsets = [0]
        for path in first { offsets.append(offsets[offsets.count - 1] + path.vertices.count * 6) }
        let fitted = fitter([pixel], on: channels).fit(frames: frames, values: values)
        if fitted.keys.count > 1 { report.noteError(fitted.error * pixel) }
        exactAnimations.formUnion(fitted.exact)
        return first.indices.map { n in
            LottieProperty(keyframes: fitted.keys.map { key in
                LottieKeyframe(frame: key.frame, value: .path(first[n].with(flattened: Array(key.value[offsets[n]..<offsets[n + 1]]))),
                               hold: key.hold, easeOut: key.out, easeIn: key.into)
            }, decimals: 1)
        }
    }

    /// A fitter trying the segments of the animations whose key paths drive `channels`.
    private func fitter(_ tolerances: [Double], on channels: LottieChannel) -> LottieFitter {
        LottieFitter(tolerances: tolerances, hints: hints.filter { !$0.hint.channels.isDisjoint(with: channels) })
    }

    private mutating func scalar(_ values: [Double], on channels: LottieChannel, frames: [Int], tolerance: Double, decimals: Int,
                                 inPixels: Bool = false) -> LottieProperty {
        let fitted = fitter([tolerance], on: channels).fit(frames: frames, values: values.map { [$0] })
        if fitted.keys.count > 1 && inPixels { report.noteError(fitted.error * tolerance) }
        exactAnimations.formUnion(fitted.exact)
        return LottieProperty(keyframes: fitted.keys.map {
            LottieKeyframe(frame: $0.frame, value: .numbers($0.value), hold: $0.hold, easeOut: $0.out, easeIn: $0.into)
        }, decimals: decimals, isScalar: true)
    }

    private mutating func vector(_ values: [[Double]], on channels: LottieChannel, frames: [Int], tolerance: [Double], decimals: Int,
                                 range: ClosedRange<Double>? = nil) -> LottieProperty {
        var fitted = fitter(tolerance, on: channels).fit(frames: frames, values: values)
        if let range {
            for k in fitted.keys.indices { fitted.keys[k].value = fitted.keys[k].value.map { min(max($0, range.lowerBound), range.upperBound) } }
        }
        exactAnimations.formUnion(fitted.exact)
        return LottieProperty(keyframes: fitted.keys.map {
            LottieKeyframe(frame: $0.frame, value: .numbers($0.value), hold: $0.hold, easeOut: $0.out, easeIn: $0.into)
        }, decimals: decimals)
    }
}
