import Export
import Foundation
import LayerKit
import Playback

/// The inspector's panel on the right of the window, and the outline of the picked layer: what
/// `Inspector` says, drawn with layers of the overlay's scene, in one column at most a third of
/// the window wide. Its sections — properties, animations, and the graph of an animated key
/// path with the timing curve beneath (`InspectorGraph`, the charts `plot` draws) — fold with a
/// press on their headings. Lines wrap rather than being cut. Pressing on the graph
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
    /// The graph's and the curve's heights: smaller in a short panel, to leave room for text.
    private var graphHeight: Double { frame.height < 480 ? 150 : 196 }
    private var curveHeight: Double { frame.height < 480 ? 100 : 120 }
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
    /// The graph section's charts: the key path's values and the timing curve.
    let graph: InspectorGraph
    private let curveLabel: TextLayer
    private let upButton: Layer
    private let nextButton: Layer
    private let flipButton: Layer
    private(set) var isVisible = false
    private var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Where the values chart is on the panel.
    private var graphFrame = Rect(x: 0, y: 0, width: 0, height: 0)
    private var headingFrames: [(InspectorSection, Rect)] = []
    private var graphSpan: ClosedRange<Double>?
    private var textShownAt = -1.0
    /// What the text was laid out for: a change (a fold, a resize, another layer) lays it out
    /// at once rather than at the next quarter second.
    private var textLayoutKey: TextLayoutKey?
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
        graph = InspectorGraph(scene: scene)
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
        let texts: [TextLayer] = [title, path, curveLabel] + Array(headings.values) + Array(sectionText.values)
        let all: [Layer] = [outline, panel, graph.values.root, graph.curve.root, upButton, nextButton, flipButton] + texts
        for layer in all { layer.set(.anchorPoint, Point.zero) }
        outline.set(.strokeColor, InspectorPanel.playheadColor)
        outline.set(.fillColor, Color(r: 1, g: 0.62, b: 0.11, a: 0.12))
        outline.set(.lineWidth, 3)
        panel.set(.backgroundColor, Color(r: 0.06, g: 0.06, b: 0.08, a: 0.94))
        panel.set(.cornerRadius, 8)
        let styles: [(TextLayer, Double, String, Color)] = [
            (title, 17, InspectorPanel.font, InspectorPanel.textColor),
            (path, 13, InspectorPanel.font, InspectorPanel.dimColor),
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
        let onPanel: [Layer] = [title, path, graph.values.root, graph.curve.root, curveLabel, upButton, nextButton, flipButton]
            + InspectorSection.allCases.compactMap { headings[$0] } + InspectorSection.allCases.compactMap { sectionText[$0] }
        for layer in onPanel { try? panel.addSublayer(layer) }
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
        guard graphSpan != nil, !graph.values.root.bool(.hidden) else { return nil }
        if strict && !graphFrame.contains(local) { return nil }
        return graph.time(atX: local.x - graphFrame.origin.x)
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
        let graphParts: [Layer] = [graph.values.root, graph.curve.root, curveLabel, nextButton, flipButton]
        guard shows, let layer else {
            for part in graphParts + [headings[.graph]].compactMap({ $0 }) { part.set(.hidden, true) }
            graphSpan = nil
            graphedLayer = nil
            return frame.height
        }
        let inner = frame.width - 2 * pad
        let fullHeight = InspectorPanel.headingHeight + graphHeight + 8 + curveHeight + 8
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
        graph.values.root.set(.position, graphFrame.origin)
        if let state, let scene {
            let span = Inspector.span(of: state, layer: layer, loop: loop)
            let before = inspector.comparison.flatMap { $0.keyPath == keyPath ? $0 : nil }
            graph.showValues(keyPath: keyPath, of: layer, in: scene, state: state, span: span, size: graphFrame.size,
                             flipped: inspector.graphFlipped, before: before)
            graphSpan = span
            graphedLayer = ObjectIdentifier(layer)
            graphedState = state
            graphedKeyPath = keyPath
        }
        graph.showPlayhead(at: time)
        if let flip = flipButton.sublayers.first as? TextLayer, flip.string != InspectorPanel.flipLabel(graph.direction) {
            flip.string = InspectorPanel.flipLabel(graph.direction)
        }
        let curveTop = graphTop + graphHeight + 8
        let curveWidth = min(max(inner * 0.55, 120), 220)
        graph.curve.root.set(.position, Point(x: pad, y: curveTop))
        if let shownState = state ?? graphedState {
            graph.showCurve(state: shownState, layer: layer, time: time, size: Size(width: curveWidth, height: curveHeight),
                            live: state != nil)
            let label = shownState.animation is SpringAnimation ? "spring: progress over its duration" : "timing curve"
            if curveLabel.string != label { curveLabel.string = label }
        }
        let besideX = pad + curveWidth + 10, besideWidth = max(inner - curveWidth - 10, 60)
        curveLabel.set(.position, Point(x: besideX, y: curveTop))
        curveLabel.set(.bounds, Rect(x: 0, y: 0, width: besideWidth, height: 52))
        flipButton.set(.position, Point(x: besideX, y: curveTop + curveHeight - 2 * InspectorPanel.buttonHeight - 6))
        nextButton.set(.position, Point(x: besideX, y: curveTop + curveHeight - InspectorPanel.buttonHeight))
        for button in [flipButton, nextButton] {
            button.set(.bounds, Rect(x: 0, y: 0, width: min(besideWidth, 130), height: InspectorPanel.buttonHeight))
            InspectorPanel.sizeLabel(of: button)
        }
        return top
    }

    /// The label of the button that flips the graph's direction.
    static func flipLabel(_ direction: ChartDirection) -> String {
        direction == .down ? "y ↓ (screen)" : "y ↑"
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
