import LayerKit
import LuaHost
import Playback

/// What the viewer draws over the script's scene, built from layers of its own scene (so that
/// text and shapes are drawn by the same compositor): the HUD (F1), the layer bounds and anchor
/// points (F2), the timeline strip (F3, and while paused), and the error panel shown while the
/// script has an error.
public final class ViewerOverlay {
    /// The overlay's own scene; compose it after the script's, without clearing.
    public let scene: Scene
    private let hudPanel: Layer
    private let hudText: TextLayer
    private let errorPanel: Layer
    private let errorText: TextLayer
    private let outlines: ShapeLayer
    private let anchors: ShapeLayer
    private var shownError: ScriptError?
    private var shownFromLoad = false
    private var shownTweaking = false
    /// The scale and tree the overlay's text and shapes were last rasterized for.
    private var sharpened: (scale: Double, revision: Int)?
    /// The timeline strip along the bottom edge.
    let strip: TimelineStrip
    /// The inspector's panel and outline (F4).
    let inspector: InspectorPanel
    /// What F9 and F10 are recording and writing.
    let recording: RecordingBadge
    /// The tweak panel (Shift+F4).
    let tweak: TweakPanel
    /// How much larger than their design size the panels, the strip and their text are drawn
    /// (`--ui-scale`): they lay out in a window `scale` times smaller and are drawn scaled up,
    /// their text and shapes rasterized at `scale` pixels a point so that they stay sharp.
    private(set) var scale = 1.0
    /// The goal and the last check, in `snowglobe learn`.
    let caption: CaptionPanel

    static let font = "DejaVu Sans Mono"
    static let hudFontSize = 13.0
    static let errorFontSize = 14.0
    static let padding = 8.0
    /// The space between a panel and the window's edges.
    static let margin = 10.0

    /// An overlay for a window of `size` points.
    public init(size: Size) {
        scene = Scene(size: size)
        hudPanel = Layer(scene: scene)
        hudText = TextLayer(scene: scene)
        errorPanel = Layer(scene: scene)
        errorText = TextLayer(scene: scene)
        outlines = ShapeLayer(scene: scene)
        anchors = ShapeLayer(scene: scene)
        strip = TimelineStrip(scene: scene)
        inspector = InspectorPanel(scene: scene)
        recording = RecordingBadge(scene: scene)
        caption = CaptionPanel(scene: scene)
        tweak = TweakPanel(scene: scene)
        scene.perform(actionsDisabled: true) {
            for layer in [hudPanel, errorPanel, hudText, errorText, outlines, anchors] as [Layer] {
                layer.set(.anchorPoint, Point.zero)
            }
            outlines.set(.fillColor, Color.clear)
            outlines.set(.strokeColor, Color(r: 0.2, g: 0.9, b: 1, a: 0.9))
            outlines.set(.lineWidth, 1)
            anchors.set(.fillColor, Color(r: 1, g: 0.55, b: 0.1, a: 1))
            hudPanel.set(.backgroundColor, Color(r: 0, g: 0, b: 0, a: 0.65))
            hudPanel.set(.cornerRadius, 6)
            // Opaque, with a light edge: the message reads the same over any scene.
            errorPanel.set(.backgroundColor, Color(r: 0.30, g: 0.02, b: 0.04, a: 1))
            errorPanel.set(.borderColor, Color(r: 1, g: 0.55, b: 0.55, a: 1))
            errorPanel.set(.borderWidth, 1)
            errorPanel.set(.cornerRadius, 6)
            for text in [hudText, errorText] {
                text.font = ViewerOverlay.font
                text.set(.position, Point(x: ViewerOverlay.padding, y: ViewerOverlay.padding))
            }
            hudText.set(.fontSize, ViewerOverlay.hudFontSize)
            errorText.set(.fontSize, ViewerOverlay.errorFontSize)
            errorText.set(.wrapped, true)
            try? hudPanel.addSublayer(hudText)
            try? errorPanel.addSublayer(errorText)
            for layer in [outlines, anchors, errorPanel, hudPanel] as [Layer] {
                layer.set(.hidden, true)
                try? scene.root.addSublayer(layer)
            }
        }
    }

    /// The size the overlays lay out in for a window of `window` points: the window over the
    /// UI scale.
    func layoutSize(window: Size) -> Size {
        Size(width: window.width / scale, height: window.height / scale)
    }

    /// A point in the window as the overlays' layout sees it.
    func layoutPoint(_ point: Point) -> Point {
        Point(x: point.x / scale, y: point.y / scale)
    }

    /// Sets the UI scale (clamped to 0.5…4); the next `update` lays everything out again.
    func setScale(_ scale: Double) {
        let clamped = scale.isFinite ? min(max(scale, 0.5), 4) : 1
        guard clamped != self.scale else { return }
        self.scale = clamped
        shownError = nil
        scene.resize(to: .zero)
    }

    /// Updates what is shown in a window of `window` points: the HUD's lines (nil hides it), the
    /// error (nil hides the panel; `errorFromLoad` when it stopped a load, so that the last good
    /// scene runs instead), the bounds outline (nil hides it) and the timeline strip (nil hides
    /// it). Call once a frame, then evaluate and compose `scene`.
    /// `tweaking` says the script runs with a change from the tweak panel not yet written, which
    /// Esc drops.
    func update(window: Size, hud: [String]?, error: ScriptError?, errorFromLoad: Bool = false, tweaking: Bool = false,
                bounds: BoundsOutline?,
                timeline: TimelineStrip.State? = nil) {
        let size = layoutSize(window: window)
        if scene.root.rect(.bounds) != Rect(x: 0, y: 0, width: size.width, height: size.height) {
            scene.resize(to: size)
            shownError = nil  // re-flow the message for the new width
            scene.perform(actionsDisabled: true) {
                // Scaled about the window's top-left corner: the root's centre sits at the
                // window's centre.
                scene.root.set(.position, Point(x: window.width / 2, y: window.height / 2))
                scene.root.set(.transform, Transform3D(scaleX: scale, y: scale))
                // Outlines are drawn in the scene's own points, whatever the UI's scale.
                for layer in [outlines, anchors] as [Layer] { layer.set(.transform, Transform3D(scaleX: 1 / scale, y: 1 / scale)) }
                inspector.setOutlineScale(1 / scale)
            }
        }
        scene.perform(actionsDisabled: true) {
            showHUD(hud, size: size)
            showError(error, fromLoad: errorFromLoad, tweaking: tweaking, size: size)
            outlines.set(.hidden, bounds == nil)
            anchors.set(.hidden, bounds == nil)
            if let bounds {
                outlines.path = bounds.outlines
                anchors.path = bounds.anchors
            }
        }
        strip.update(timeline, in: scene)
        // The error panel sits above the strip when both show.
        if timeline != nil, error != nil { liftErrorPanel(size: size) }
        if sharpened?.scale != scale || sharpened?.revision != scene.treeRevision {
            sharpen(scene.root)
            sharpened = (scale, scene.treeRevision)
        }
    }

    /// Rasterizes every text and shape of the overlay at the UI's scale.
    private func sharpen(_ layer: Layer) {
        if layer is TextLayer || layer is ShapeLayer, layer.number(.contentsScale) != scale {
            scene.perform(actionsDisabled: true) { layer.set(.contentsScale, scale) }
        }
        for sublayer in layer.sublayers { sharpen(sublayer) }
    }

    private func liftErrorPanel(size: Size) {
        let height = errorPanel.rect(.bounds).height
        let top = size.height - TimelineStrip.height - 2 * TimelineStrip.margin - height - 4
        scene.perform(actionsDisabled: true) {
            errorPanel.set(.position, Point(x: 10, y: max(top, 10)))
        }
    }

    private func showHUD(_ lines: [String]?, size: Size) {
        hudPanel.set(.hidden, lines == nil)
        guard let lines else { return }
        // As wide as its longest line, but inside the window's margins: longer lines wrap.
        let room = size.width - 2 * ViewerOverlay.margin - 2 * ViewerOverlay.padding - 4
        let wrapped = ViewerOverlay.wrap(lines, columns: max(Int(room / (ViewerOverlay.hudFontSize * 0.62)), 10))
        let text = wrapped.joined(separator: "\n")
        if hudText.string != text { hudText.string = text }
        let width = Double(wrapped.map(\.count).max() ?? 0) * ViewerOverlay.hudFontSize * 0.62 + 4
        let height = Double(wrapped.count) * ViewerOverlay.hudFontSize * 1.25 + 4
        hudText.set(.bounds, Rect(x: 0, y: 0, width: width, height: height))
        hudPanel.set(.bounds, Rect(x: 0, y: 0, width: width + 2 * ViewerOverlay.padding,
                                          height: height + 2 * ViewerOverlay.padding))
        hudPanel.set(.position, Point(x: ViewerOverlay.margin, y: ViewerOverlay.margin))
    }

    /// `lines` broken at spaces (or, for a word too long, anywhere) into lines of at most
    /// `columns` characters.
    static func wrap(_ lines: [String], columns: Int) -> [String] {
        lines.flatMap { line -> [String] in
            var rows: [String] = []
            var rest = Substring(line)
            while rest.count > columns {
                let head = rest.prefix(columns + 1)
                let cut = head.lastIndex(of: " ").map { rest.distance(from: rest.startIndex, to: $0) } ?? 0
                let length = cut > 0 ? cut : columns
                rows.append(String(rest.prefix(length)))
                rest = rest.dropFirst(length).drop { $0 == " " }
            }
            return rows + [String(rest)]
        }
    }

    private func showError(_ error: ScriptError?, fromLoad: Bool, tweaking: Bool, size: Size) {
        errorPanel.set(.hidden, error == nil)
        guard let error, error != shownError || fromLoad != shownFromLoad || tweaking != shownTweaking else { return }
        shownError = error
        shownFromLoad = fromLoad
        shownTweaking = tweaking
        let lines = ViewerOverlay.errorLines(error, fromLoad: fromLoad, tweaking: tweaking)
        let width = max(size.width - 20 - 2 * ViewerOverlay.padding, 40)
        let columns = max(Int(width / (ViewerOverlay.errorFontSize * 0.62)), 10)
        let rows = lines.reduce(0) { $0 + max(1, ($1.count + columns - 1) / columns) }
        let height = min(Double(rows) * ViewerOverlay.errorFontSize * 1.3 + 4, max(size.height * 0.7, 40))
        errorText.string = lines.joined(separator: "\n")
        errorText.set(.bounds, Rect(x: 0, y: 0, width: width, height: height))
        let panelHeight = height + 2 * ViewerOverlay.padding
        errorPanel.set(.bounds, Rect(x: 0, y: 0, width: width + 2 * ViewerOverlay.padding, height: panelHeight))
        errorPanel.set(.position, Point(x: 10, y: max(size.height - panelHeight - 10, 10)))
    }

    /// The error panel's text: what happens next, what went wrong, where, and the traceback. An
    /// error that stopped a load leaves the last good scene running; one in a callback of the
    /// running scene leaves that scene going on.
    static func errorLines(_ error: ScriptError, fromLoad: Bool, tweaking: Bool = false) -> [String] {
        let headline = tweaking
            ? "script error with the tweaked value — the last good scene keeps running; Esc drops the change"
            : fromLoad
            ? "script error — the last good scene keeps running; save the file to try again"
            : "script error in the running scene — it goes on; save the file to reload it, Esc hides this"
        var lines = [headline, ""]
        lines.append(error.context.map { "\(error.message) (in \($0))" } ?? error.message)
        if let traceback = error.traceback, !traceback.isEmpty {
            let trace = traceback.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.append(contentsOf: trace.prefix(14))
            if trace.count > 14 { lines.append("\t…") }
        }
        return lines.map { $0.replacingOccurrences(of: "\t", with: "  ") }
    }
}
