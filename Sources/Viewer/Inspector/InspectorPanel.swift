import Foundation
import LayerKit
import Playback

/// The inspector's panel on the right of the window, and the outline of the picked layer: what
/// `Inspector` says, drawn with layers of the overlay's scene. Below the text, a graph of the
/// picked layer's animated key path over the animation's span (one line per component, the
/// model value dashed, keyTimes and a spring's settling time marked, the playhead in orange),
/// and beside it the animation's timing curve with a dot where it is now. Pressing on the graph
/// seeks; the buttons walk up to the superlayer and switch between animated key paths.
///
/// For a projector: 13 to 17-point type, light on near-black, lines in colours that stay apart.
final class InspectorPanel {
    static let palette: [Color] = [
        Color(r: 1, g: 0.62, b: 0.11), Color(r: 0.25, g: 0.82, b: 1), Color(r: 0.61, g: 0.9, b: 0.39),
        Color(r: 1, g: 0.36, b: 0.64), Color(r: 1, g: 0.86, b: 0.3), Color(r: 0.75, g: 0.6, b: 1),
    ]
    static let font = "DejaVu Sans"
    static let mono = "DejaVu Sans Mono"
    static let textColor = Color(r: 0.93, g: 0.94, b: 0.96)
    static let dimColor = Color(r: 0.66, g: 0.68, b: 0.74)
    static let playheadColor = Color(r: 1, g: 0.62, b: 0.11)
    static let graphHeight = 150.0
    static let curveSide = 130.0
    static let bodySize = 13.0

    private let outline: ShapeLayer
    private let panel: Layer
    private let title: TextLayer
    private let path: TextLayer
    private let body: TextLayer
    private let graphBox: Layer
    private var lines: [ShapeLayer] = []
    /// The names of the graphed components, each in its line's colour.
    private var legend: [TextLayer] = []
    private let modelLines: ShapeLayer
    /// The graphed values before a tweak not yet written, dashed.
    private let beforeLines: ShapeLayer
    private let marks: ShapeLayer
    private let graphPlayhead: ShapeLayer
    private let graphLabel: TextLayer
    private let axisLabels: TextLayer
    private let curveBox: Layer
    private let curve: ShapeLayer
    private let curveDot: ShapeLayer
    private let curveLabel: TextLayer
    private let upButton: Layer
    private let nextButton: Layer
    private(set) var isVisible = false
    private var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    private var graphFrame = Rect(x: 0, y: 0, width: 0, height: 0)
    private var graphSpan: ClosedRange<Double>?
    private var textShownAt = -1.0
    private var graphKey = ""
    private var valueRange: ClosedRange<Double> = 0...1

    init(scene: Scene) {
        outline = ShapeLayer(scene: scene)
        panel = Layer(scene: scene)
        title = TextLayer(scene: scene)
        path = TextLayer(scene: scene)
        body = TextLayer(scene: scene)
        graphBox = Layer(scene: scene)
        modelLines = ShapeLayer(scene: scene)
        beforeLines = ShapeLayer(scene: scene)
        marks = ShapeLayer(scene: scene)
        graphPlayhead = ShapeLayer(scene: scene)
        graphLabel = TextLayer(scene: scene)
        axisLabels = TextLayer(scene: scene)
        curveBox = Layer(scene: scene)
        curve = ShapeLayer(scene: scene)
        curveDot = ShapeLayer(scene: scene)
        curveLabel = TextLayer(scene: scene)
        upButton = Layer(scene: scene)
        nextButton = Layer(scene: scene)
        scene.perform(actionsDisabled: true) {
            let all: [Layer] = [outline, panel, title, path, body, graphBox, modelLines, beforeLines, marks, graphPlayhead, graphLabel,
                                axisLabels, curveBox, curve, curveDot, curveLabel, upButton, nextButton]
            for layer in all { layer.set(.anchorPoint, Point.zero) }
            outline.set(.strokeColor, InspectorPanel.playheadColor)
            outline.set(.fillColor, Color(r: 1, g: 0.62, b: 0.11, a: 0.12))
            outline.set(.lineWidth, 3)
            panel.set(.backgroundColor, Color(r: 0.06, g: 0.06, b: 0.08, a: 0.94))
            panel.set(.cornerRadius, 8)
            for (text, size, font, colour) in [(title, 17.0, InspectorPanel.font, InspectorPanel.textColor),
                                               (path, 13.0, InspectorPanel.font, InspectorPanel.dimColor),
                                               (body, InspectorPanel.bodySize, InspectorPanel.mono, InspectorPanel.textColor),
                                               (graphLabel, 13.0, InspectorPanel.font, InspectorPanel.textColor),
                                               (axisLabels, 12.0, InspectorPanel.mono, InspectorPanel.dimColor),
                                               (curveLabel, 12.0, InspectorPanel.font, InspectorPanel.dimColor)] {
                text.font = font
                text.set(.fontSize, size)
                text.set(.foregroundColor, colour)
            }
            for box in [graphBox, curveBox] {
                box.set(.backgroundColor, Color(r: 0.12, g: 0.13, b: 0.16, a: 1))
                box.set(.cornerRadius, 4)
            }
            for index in 0..<InspectorPanel.palette.count {
                let line = ShapeLayer(scene: scene)
                line.set(.anchorPoint, Point.zero)
                line.set(.fillColor, Color.clear)
                line.set(.strokeColor, InspectorPanel.palette[index])
                line.set(.lineWidth, 2.5)
                lines.append(line)
                let label = TextLayer(scene: scene)
                label.font = InspectorPanel.font
                label.set(.anchorPoint, Point.zero)
                label.set(.fontSize, 12)
                label.set(.foregroundColor, InspectorPanel.palette[index])
                legend.append(label)
            }
            modelLines.set(.fillColor, Color.clear)
            modelLines.set(.strokeColor, Color(r: 0.85, g: 0.86, b: 0.9, a: 0.8))
            modelLines.set(.lineWidth, 1.5)
            modelLines.set(.lineDashPattern, [6, 4])
            beforeLines.set(.fillColor, Color.clear)
            beforeLines.set(.strokeColor, Color(r: 0.93, g: 0.94, b: 0.96, a: 0.75))
            beforeLines.set(.lineWidth, 2)
            beforeLines.set(.lineDashPattern, [5, 4])
            marks.set(.fillColor, Color.clear)
            marks.set(.strokeColor, Color(r: 0.6, g: 0.62, b: 0.7, a: 0.9))
            marks.set(.lineWidth, 1)
            marks.set(.lineDashPattern, [2, 3])
            graphPlayhead.set(.fillColor, Color.clear)
            graphPlayhead.set(.strokeColor, InspectorPanel.playheadColor)
            graphPlayhead.set(.lineWidth, 2)
            curve.set(.fillColor, Color.clear)
            curve.set(.strokeColor, Color(r: 0.25, g: 0.82, b: 1))
            curve.set(.lineWidth, 2.5)
            curveDot.set(.fillColor, InspectorPanel.playheadColor)
            for button in [upButton, nextButton] {
                button.set(.backgroundColor, Color(r: 0.24, g: 0.25, b: 0.29, a: 1))
                button.set(.cornerRadius, 5)
                let label = TextLayer(scene: scene)
                label.font = InspectorPanel.font
                label.set(.anchorPoint, Point.zero)
                label.set(.fontSize, 14)
                label.set(.foregroundColor, Color.white)
                label.set(.alignmentMode, TextAlignment.center.rawValue)
                label.set(.position, Point(x: 0, y: 5))
                label.set(.bounds, Rect(x: 0, y: 0, width: 110, height: 20))
                label.string = button === upButton ? "▲ superlayer" : "next graph ▶"
                try? button.addSublayer(label)
            }
            for layer in [title, path, body, graphBox, curveBox, upButton, nextButton] as [Layer] { try? panel.addSublayer(layer) }
            for layer in [beforeLines] + lines + [modelLines, marks, graphPlayhead] + legend as [Layer] { try? graphBox.addSublayer(layer) }
            for layer in [graphLabel, axisLabels] as [Layer] { try? panel.addSublayer(layer) }
            for layer in [curve, curveDot] as [Layer] { try? curveBox.addSublayer(layer) }
            try? panel.addSublayer(curveLabel)
            outline.set(.hidden, true)
            panel.set(.hidden, true)
            try? scene.root.addSublayer(outline)
            try? scene.root.addSublayer(panel)
        }
    }

    /// Shows the panel for `layer` of `scene` (shown at media time `time`), or hides it (nil).
    /// `bottom` is how much of the window's bottom edge other overlays use.
    func update(inspector: Inspector, layer: Layer?, scene: Scene?, time: Double, loop: ClosedRange<Double>?,
                size: Size, bottom: Double, overlay: Scene) {
        guard inspector.isOn else {
            if isVisible {
                overlay.perform(actionsDisabled: true) {
                    panel.set(.hidden, true)
                    outline.set(.hidden, true)
                }
            }
            isVisible = false
            return
        }
        isVisible = true
        let width = min(460, max(size.width * 0.5, 300))
        frame = Rect(x: size.width - width - 8, y: 8, width: width, height: max(size.height - 16 - bottom, 200))
        overlay.perform(actionsDisabled: true) {
            panel.set(.hidden, false)
            panel.set(.position, frame.origin)
            panel.set(.bounds, Rect(x: 0, y: 0, width: frame.width, height: frame.height))
            if let layer {
                outline.path = BoundsOutline(layer: layer).outlines
                outline.set(.hidden, false)
            } else {
                outline.set(.hidden, true)
            }
            showText(inspector: inspector, layer: layer, time: time)
            showGraph(inspector: inspector, layer: layer, scene: scene, time: time, loop: loop)
        }
    }

    /// Whether `point` (window points) is on the panel: a press there is never the script's
    /// and picks no layer.
    func contains(_ point: Point) -> Bool {
        isVisible && frame.contains(point)
    }

    /// What a press at `point` (window points) on the panel asks; nil where it asks nothing.
    func command(at point: Point) -> ViewerCommand? {
        guard contains(point) else { return nil }
        let local = Point(x: point.x - frame.origin.x, y: point.y - frame.origin.y)
        if upButton.frame.contains(local) { return .inspectSuperlayer }
        if !nextButton.bool(.hidden), nextButton.frame.contains(local) { return .nextGraph }
        return time(atPanelPoint: local, strict: true).map { .seek(to: $0) }
    }

    /// The media time under `x` (window points) on the graph, clamped to its span; for dragging.
    func time(atWindowX x: Double) -> Double? {
        time(atPanelPoint: Point(x: x - frame.origin.x, y: graphFrame.origin.y + 1), strict: false)
    }

    private func time(atPanelPoint local: Point, strict: Bool) -> Double? {
        guard let span = graphSpan, graphFrame.width > 0 else { return nil }
        if strict && !graphFrame.contains(local) { return nil }
        let fraction = min(max((local.x - graphFrame.origin.x) / graphFrame.width, 0), 1)
        return span.lowerBound + fraction * (span.upperBound - span.lowerBound)
    }

    // MARK: Text

    private func showText(inspector: Inspector, layer: Layer?, time: Double) {
        let pad = 12.0
        title.set(.position, Point(x: pad, y: 8))
        title.set(.bounds, Rect(x: 0, y: 0, width: frame.width - 2 * pad - 120, height: 24))
        path.set(.position, Point(x: pad, y: 34))
        path.set(.bounds, Rect(x: 0, y: 0, width: frame.width - 2 * pad, height: 18))
        upButton.set(.position, Point(x: frame.width - pad - 110, y: 8))
        upButton.set(.bounds, Rect(x: 0, y: 0, width: 110, height: 28))
        upButton.set(.hidden, layer?.superlayer == nil)
        let bodyTop = 60.0
        let bodyHeight = max(frame.height - bodyTop - InspectorPanel.graphHeight - 56, 40)
        body.set(.position, Point(x: pad, y: bodyTop))
        body.set(.bounds, Rect(x: 0, y: 0, width: frame.width - 2 * pad, height: bodyHeight))
        // Text is set again four times a second: often enough to read, seldom enough to draw.
        let now = Monotonic.now()
        guard now - textShownAt >= 0.25 || layer == nil else { return }
        textShownAt = now
        guard let layer else {
            title.string = "Inspector"
            path.string = "click a layer to pick it (again: its superlayer)"
            body.string = "F4 closes the inspector."
            return
        }
        let heading = Inspector.heading(layer)
        title.string = heading.title
        path.string = heading.path
        var text = ["model → on screen"] + Inspector.propertyLines(layer).map { "  " + $0 }
        let states = layer.attachedAnimations
        text.append("")
        text.append(states.isEmpty ? "no animations" : "animations (\(states.count))")
        for state in states { text.append(contentsOf: Inspector.animationLines(state, layer: layer, mediaTime: time)) }
        let rows = max(Int(bodyHeight / (InspectorPanel.bodySize * 1.3)), 1)
        let columns = max(Int((frame.width - 2 * pad) / (InspectorPanel.bodySize * 0.61)), 10)
        let clipped = text.map { $0.count > columns ? String($0.prefix(columns - 1)) + "…" : $0 }
        body.string = (clipped.count > rows ? Array(clipped.prefix(rows - 1)) + ["…"] : clipped).joined(separator: "\n")
    }

    // MARK: Graph and curve

    private func showGraph(inspector: Inspector, layer: Layer?, scene: Scene?, time: Double, loop: ClosedRange<Double>?) {
        let pad = 12.0
        let paths = layer.map(Inspector.graphedKeyPaths) ?? []
        let showsGraph = layer != nil && scene != nil && !paths.isEmpty
        for shown in [graphBox, curveBox, graphLabel, axisLabels, curveLabel] as [Layer] { shown.set(.hidden, !showsGraph) }
        nextButton.set(.hidden, paths.count < 2)
        guard showsGraph, let layer, let scene else {
            graphSpan = nil
            return
        }
        let keyPath = paths[inspector.graphIndex % paths.count]
        guard let state = Inspector.animation(on: keyPath, of: layer) else { return }
        let top = frame.height - InspectorPanel.graphHeight - 30
        let graphWidth = frame.width - 2 * pad - InspectorPanel.curveSide - 12
        graphFrame = Rect(x: pad, y: top, width: graphWidth, height: InspectorPanel.graphHeight)
        graphBox.set(.position, graphFrame.origin)
        graphBox.set(.bounds, Rect(x: 0, y: 0, width: graphWidth, height: InspectorPanel.graphHeight))
        graphLabel.set(.position, Point(x: pad, y: top - 22))
        graphLabel.set(.bounds, Rect(x: 0, y: 0, width: graphWidth, height: 18))
        nextButton.set(.position, Point(x: frame.width - pad - 110, y: top - 34))
        nextButton.set(.bounds, Rect(x: 0, y: 0, width: 110, height: 28))
        axisLabels.set(.position, Point(x: pad, y: top + InspectorPanel.graphHeight + 4))
        axisLabels.set(.bounds, Rect(x: 0, y: 0, width: graphWidth, height: 16))
        let span = Inspector.span(of: state, layer: layer, loop: loop)
        let before = inspector.comparison.flatMap { $0.keyPath == keyPath ? $0 : nil }
        let key = "\(ObjectIdentifier(layer)) \(keyPath) \(span) \(layer.attachedAnimations.count) \(graphWidth) \(before?.values.count ?? -1)"
        if key != graphKey {
            graphKey = key
            drawSeries(layer: layer, scene: scene, keyPath: keyPath, state: state, span: span, size: graphFrame.size,
                       before: before.map { ($0.times, $0.values) })
        }
        graphSpan = span
        let x = (time - span.lowerBound) / (span.upperBound - span.lowerBound) * graphWidth
        var head = Path()
        if x >= 0 && x <= graphWidth {
            head.move(to: Point(x: x, y: 0))
            head.addLine(to: Point(x: x, y: InspectorPanel.graphHeight))
        }
        graphPlayhead.path = head
        showCurve(state: state, layer: layer, time: time, left: pad + graphWidth + 12, top: top)
    }

    private func drawSeries(layer: Layer, scene: Scene, keyPath: String, state: AttachedAnimationState,
                            span: ClosedRange<Double>, size: Size, before: (times: [Double], values: [AnimationValue])? = nil) {
        let count = 240
        let times = (0...count).map { span.lowerBound + (span.upperBound - span.lowerBound) * Double($0) / Double(count) }
        let values = (try? scene.presentationValues(of: layer, keyPath: keyPath, at: times)) ?? []
        let model = (try? layer.value(forKeyPath: keyPath)) ?? .number(0)
        let names = model.components.map(\.name)
        var series = Array(repeating: [Double](), count: names.count)
        for value in values {
            let parts = value.components
            for index in series.indices { series[index].append(index < parts.count ? parts[index].value : .nan) }
        }
        // Components that never move are left out when others do (a transform's nine parts).
        let moving = series.indices.filter { index in
            let finite = series[index].filter(\.isFinite)
            return (finite.max() ?? 0) - (finite.min() ?? 0) > 1e-9
        }
        let shown = Array((moving.isEmpty ? Array(series.indices) : moving).prefix(lines.count))
        let modelParts = model.components
        // The values before a tweak, on the same scale.
        let beforeSeries = shown.map { component in
            before?.values.map { value in component < value.components.count ? value.components[component].value : .nan } ?? []
        }
        var all = shown.flatMap { series[$0].filter(\.isFinite) } + shown.compactMap { $0 < modelParts.count ? modelParts[$0].value : nil }
            + beforeSeries.flatMap { $0.filter(\.isFinite) }
        if all.isEmpty { all = [0, 1] }
        var low = all.min() ?? 0, high = all.max() ?? 1
        if high - low < 1e-9 { low -= 1; high += 1 }
        let margin = (high - low) * 0.08
        valueRange = (low - margin)...(high + margin)
        let y = { (v: Double) in size.height - (v - self.valueRange.lowerBound) / (self.valueRange.upperBound - self.valueRange.lowerBound) * size.height }
        let x = { (i: Int) in Double(i) / Double(count) * size.width }
        var dashed = Path()
        for (slot, line) in lines.enumerated() {
            guard slot < shown.count else { line.path = nil; continue }
            let component = shown[slot]
            var path = Path()
            var drawing = false
            for (i, v) in series[component].enumerated() {
                guard v.isFinite else { drawing = false; continue }
                if drawing { path.addLine(to: Point(x: x(i), y: y(v))) } else { path.move(to: Point(x: x(i), y: y(v))) }
                drawing = true
            }
            line.path = path
            if component < modelParts.count {
                dashed.move(to: Point(x: 0, y: y(modelParts[component].value)))
                dashed.addLine(to: Point(x: size.width, y: y(modelParts[component].value)))
            }
        }
        modelLines.path = dashed
        var earlier = Path()
        if let before {
            let toX = { (t: Double) in (t - span.lowerBound) / (span.upperBound - span.lowerBound) * size.width }
            for values in beforeSeries {
                var drawing = false
                for (t, v) in zip(before.times, values) {
                    guard v.isFinite, span.contains(t) else { drawing = false; continue }
                    let point = Point(x: toX(t), y: y(v))
                    if drawing { earlier.addLine(to: point) } else { earlier.move(to: point) }
                    drawing = true
                }
            }
        }
        beforeLines.path = earlier
        marks.path = markPath(state: state, layer: layer, span: span, size: size)
        graphLabel.string = keyPath
        var legendX = 6.0
        for (slot, label) in legend.enumerated() {
            let named = slot < shown.count && (shown.count > 1 || names[shown[slot]] != "value")
            label.set(.hidden, !named)
            guard named else { continue }
            let text = names[shown[slot]]
            label.string = text
            let width = Double(text.count) * 7.5 + 8
            label.set(.position, Point(x: legendX, y: 4))
            label.set(.bounds, Rect(x: 0, y: 0, width: width, height: 16))
            legendX += width
        }
        axisLabels.string = String(format: "%.2f–%.2f s · %@ to %@", span.lowerBound, span.upperBound,
                                   Inspector.format(low), Inspector.format(high))
    }

    /// Dotted lines at a keyframe animation's key times (every cycle in the span) and at a
    /// spring's settling time.
    private func markPath(state: AttachedAnimationState, layer: Layer, span: ClosedRange<Double>, size: Size) -> Path {
        var path = Path()
        let timing = state.timing
        let toX = { (t: Double) in (t - span.lowerBound) / (span.upperBound - span.lowerBound) * size.width }
        var moments: [Double] = []
        if let keyframe = state.animation as? KeyframeAnimation, timing.duration > 0 {
            let keyTimes = keyframe.keyTimes ?? (0..<keyframe.values.count).map { Double($0) / Double(max(keyframe.values.count - 1, 1)) }
            var cycle = 0.0
            while cycle < 50 {
                let cycleStart = timing.beginTime + cycle * timing.duration
                let start = Inspector.mediaTimeOf(local: cycleStart, in: layer)
                if start > span.upperBound { break }
                moments += keyTimes.map { Inspector.mediaTimeOf(local: cycleStart + $0 * timing.duration, in: layer) }
                cycle += 1
                if !(timing.repeatCount > cycle || timing.repeatCount.isInfinite || timing.autoreverses) { break }
            }
        }
        if let spring = state.animation as? SpringAnimation {
            moments.append(Inspector.mediaTimeOf(local: timing.beginTime + spring.settlingDuration, in: layer))
        }
        for moment in moments where span.contains(moment) {
            path.move(to: Point(x: toX(moment), y: 0))
            path.addLine(to: Point(x: toX(moment), y: size.height))
        }
        return path
    }

    private func showCurve(state: AttachedAnimationState, layer: Layer, time: Double, left: Double, top: Double) {
        let side = InspectorPanel.curveSide
        curveBox.set(.position, Point(x: left, y: top + InspectorPanel.graphHeight - side))
        curveBox.set(.bounds, Rect(x: 0, y: 0, width: side, height: side))
        curveLabel.set(.position, Point(x: left, y: top + InspectorPanel.graphHeight + 4))
        curveLabel.set(.bounds, Rect(x: 0, y: 0, width: side, height: 16))
        let inset = 10.0
        let box = side - 2 * inset
        let progress = curveFunction(state: state, layer: layer)
        var path = Path()
        for i in 0...64 {
            let t = Double(i) / 64
            // A spring overshoots: its curve is drawn within the box's middle two thirds.
            let y = state.animation is SpringAnimation ? (1 - (progress(t) + 0.25) / 1.5) : (1 - progress(t))
            let point = Point(x: inset + t * box, y: inset + min(max(y, -0.05), 1.05) * box)
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        curve.path = path
        let sample = state.timing.sample(at: layer.localTime(mediaTime: time))
        var dot = Path()
        if sample.isEffective {
            let t = sample.fraction
            let y = state.animation is SpringAnimation ? (1 - (progress(t) + 0.25) / 1.5) : (1 - progress(t))
            dot.addArc(center: Point(x: inset + t * box, y: inset + min(max(y, -0.05), 1.05) * box), radius: 5,
                       startAngle: 0, endAngle: 2 * .pi)
        }
        curveDot.path = dot
        curveLabel.string = state.animation is SpringAnimation ? "spring: progress" : "timing curve"
    }

    /// Progress out for progress in: the timing function, or — for a spring, whose motion is its
    /// curve — how far it has moved from its start towards its end, over its duration.
    private func curveFunction(state: AttachedAnimationState, layer: Layer) -> (Double) -> Double {
        guard let spring = state.animation as? SpringAnimation else {
            let function = state.animation.timingFunction ?? .linear
            return { function.evaluate($0) }
        }
        if curveCache.key == graphKey, let values = curveCache.values { return Self.lookup(values) }
        var values = Array(repeating: 0.0, count: 65)
        if let scene = layer.scene, let keyPath = state.keyPath,
           case .number(let from)? = spring.fromValue ?? (try? layer.value(forKeyPath: keyPath)),
           case .number(let to)? = spring.toValue ?? (try? layer.value(forKeyPath: keyPath)), to != from {
            let begin = Inspector.mediaTimeOf(local: state.timing.beginTime, in: layer)
            let times = (0...64).map { begin + Double($0) / 64 * state.timing.duration / max(abs(state.timing.speed), 1e-9) }
            let samples = (try? scene.presentationValues(of: layer, keyPath: keyPath, at: times)) ?? []
            for (index, sample) in samples.enumerated() {
                if case .number(let value) = sample { values[index] = (value - from) / (to - from) }
            }
        }
        curveCache = (graphKey, values)
        return Self.lookup(values)
    }

    private var curveCache: (key: String, values: [Double]?) = ("", nil)

    private static func lookup(_ values: [Double]) -> (Double) -> Double {
        { t in
            let position = min(max(t, 0), 1) * Double(values.count - 1)
            let index = min(Int(position), values.count - 2)
            let fraction = position - Double(index)
            return values[index] * (1 - fraction) + values[index + 1] * fraction
        }
    }
}

