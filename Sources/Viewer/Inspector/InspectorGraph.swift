import Export
import LayerKit
import Playback
import Render

/// The inspector's graph section, drawn as `plot` draws: the picked layer's animated key path
/// over the animation's span — the chart `KeyPathRecording.chart` makes (a line per component,
/// the model dashed, key times and a spring's settling marked), with the values before a tweak
/// not yet written dashed beneath — and the animation's timing curve as a chart of progress.
/// Both are laid out by `ChartLayout` and drawn with layers by `ChartLayers`; the playhead and
/// the present progress are drawn over them.
final class InspectorGraph {
    /// The panel's colours: the inspector's line colours on its dark boxes.
    static let palette = ChartPalette(
        series: InspectorPanel.palette, background: Color(r: 0.12, g: 0.13, b: 0.16, a: 1), text: InspectorPanel.textColor,
        axis: InspectorPanel.dimColor, grid: Color(r: 0.22, g: 0.23, b: 0.27, a: 1), mark: Color(r: 0.6, g: 0.62, b: 0.7, a: 0.9),
        comparison: Color(r: 0.93, g: 0.94, b: 0.96, a: 0.75))

    /// The sizes of a chart in a panel a third of the window wide: smaller type and margins than
    /// a file's, lines as thick.
    static let style: ChartStyle = {
        var style = ChartStyle()
        style.titleSize = 13
        style.textSize = 11
        style.padding = 6
        style.lineWidth = 2.5
        style.modelLineWidth = 1.5
        style.markLineWidth = 1
        style.swatchLength = 16
        style.xTickSpacing = 60
        style.yTickSpacing = 26
        return style
    }()

    let values: ChartLayers
    let curve: ChartLayers
    private let playhead: ShapeLayer
    private let dot: ShapeLayer
    /// What the values chart was made for: it is made again only when this changes.
    private var valuesKey: ValuesKey?
    /// The chart shown, for tests and for what the panel says of it.
    private(set) var valuesChart: Chart?
    private var curveCache: (key: ValuesKey?, progress: [Double])?
    /// What the curve chart was drawn for.
    private var curveKey: CurveKey?

    init(scene: Scene) {
        let measurer = PangoTextMeasurer()
        values = ChartLayers(scene: scene, style: Self.style, palette: Self.palette, measurer: measurer)
        curve = ChartLayers(scene: scene, style: Self.style, palette: Self.palette, measurer: measurer)
        playhead = ShapeLayer(scene: scene)
        dot = ShapeLayer(scene: scene)
        for shape in [playhead, dot] { shape.set(.anchorPoint, Point.zero) }
        playhead.set(.fillColor, Color.clear)
        playhead.set(.strokeColor, InspectorPanel.playheadColor)
        playhead.set(.lineWidth, 2)
        dot.set(.fillColor, InspectorPanel.playheadColor)
        values.addOnTop(playhead)
        curve.addOnTop(dot)
    }

    /// The chart of `keyPath` on `layer` over `span`, as the animation `state` makes it now: the
    /// recording `plot` would chart, drawn `flipped` from its natural direction, with the
    /// values of `before` (the scene before a tweak not yet written) dashed beneath.
    static func valuesChart(keyPath: String, of layer: Layer, in scene: Scene, state: AttachedAnimationState,
                            span: ClosedRange<Double>, flipped: Bool, before: KeyPathRecording?) -> Chart? {
        guard let recording = try? KeyPathRecording.attached(keyPath, of: layer, in: scene, over: span, marking: [state])
        else { return nil }
        var chart = recording.chart(title: "")
        // The section's heading names the key path, and the flip button says which way is up.
        chart.yTitle = ""
        if flipped { chart.direction = chart.direction.flipped }
        if let before, before.keyPath == keyPath {
            let earlier = chart.series.filter { $0.stroke == .solid }.compactMap { line -> ChartSeries? in
                guard let column = before.components.firstIndex(of: line.name) else { return nil }
                let ys = before.samples.map { column < $0.presentation.count ? $0.presentation[column] : nil }
                return ChartSeries(name: line.name + " (before)", ink: .comparison, stroke: .dashed,
                                   xs: before.samples.map(\.time), ys: ys)
            }
            chart.series.insert(contentsOf: earlier, at: 0)
            if !earlier.isEmpty { chart.legend.append(ChartLegendEntry(label: "before the change", ink: .comparison, stroke: .dashed)) }
        }
        return chart
    }

    /// Draws the values chart at `size`, unless it was drawn for the same things already.
    func showValues(keyPath: String, of layer: Layer, in scene: Scene, state: AttachedAnimationState,
                    span: ClosedRange<Double>, size: Size, flipped: Bool, before: KeyPathRecording?) {
        let key = ValuesKey(layer: ObjectIdentifier(layer), keyPath: keyPath, span: span,
                            animations: layer.attachedAnimations.count, size: size, flipped: flipped,
                            before: before.map { $0.samples.count } ?? -1)
        guard key != valuesKey else { return }
        valuesKey = key
        guard let chart = Self.valuesChart(keyPath: keyPath, of: layer, in: scene, state: state, span: span,
                                           flipped: flipped, before: before) else { return }
        valuesChart = chart
        values.show(chart, size: size)
    }

    /// The playhead at media time `time`, when it falls on the values chart.
    func showPlayhead(at time: Double) {
        var path = Path()
        if let layout = values.layout, time >= layout.xAxis.lower, time <= layout.xAxis.upper {
            let x = layout.x(time)
            path.move(to: Point(x: x, y: layout.plot.minY))
            path.addLine(to: Point(x: x, y: layout.plot.maxY))
        }
        playhead.path = path
    }

    /// The media time under `x` (the values chart's points), clamped to its span; nil when no
    /// chart is shown.
    func time(atX x: Double) -> Double? {
        guard let layout = values.layout, layout.plot.width > 0 else { return nil }
        let fraction = min(max((x - layout.plot.minX) / layout.plot.width, 0), 1)
        return layout.xAxis.lower + fraction * (layout.xAxis.upper - layout.xAxis.lower)
    }

    /// The direction the values are drawn in now.
    var direction: ChartDirection { valuesChart?.direction ?? .up }

    // MARK: The timing curve

    /// The timing curve as a chart of progress out against progress in (0…1), its y axis
    /// reaching round values around the whole curve, so that an overshoot shows whole.
    static func curveChart(_ progress: [Double]) -> Chart {
        let xs = progress.indices.map { Double($0) / Double(max(progress.count - 1, 1)) }
        var chart = Chart(title: "", xTitle: "", yTitle: "", xLower: 0, xUpper: 1,
                          series: [ChartSeries(name: "progress", ink: .series(1), stroke: .solid, xs: xs,
                                               ys: progress.map { $0.isFinite ? $0 : 0 })],
                          marks: [], legend: [])
        // Where the curve starts and ends is always in view.
        chart.yIncludes = [0, 1]
        return chart
    }

    /// Draws the timing curve of `state` on `layer` at `size`, with a dot at the progress of
    /// media time `time` while the animation runs (`live`).
    func showCurve(state: AttachedAnimationState, layer: Layer, time: Double, size: Size, live: Bool) {
        let progress = curveProgress(state: state, layer: layer)
        // The chart is drawn again only when its curve or size changes; the dot, every frame.
        let key = CurveKey(animation: ObjectIdentifier(state.animation), size: size, values: valuesKey)
        if key != curveKey || curve.layout == nil {
            curveKey = key
            curve.show(Self.curveChart((0...64).map { progress(Double($0) / 64) }), size: size)
        }
        guard let layout = curve.layout else { return }
        let sample = state.timing.sample(at: layer.localTime(mediaTime: time))
        var path = Path()
        if live && sample.isEffective {
            let t = sample.fraction
            path.addArc(center: Point(x: layout.x(t), y: layout.y(progress(t))), radius: 5, startAngle: 0, endAngle: 2 * .pi)
        }
        dot.path = path
    }

    /// Progress out for progress in: the timing function, or — for a spring, whose motion is its
    /// curve — how far it has moved from its start towards its end, over its duration.
    private func curveProgress(state: AttachedAnimationState, layer: Layer) -> (Double) -> Double {
        guard let spring = state.animation as? SpringAnimation else {
            let function = state.animation.timingFunction ?? .linear
            return { function.evaluate($0) }
        }
        if let curveCache, curveCache.key == valuesKey { return Self.lookup(curveCache.progress) }
        var values = Array(repeating: 0.0, count: 65)
        if let scene = layer.scene, let keyPath = state.keyPath,
           case .number(let from)? = spring.fromValue ?? (try? layer.value(forKeyPath: keyPath)),
           case .number(let to)? = spring.toValue ?? (try? layer.value(forKeyPath: keyPath)), to != from {
            let begin = Inspector.mediaTimeOf(local: state.timing.beginTime, in: layer)
            // The last moment just inside the duration: at its end the animation is gone.
            let length = state.timing.duration / max(abs(state.timing.speed), 1e-9)
            let times = (0...64).map { begin + min(Double($0) / 64 * length, length * (1 - 1e-9)) }
            let samples = (try? scene.presentationValues(of: layer, keyPath: keyPath, at: times)) ?? []
            for (index, sample) in samples.enumerated() {
                if case .number(let value) = sample { values[index] = (value - from) / (to - from) }
            }
        }
        curveCache = (valuesKey, values)
        return Self.lookup(values)
    }

    private static func lookup(_ values: [Double]) -> (Double) -> Double {
        { t in
            let position = min(max(t, 0), 1) * Double(values.count - 1)
            let index = min(Int(position), values.count - 2)
            let fraction = position - Double(index)
            return values[index] * (1 - fraction) + values[index + 1] * fraction
        }
    }
}

/// What the values chart is made from: when none of it changes, the chart stays as drawn.
private struct ValuesKey: Equatable {
    let layer: ObjectIdentifier
    let keyPath: String
    let span: ClosedRange<Double>
    let animations: Int
    let size: Size
    let flipped: Bool
    let before: Int
}

/// What the curve chart is drawn from: the animation (and, for a spring, the values sampled for
/// it) and the chart's size.
private struct CurveKey: Equatable {
    let animation: ObjectIdentifier
    let size: Size
    let values: ValuesKey?
}
