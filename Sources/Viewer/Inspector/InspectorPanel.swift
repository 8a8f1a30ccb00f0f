import Export
import Foundation
import LayerKit
import Playback

/// The inspector's panel on the right of the window, and the outline of the picked layer: what
/// `Inspector` says, drawn with layers of the overlay's scene, in one column at most a third of
/// the window wide. Its sections — properties, animations, and the graph of an animated key
/// path over the animation's span (one line per component, the model value dashed, keyTimes and
/// a spring's settling time marked, the playhead in orange) with the timing curve beneath —
/// fold with a press on their headings. Lines wrap rather than being cut. Pressing on the graph
/// seeks; buttons walk up to the superlayer, switch key paths and flip the graph.
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
    static let headingColor = Color(r: 0.55, g: 0.78, b: 1)
    static let playheadColor = Color(r: 1, g: 0.62, b: 0.11)
    /// The graph's height and the curve box's side: smaller in a short panel, to leave room
    /// for text.
    private var graphHeight: Double { frame.height < 480 ? 84 : 110 }
    private var curveSide: Double { frame.height < 480 ? 76 : 96 }
    static let bodySize = 13.0
    static let lineHeight = 13.0 * 1.3
    /// A monospaced character's width at `bodySize`.
    static let characterWidth = 13.0 * 0.61
    static let headingHeight = 24.0
    static let pad = 12.0
    static let buttonHeight = 26.0

    /// The panel's width in a window `width` points wide: a third of it with its margin, but never so narrow
    /// that a property's line cannot be read (27 characters).
    static func width(forWindow width: Double) -> Double {
        min(max(width / 3 - 8, 210), width * 0.6, 460)
    }

    private let outline: ShapeLayer
    private let panel: Layer
    private let title: TextLayer
    private let path: TextLayer
    private var headings: [InspectorSection: TextLayer] = [:]
    private var sectionText: [InspectorSection: TextLayer] = [:]
    private let graphBox: Layer
    private var lines: [ShapeLayer] = []
    /// The names of the graphed components, each in its line's colour.
    private var legend: [TextLayer] = []
    private let modelLines: ShapeLayer
    /// The graphed values before a tweak not yet written, dashed.
    private let beforeLines: ShapeLayer
    private let marks: ShapeLayer
    private let graphPlayhead: ShapeLayer
    private let axisLabels: TextLayer
    private let valueTop: TextLayer
    private let valueBottom: TextLayer
    private let curveBox: Layer
    private let curveGuides: ShapeLayer
    private let curveZero: TextLayer
    private let curveOne: TextLayer
    private let curve: ShapeLayer
    private let curveDot: ShapeLayer
    private let curveLabel: TextLayer
    private let upButton: Layer
    private let nextButton: Layer
    private let flipButton: Layer
    private(set) var isVisible = false
    private var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    private var graphFrame = Rect(x: 0, y: 0, width: 0, height: 0)
    private var headingFrames: [(InspectorSection, Rect)] = []
    private var graphSpan: ClosedRange<Double>?
    private var textShownAt = -1.0
    /// What the text was laid out for: a change (a fold, a resize, another layer) lays it out
    /// at once rather than at the next quarter second.
    private var textLayoutKey: TextLayoutKey?
    private var graphKey = ""
    private var valueRange: ClosedRange<Double> = 0...1
    /// The layer the graph was drawn for: its graph stays on view after its animation ends,
    /// until it gets another.
    private var graphedLayer: ObjectIdentifier?
    private var graphedState: AttachedAnimationState?
    private var graphedKeyPath = ""

    init(scene: Scene) {
        outline = ShapeLayer(scene: scene)
        panel = Layer(scene: scene)
        title = TextLayer(scene: scene)
        path = TextLayer(scene: scene)
        graphBox = Layer(scene: scene)
        modelLines = ShapeLayer(scene: scene)
        beforeLines = ShapeLayer(scene: scene)
        marks = ShapeLayer(scene: scene)
        graphPlayhead = ShapeLayer(scene: scene)
        axisLabels = TextLayer(scene: scene)
        valueTop = TextLayer(scene: scene)
        valueBottom = TextLayer(scene: scene)
        curveBox = Layer(scene: scene)
        curveGuides = ShapeLayer(scene: scene)
        curveZero = TextLayer(scene: scene)
        curveOne = TextLayer(scene: scene)
        curve = ShapeLayer(scene: scene)
        curveDot = ShapeLayer(scene: scene)
        curveLabel = TextLayer(scene: scene)
        upButton = Layer(scene: scene)
        nextButton = Layer(scene: scene)
        flipButton = Layer(scene: scene)
        for section in InspectorSection.allCases {
            headings[section] = TextLayer(scene: scene)
            if section != .graph { sectionText[section] = TextLayer(scene: scene) }
        }
        scene.perform(actionsDisabled: true) { build(scene) }
    }

    private func build(_ scene: Scene) {
        let texts: [TextLayer] = [title, path, axisLabels, valueTop, valueBottom, curveZero, curveOne, curveLabel]
            + Array(headings.values) + Array(sectionText.values)
        let all: [Layer] = [outline, panel, graphBox, modelLines, beforeLines, marks, graphPlayhead, curveBox, curveGuides, curve,
                            curveDot, upButton, nextButton, flipButton] + texts
        for layer in all { layer.set(.anchorPoint, Point.zero) }
        outline.set(.strokeColor, InspectorPanel.playheadColor)
        outline.set(.fillColor, Color(r: 1, g: 0.62, b: 0.11, a: 0.12))
        outline.set(.lineWidth, 3)
        panel.set(.backgroundColor, Color(r: 0.06, g: 0.06, b: 0.08, a: 0.94))
        panel.set(.cornerRadius, 8)
        let styles: [(TextLayer, Double, String, Color)] = [
            (title, 17, InspectorPanel.font, InspectorPanel.textColor),
            (path, 13, InspectorPanel.font, InspectorPanel.dimColor),
            (axisLabels, 12, InspectorPanel.mono, InspectorPanel.dimColor),
            (valueTop, 11, InspectorPanel.mono, InspectorPanel.dimColor),
            (valueBottom, 11, InspectorPanel.mono, InspectorPanel.dimColor),
            (curveZero, 11, InspectorPanel.mono, InspectorPanel.dimColor),
            (curveOne, 11, InspectorPanel.mono, InspectorPanel.dimColor),
            (curveLabel, 12, InspectorPanel.font, InspectorPanel.dimColor),
        ] + headings.values.map { ($0, 14, InspectorPanel.font, InspectorPanel.headingColor) }
            + sectionText.values.map { ($0, InspectorPanel.bodySize, InspectorPanel.mono, InspectorPanel.textColor) }
        for (text, size, font, colour) in styles {
            text.font = font
            text.set(.fontSize, size)
            text.set(.foregroundColor, colour)
        }
        path.set(.wrapped, true)
        curveLabel.set(.wrapped, true)
        // A heading too long for a narrow panel ends in an ellipsis rather than at the edge.
        for heading in headings.values + [title] { heading.set(.truncationMode, TruncationMode.end.rawValue) }
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
        for dotted in [marks, curveGuides] {
            dotted.set(.fillColor, Color.clear)
            dotted.set(.strokeColor, Color(r: 0.6, g: 0.62, b: 0.7, a: 0.9))
            dotted.set(.lineWidth, 1)
            dotted.set(.lineDashPattern, [2, 3])
        }
        graphPlayhead.set(.fillColor, Color.clear)
        graphPlayhead.set(.strokeColor, InspectorPanel.playheadColor)
        graphPlayhead.set(.lineWidth, 2)
        curve.set(.fillColor, Color.clear)
        curve.set(.strokeColor, Color(r: 0.25, g: 0.82, b: 1))
        curve.set(.lineWidth, 2.5)
        curveDot.set(.fillColor, InspectorPanel.playheadColor)
        curveZero.string = "0"
        curveOne.string = "1"
        for (button, text) in [(upButton, "▲ up"), (nextButton, "next graph ▶"), (flipButton, "")] {
            button.set(.backgroundColor, Color(r: 0.24, g: 0.25, b: 0.29, a: 1))
            button.set(.cornerRadius, 5)
            let label = TextLayer(scene: scene)
            label.font = InspectorPanel.font
            label.set(.anchorPoint, Point.zero)
            label.set(.fontSize, 13)
            label.set(.foregroundColor, Color.white)
            label.set(.alignmentMode, TextAlignment.center.rawValue)
            label.set(.position, Point(x: 0, y: 4))
            label.string = text
            try? button.addSublayer(label)
        }
        let onPanel: [Layer] = [title, path, graphBox, curveBox, axisLabels, curveLabel, upButton, nextButton, flipButton]
            + InspectorSection.allCases.compactMap { headings[$0] } + InspectorSection.allCases.compactMap { sectionText[$0] }
        for layer in onPanel { try? panel.addSublayer(layer) }
        for layer in [beforeLines] + lines + [modelLines, marks, graphPlayhead] + legend + [valueTop, valueBottom] as [Layer] {
            try? graphBox.addSublayer(layer)
        }
        for layer in [curveGuides, curveZero, curveOne, curve, curveDot] as [Layer] { try? curveBox.addSublayer(layer) }
        outline.set(.hidden, true)
        panel.set(.hidden, true)
        try? scene.root.addSublayer(outline)
        try? scene.root.addSublayer(panel)
    }

    /// Shows the panel for `layer` of `scene` (shown at media time `time`), or hides it (nil).
    /// `size` is the overlay's layout size; `bottom` is how much of its bottom edge other
    /// overlays use.
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
        let width = InspectorPanel.width(forWindow: size.width)
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
            let graphTop = showGraph(inspector: inspector, layer: layer, scene: scene, time: time, loop: loop)
            showText(inspector: inspector, layer: layer, time: time, bottom: graphTop)
        }
    }

    /// The graph section's heading as shown, or nil when there is no graph: what tests read.
    var graphHeading: String? {
        guard let heading = headings[.graph], !heading.bool(.hidden) else { return nil }
        return heading.string
    }

    /// Draws the picked layer's outline, made in the scene's points, at `scale` of the overlay's.
    func setOutlineScale(_ scale: Double) {
        outline.set(.transform, Transform3D(scaleX: scale, y: scale))
    }

    /// Whether `point` (overlay points) is on the panel: a press there is never the script's
    /// and picks no layer.
    func contains(_ point: Point) -> Bool {
        isVisible && frame.contains(point)
    }

    /// What a press at `point` (overlay points) on the panel asks; nil where it asks nothing.
    func command(at point: Point) -> ViewerCommand? {
        guard contains(point) else { return nil }
        let local = Point(x: point.x - frame.origin.x, y: point.y - frame.origin.y)
        if !upButton.bool(.hidden), upButton.frame.contains(local) { return .inspectSuperlayer }
        if !nextButton.bool(.hidden), nextButton.frame.contains(local) { return .nextGraph }
        if !flipButton.bool(.hidden), flipButton.frame.contains(local) { return .flipGraph }
        if let heading = headingFrames.first(where: { $0.1.contains(local) }) { return .toggleInspectorSection(heading.0) }
        return time(atPanelPoint: local, strict: true).map { .seek(to: $0) }
    }

    /// The media time under `x` (overlay points) on the graph, clamped to its span; for dragging.
    func time(atWindowX x: Double) -> Double? {
        time(atPanelPoint: Point(x: x - frame.origin.x, y: graphFrame.origin.y + 1), strict: false)
    }

    private func time(atPanelPoint local: Point, strict: Bool) -> Double? {
        guard let span = graphSpan, graphFrame.width > 0, !graphBox.bool(.hidden) else { return nil }
        if strict && !graphFrame.contains(local) { return nil }
        let fraction = min(max((local.x - graphFrame.origin.x) / graphFrame.width, 0), 1)
        return span.lowerBound + fraction * (span.upperBound - span.lowerBound)
    }

    // MARK: Text

    private func showText(inspector: Inspector, layer: Layer?, time: Double, bottom: Double) {
        let pad = InspectorPanel.pad
        let inner = frame.width - 2 * pad
        title.set(.position, Point(x: pad, y: 8))
        title.set(.bounds, Rect(x: 0, y: 0, width: inner - 70, height: 24))
        upButton.set(.position, Point(x: frame.width - pad - 64, y: 8))
        upButton.set(.bounds, Rect(x: 0, y: 0, width: 64, height: InspectorPanel.buttonHeight))
        InspectorPanel.sizeLabel(of: upButton)
        upButton.set(.hidden, layer?.superlayer == nil)
        let key = TextLayoutKey(size: frame.size, bottom: bottom, collapsed: inspector.collapsed,
                                layer: layer.map(ObjectIdentifier.init))
        // Text is set again four times a second: often enough to read, seldom enough to draw.
        let now = Monotonic.now()
        guard now - textShownAt >= 0.25 || key != textLayoutKey else { return }
        textShownAt = now
        textLayoutKey = key
        let heading: (title: String, path: String) = layer.map(Inspector.heading)
            ?? ("Inspector", "click a layer to pick it (again: its superlayer)")
        title.string = heading.title
        path.string = heading.path
        let pathRows = min(InspectorPanel.rows(heading.path, width: inner, characterWidth: 7.4), 3)
        path.set(.position, Point(x: pad, y: 36))
        path.set(.bounds, Rect(x: 0, y: 0, width: inner, height: Double(pathRows) * 17 + 2))
        var y = 36 + Double(pathRows) * 17 + 8
        headingFrames.removeAll { $0.0 != .graph }
        guard let layer else {
            for section in [InspectorSection.properties, .animations] {
                headings[section]?.set(.hidden, true)
                sectionText[section]?.set(.hidden, section != .properties)
            }
            sectionText[.properties]?.string = "F4 closes the inspector."
            sectionText[.properties]?.set(.position, Point(x: pad, y: y))
            sectionText[.properties]?.set(.bounds, Rect(x: 0, y: 0, width: inner, height: InspectorPanel.lineHeight * 2))
            return
        }
        let columns = max(Int(inner / InspectorPanel.characterWidth), 12)
        let states = layer.attachedAnimations
        var animationLines = [String]()
        for state in states { animationLines += Inspector.animationLines(state, layer: layer, mediaTime: time) }
        let content: [InspectorSection: [String]] = [
            .properties: InspectorPanel.wrap(Inspector.propertyLines(layer, nameWidth: columns > 40 ? 16 : 12), columns: columns),
            .animations: InspectorPanel.wrap(animationLines.isEmpty ? ["none"] : animationLines, columns: columns),
        ]
        let counts: [InspectorSection: String] = [.properties: "model → shown", .animations: "\(states.count)"]
        let open = [InspectorSection.properties, .animations].filter { !inspector.collapsed.contains($0) }
        let headingsHeight = 2 * InspectorPanel.headingHeight
        let room = max(Int((bottom - y - headingsHeight - 8) / InspectorPanel.lineHeight), 0)
        let rows = InspectorPanel.share(room, among: open.map { content[$0]?.count ?? 0 })
        for section in [InspectorSection.properties, .animations] {
            let folded = inspector.collapsed.contains(section)
            guard let label = headings[section], let text = sectionText[section] else { continue }
            label.set(.hidden, false)
            label.string = (folded ? "▸ " : "▾ ") + section.rawValue + " · " + (counts[section] ?? "")
            label.set(.position, Point(x: pad, y: y + 3))
            label.set(.bounds, Rect(x: 0, y: 0, width: inner, height: 20))
            headingFrames.append((section, Rect(x: 0, y: y, width: frame.width, height: InspectorPanel.headingHeight)))
            y += InspectorPanel.headingHeight
            text.set(.hidden, folded)
            guard !folded, let index = open.firstIndex(of: section) else { continue }
            let lines = content[section] ?? []
            let shown = rows[index]
            let visible = lines.count > shown
                ? Array(lines.prefix(max(shown - 1, 0))) + ["… \(lines.count - max(shown - 1, 0)) more lines"]
                : lines
            text.string = shown == 0 ? "" : visible.joined(separator: "\n")
            let height = Double(min(shown, visible.count)) * InspectorPanel.lineHeight + 4
            text.set(.position, Point(x: pad, y: y))
            text.set(.bounds, Rect(x: 0, y: 0, width: inner, height: height))
            y += height
        }
    }

    /// `room` rows shared between sections that want `wanted` rows each: each gets what it
    /// wants if all fit, else at least an even share, the rest going to those that want more.
    static func share(_ room: Int, among wanted: [Int]) -> [Int] {
        guard !wanted.isEmpty else { return [] }
        if wanted.reduce(0, +) <= room { return wanted }
        var given = wanted.map { min($0, room / wanted.count) }
        var left = room - given.reduce(0, +)
        for index in given.indices where left > 0 {
            let more = min(wanted[index] - given[index], left)
            given[index] += more
            left -= more
        }
        return given
    }

    /// `lines` broken at spaces into rows of at most `columns` characters; a continued row is
    /// indented past the line's own indent, so that a wrapped value reads as part of its line.
    static func wrap(_ lines: [String], columns: Int) -> [String] {
        lines.flatMap { line -> [String] in
            let indent = line.prefix { $0 == " " }.count + 4
            let first = ViewerOverlay.wrap([line], columns: columns)
            guard first.count > 1 else { return first }
            let rest = ViewerOverlay.wrap([first.dropFirst().joined(separator: " ")], columns: max(columns - indent, 8))
            return [first[0]] + rest.map { String(repeating: " ", count: indent) + $0 }
        }
    }

    /// How many rows `text` takes in proportional type `width` points wide.
    static func rows(_ text: String, width: Double, characterWidth: Double) -> Int {
        max(ViewerOverlay.wrap([text], columns: max(Int(width / characterWidth), 8)).count, 1)
    }

    private static func sizeLabel(of button: Layer) {
        guard let label = button.sublayers.first else { return }
        label.set(.bounds, Rect(x: 0, y: 0, width: button.rect(.bounds).width, height: 18))
    }

    // MARK: Graph and curve

    /// Shows the graph section at the panel's bottom; returns where it begins (the panel's
    /// height when there is none), the room the text above may use.
    private func showGraph(inspector: Inspector, layer: Layer?, scene: Scene?, time: Double,
                           loop: ClosedRange<Double>?) -> Double {
        let pad = InspectorPanel.pad
        let paths = layer.map(Inspector.graphedKeyPaths) ?? []
        var state: AttachedAnimationState?
        var keyPath = ""
        if let layer, !paths.isEmpty {
            keyPath = paths[inspector.graphIndex % paths.count]
            state = Inspector.animation(on: keyPath, of: layer)
        }
        // An animation that ended (and was removed) leaves its graph on view until the layer
        // gets another.
        let ended = state == nil && layer != nil && graphedLayer == layer.map(ObjectIdentifier.init) && graphSpan != nil
        let shows = (state != nil && scene != nil) || ended
        headingFrames.removeAll { $0.0 == .graph }
        let graphParts: [Layer] = [graphBox, curveBox, axisLabels, curveLabel, nextButton, flipButton]
        guard shows, let layer else {
            for part in graphParts + [headings[.graph]].compactMap({ $0 }) { part.set(.hidden, true) }
            graphSpan = nil
            graphedLayer = nil
            return frame.height
        }
        let inner = frame.width - 2 * pad
        let fullHeight = InspectorPanel.headingHeight + graphHeight + 22 + 6 + curveSide + 8
        // Room kept above for the heading and the text sections' headings and first lines.
        let textOpen = [InspectorSection.properties, .animations].contains { !inspector.collapsed.contains($0) }
        let above = 70 + 2 * InspectorPanel.headingHeight + (textOpen ? 3 * InspectorPanel.lineHeight : 0)
        let noRoom = fullHeight + above > frame.height
        let folded = inspector.collapsed.contains(.graph) || noRoom
        let sectionHeight = folded ? InspectorPanel.headingHeight : fullHeight
        let top = frame.height - sectionHeight
        let shownKeyPath = ended ? graphedKeyPath : keyPath
        if let heading = headings[.graph] {
            heading.set(.hidden, false)
            heading.string = (folded ? "▸ graph · " : "▾ graph · ") + shownKeyPath + (ended ? " (ended)" : "")
                + (noRoom && !inspector.collapsed.contains(.graph) ? " · fold one above" : "")
            heading.set(.position, Point(x: pad, y: top + 3))
            heading.set(.bounds, Rect(x: 0, y: 0, width: inner, height: 20))
        }
        headingFrames.append((.graph, Rect(x: 0, y: top, width: frame.width, height: InspectorPanel.headingHeight)))
        for part in graphParts { part.set(.hidden, folded) }
        nextButton.set(.hidden, folded || paths.count < 2)
        if folded { return top }
        let graphTop = top + InspectorPanel.headingHeight
        graphFrame = Rect(x: pad, y: graphTop, width: inner, height: graphHeight)
        graphBox.set(.position, graphFrame.origin)
        graphBox.set(.bounds, Rect(x: 0, y: 0, width: inner, height: graphHeight))
        axisLabels.set(.position, Point(x: pad, y: graphTop + graphHeight + 3))
        axisLabels.set(.bounds, Rect(x: 0, y: 0, width: inner, height: 16))
        let curveTop = graphTop + graphHeight + 22 + 6
        if let state, let scene {
            let span = Inspector.span(of: state, layer: layer, loop: loop)
            let before = inspector.comparison.flatMap { $0.keyPath == keyPath ? $0 : nil }
            let key = "\(ObjectIdentifier(layer)) \(keyPath) \(span) \(layer.attachedAnimations.count) \(inner) "
                + "\(inspector.graphFlipped) \(before?.values.count ?? -1)"
            if key != graphKey {
                graphKey = key
                drawSeries(layer: layer, scene: scene, keyPath: keyPath, state: state, span: span, size: graphFrame.size,
                           flipped: inspector.graphFlipped, before: before.map { ($0.times, $0.values) })
            }
            graphSpan = span
            graphedLayer = ObjectIdentifier(layer)
            graphedState = state
            graphedKeyPath = keyPath
        }
        if let span = graphSpan {
            let x = (time - span.lowerBound) / (span.upperBound - span.lowerBound) * inner
            var head = Path()
            if x >= 0 && x <= inner {
                head.move(to: Point(x: x, y: 0))
                head.addLine(to: Point(x: x, y: graphHeight))
            }
            graphPlayhead.path = head
        }
        if let shownState = state ?? graphedState {
            showCurve(state: shownState, layer: layer, time: time, left: pad, top: curveTop, live: state != nil)
        }
        let side = curveSide
        let besideX = pad + side + 10, besideWidth = max(inner - side - 10, 60)
        curveLabel.set(.position, Point(x: besideX, y: curveTop))
        curveLabel.set(.bounds, Rect(x: 0, y: 0, width: besideWidth, height: 34))
        flipButton.set(.position, Point(x: besideX, y: curveTop + side - 2 * InspectorPanel.buttonHeight - 6))
        nextButton.set(.position, Point(x: besideX, y: curveTop + side - InspectorPanel.buttonHeight))
        for button in [flipButton, nextButton] {
            button.set(.bounds, Rect(x: 0, y: 0, width: min(besideWidth, 130), height: InspectorPanel.buttonHeight))
            InspectorPanel.sizeLabel(of: button)
        }
        return top
    }

    private func drawSeries(layer: Layer, scene: Scene, keyPath: String, state: AttachedAnimationState,
                            span: ClosedRange<Double>, size: Size, flipped: Bool,
                            before: (times: [Double], values: [AnimationValue])? = nil) {
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
        let natural = ChartDirection.natural(keyPath: keyPath, components: shown.map { names[$0] })
        let direction = flipped ? natural.flipped : natural
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
        let range = valueRange
        let y = { (v: Double) -> Double in
            let fraction = (v - range.lowerBound) / (range.upperBound - range.lowerBound)
            return direction == .down ? fraction * size.height : size.height - fraction * size.height
        }
        let x = { (i: Int) in Double(i) / Double(count) * size.width }
        var dashed = Path()
        for (position, line) in lines.enumerated() {
            guard position < shown.count else { line.path = nil; continue }
            let component = shown[position]
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
        var legendX = size.width
        for (position, label) in legend.enumerated().reversed() {
            let named = position < shown.count && (shown.count > 1 || names[shown[position]] != "value")
            label.set(.hidden, !named)
            guard named else { continue }
            let text = names[shown[position]]
            label.string = text
            let width = Double(text.count) * 7.5 + 8
            legendX -= width
            label.set(.position, Point(x: legendX, y: 4))
            label.set(.bounds, Rect(x: 0, y: 0, width: width, height: 16))
        }
        // The values at the graph's top and bottom edges, by its left side.
        let topValue = direction == .down ? low : high, bottomValue = direction == .down ? high : low
        valueTop.string = Inspector.format(topValue)
        valueBottom.string = Inspector.format(bottomValue)
        valueTop.set(.position, Point(x: 4, y: 2))
        valueBottom.set(.position, Point(x: 4, y: size.height - 16))
        for label in [valueTop, valueBottom] { label.set(.bounds, Rect(x: 0, y: 0, width: size.width / 2, height: 14)) }
        flipButton.sublayers.first.flatMap { $0 as? TextLayer }?.string = InspectorPanel.flipLabel(direction)
        axisLabels.string = String(format: "%.2f–%.2f s", span.lowerBound, span.upperBound)
    }

    /// The label of the button that flips the graph's direction.
    static func flipLabel(_ direction: ChartDirection) -> String {
        direction == .down ? "y ↓ (screen)" : "y ↑"
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

    /// The timing curve in its box, scaled to the curve's own range so that an overshoot (a
    /// spring, `easeOutBack`) shows whole, with dotted lines at progress 0 and 1.
    private func showCurve(state: AttachedAnimationState, layer: Layer, time: Double, left: Double, top: Double,
                           live: Bool) {
        let side = curveSide
        curveBox.set(.position, Point(x: left, y: top))
        curveBox.set(.bounds, Rect(x: 0, y: 0, width: side, height: side))
        let inset = 8.0
        let box = side - 2 * inset
        let progress = curveFunction(state: state, layer: layer)
        let samples = (0...64).map { progress(Double($0) / 64) }.map { $0.isFinite ? $0 : 0 }
        let range = InspectorPanel.curveRange(samples)
        let y = { (v: Double) in inset + (range.upperBound - v) / (range.upperBound - range.lowerBound) * box }
        var path = Path()
        for (i, value) in samples.enumerated() {
            let point = Point(x: inset + Double(i) / 64 * box, y: y(value))
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        curve.path = path
        var guides = Path()
        for level in [0.0, 1.0] {
            guides.move(to: Point(x: inset, y: y(level)))
            guides.addLine(to: Point(x: side - inset, y: y(level)))
        }
        curveGuides.path = guides
        curveZero.set(.position, Point(x: side - 14, y: y(0) - 14))
        curveOne.set(.position, Point(x: side - 14, y: y(1) + 1))
        for label in [curveZero, curveOne] { label.set(.bounds, Rect(x: 0, y: 0, width: 12, height: 13)) }
        let sample = state.timing.sample(at: layer.localTime(mediaTime: time))
        var dot = Path()
        if live && sample.isEffective {
            let t = sample.fraction
            dot.addArc(center: Point(x: inset + t * box, y: y(progress(t))), radius: 5, startAngle: 0, endAngle: 2 * .pi)
        }
        curveDot.path = dot
        curveLabel.string = state.animation is SpringAnimation ? "spring: progress over its duration" : "timing curve"
    }

    /// The range a curve box shows for progress values `samples`: 0…1 and every overshoot, with
    /// a little room around.
    static func curveRange(_ samples: [Double]) -> ClosedRange<Double> {
        let low = min(samples.min() ?? 0, 0), high = max(samples.max() ?? 1, 1)
        let margin = (high - low) * 0.04
        return (low - margin)...(high + margin)
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

/// What the inspector's text is laid out for: when any of it changes the text is set again at
/// once, not at the next quarter second.
private struct TextLayoutKey: Equatable {
    let size: Size
    let bottom: Double
    let collapsed: Set<InspectorSection>
    let layer: ObjectIdentifier?
}
