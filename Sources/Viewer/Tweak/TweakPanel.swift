import Foundation
import LayerKit
import Tweak

/// The tweak panel on the left of the window (Shift+F4), drawn with layers of the overlay's
/// scene: the script's literals in source order, one row each with its line of source, the
/// selected row highlighted, rows with a change not yet written dotted and the lines that made
/// the inspector's picked layer marked; the keys; and a last line saying what happened (written,
/// undone, or why nothing was written, with the value to copy). A selected colour shows as a
/// swatch, a timing function's number as its curve with the two control points.
final class TweakPanel {
    static let font = InspectorPanel.font
    static let mono = InspectorPanel.mono
    static let rowSize = 13.0
    static let rowHeight = 19.0
    /// At most this many rows, so that the scene stays in sight beside and below the panel.
    static let maxRows = 14
    static let highlight = Color(r: 0.25, g: 0.82, b: 1, a: 0.28)
    static let pendingColor = Color(r: 1, g: 0.62, b: 0.11)
    static let problemColor = Color(r: 1, g: 0.55, b: 0.5)

    static let listTop = 74.0
    static let statusHeight = 40.0
    /// Room below the list for a timing function's curve.
    static let extrasHeight = 122.0
    /// Room below the list for a colour's swatch and its four bars.
    static let barsHeight = 76.0

    private let panel: Layer
    private let title: TextLayer
    private let keys: TextLayer
    private let bar: Layer
    private var rows: [TextLayer] = []
    private let status: TextLayer
    private let swatch: Layer
    /// The selected literal's whole line of source, wrapped.
    private let detail: TextLayer
    /// The colour picker's bars (hue, saturation, value, alpha): a track, its fill, a label.
    private var bars: [(track: Layer, fill: Layer, label: TextLayer)] = []
    private var barFrames: [Rect] = []
    private let curveBox: Layer
    private var curveFrame = Rect(x: 0, y: 0, width: 0, height: 0)
    private let curve: ShapeLayer
    private let handles: ShapeLayer
    private(set) var isVisible = false
    private var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The literal index each visible row shows, top to bottom.
    private var shownIndices: [Int] = []
    private var listTop = 0.0

    init(scene: Scene) {
        panel = Layer(scene: scene)
        title = TextLayer(scene: scene)
        keys = TextLayer(scene: scene)
        bar = Layer(scene: scene)
        status = TextLayer(scene: scene)
        swatch = Layer(scene: scene)
        detail = TextLayer(scene: scene)
        curveBox = Layer(scene: scene)
        curve = ShapeLayer(scene: scene)
        handles = ShapeLayer(scene: scene)
        scene.perform(actionsDisabled: true) {
            for layer in [panel, title, keys, bar, status, swatch, detail, curveBox, curve, handles] as [Layer] {
                layer.set(.anchorPoint, Point.zero)
            }
            panel.set(.backgroundColor, Color(r: 0.06, g: 0.06, b: 0.08, a: 0.9))
            panel.set(.cornerRadius, 8)
            for (text, size, font, colour) in [(title, 17.0, TweakPanel.font, InspectorPanel.textColor),
                                               (keys, 12.0, TweakPanel.font, InspectorPanel.dimColor),
                                               (status, 13.0, TweakPanel.font, InspectorPanel.textColor),
                                               (detail, 12.0, TweakPanel.mono, InspectorPanel.dimColor)] {
                text.font = font
                text.set(.fontSize, size)
                text.set(.foregroundColor, colour)
            }
            keys.set(.wrapped, true)
            detail.set(.wrapped, true)
            status.set(.wrapped, true)
            bar.set(.backgroundColor, TweakPanel.highlight)
            bar.set(.cornerRadius, 3)
            swatch.set(.borderColor, Color.white)
            swatch.set(.borderWidth, 1)
            swatch.set(.cornerRadius, 3)
            curveBox.set(.backgroundColor, Color(r: 0.12, g: 0.13, b: 0.16, a: 1))
            curveBox.set(.cornerRadius, 4)
            curve.set(.fillColor, Color.clear)
            curve.set(.strokeColor, Color(r: 0.25, g: 0.82, b: 1))
            curve.set(.lineWidth, 2.5)
            handles.set(.fillColor, TweakPanel.pendingColor)
            handles.set(.strokeColor, Color(r: 0.85, g: 0.86, b: 0.9, a: 0.8))
            handles.set(.lineWidth, 1.5)
            try? panel.addSublayer(bar)
            for _ in 0..<TweakPanel.maxRows {
                let row = TextLayer(scene: scene)
                row.set(.anchorPoint, Point.zero)
                row.font = TweakPanel.mono
                row.set(.fontSize, TweakPanel.rowSize)
                row.set(.foregroundColor, InspectorPanel.textColor)
                row.set(.hidden, true)
                rows.append(row)
                try? panel.addSublayer(row)
            }
            for layer in [title, keys, status, swatch, detail, curveBox] as [Layer] { try? panel.addSublayer(layer) }
            for _ in ColourPick.Channel.allCases {
                let track = Layer(scene: scene), fill = Layer(scene: scene), label = TextLayer(scene: scene)
                for layer in [track, fill, label] as [Layer] { layer.set(.anchorPoint, Point.zero) }
                track.set(.backgroundColor, Color(r: 0.2, g: 0.21, b: 0.25, a: 1))
                track.set(.cornerRadius, 3)
                fill.set(.backgroundColor, Color(r: 0.25, g: 0.82, b: 1, a: 0.85))
                fill.set(.cornerRadius, 3)
                label.font = TweakPanel.mono
                label.set(.fontSize, 12)
                label.set(.foregroundColor, InspectorPanel.textColor)
                try? track.addSublayer(fill)
                try? panel.addSublayer(track)
                try? panel.addSublayer(label)
                track.set(.hidden, true)
                label.set(.hidden, true)
                bars.append((track, fill, label))
            }
            try? curveBox.addSublayer(curve)
            try? curveBox.addSublayer(handles)
            panel.set(.hidden, true)
            try? scene.root.addSublayer(panel)
        }
    }

    /// Shows the panel for `tweaker` (or hides it when closed), in a window of `size` whose
    /// bottom `bottom` points other overlays use. `scriptName` titles it.
    func update(_ tweaker: Tweaker, scriptName: String, size: Size, bottom: Double, overlay: Scene) {
        guard tweaker.isOn else {
            if isVisible { overlay.perform(actionsDisabled: true) { panel.set(.hidden, true) } }
            isVisible = false
            return
        }
        isVisible = true
        let width = min(520, max(size.width * 0.5, 300))
        let wanted = TweakPanel.listTop + Double(TweakPanel.maxRows) * TweakPanel.rowHeight + TweakPanel.extrasHeight
            + TweakPanel.statusHeight + 12
        frame = Rect(x: 8, y: 8, width: width, height: max(min(size.height - 16 - bottom, wanted), 160))
        overlay.perform(actionsDisabled: true) {
            panel.set(.hidden, false)
            panel.set(.position, frame.origin)
            panel.set(.bounds, Rect(x: 0, y: 0, width: frame.width, height: frame.height))
            layOut(tweaker, scriptName: scriptName)
        }
    }

    /// Whether `point` (window points) is on the panel: a press there is never the script's.
    func contains(_ point: Point) -> Bool {
        isVisible && frame.contains(point)
    }

    /// The literal (an index into the session's literals) on the row under `point`.
    func literal(at point: Point) -> Int? {
        guard contains(point) else { return nil }
        let y = point.y - frame.origin.y - listTop
        guard y >= 0 else { return nil }
        let row = Int(y / TweakPanel.rowHeight)
        return shownIndices.indices.contains(row) ? shownIndices[row] : nil
    }

    /// The picker's channel under `point` and its place on the bar (0…1); with `channel`, that
    /// bar's place at any height (a drag goes on once begun).
    func colourBar(at point: Point, channel: ColourPick.Channel? = nil) -> (ColourPick.Channel, Double)? {
        let local = Point(x: point.x - frame.origin.x, y: point.y - frame.origin.y)
        for (index, bar) in barFrames.enumerated() {
            guard let which = ColourPick.Channel(rawValue: index) else { continue }
            let hit = channel == which
                || (channel == nil && local.y >= bar.origin.y - 2 && local.y <= bar.origin.y + bar.height + 2
                    && local.x >= bar.origin.x - 4 && local.x <= bar.origin.x + bar.width + 4)
            if hit { return (which, (local.x - bar.origin.x) / bar.width) }
        }
        return nil
    }

    /// Where `point` is in the timing curve's unit square (x 0…1 across, y up), when the curve
    /// is shown and `point` is on its box (or anywhere, with `anywhere`, for a drag).
    func curvePoint(at point: Point, anywhere: Bool = false) -> Point? {
        guard curveFrame.width > 0 else { return nil }
        let local = Point(x: point.x - frame.origin.x - curveFrame.origin.x, y: point.y - frame.origin.y - curveFrame.origin.y)
        guard anywhere || (local.x >= 0 && local.y >= 0 && local.x <= curveFrame.width && local.y <= curveFrame.height) else {
            return nil
        }
        return Point(x: min(max((local.x - 10) / 100, 0), 1), y: 1 - (local.y - 7) / 100)
    }

    // MARK: Layout

    private func layOut(_ tweaker: Tweaker, scriptName: String) {
        let pad = 12.0
        let session = tweaker.session
        let inner = frame.width - 2 * pad
        set(title, "Tweak — \(scriptName)", at: Point(x: pad, y: 8), size: Size(width: inner - 40, height: 24))
        set(keys, TweakKeys.help, at: Point(x: pad, y: 34), size: Size(width: inner, height: 34))
        listTop = TweakPanel.listTop
        let statusHeight = TweakPanel.statusHeight
        let selected = session.selected
        let extra = selected.map { literal -> Double in
            if case .colour = literal.kind { return TweakPanel.barsHeight }
            return literal.timing != nil ? TweakPanel.extrasHeight : 0
        } ?? 0
        let listHeight = max(frame.height - listTop - statusHeight - extra - 12, TweakPanel.rowHeight)
        let capacity = min(max(Int(listHeight / TweakPanel.rowHeight), 1), TweakPanel.maxRows)
        let count = session.literals.count
        let chosen = session.selection ?? 0
        // The selection a third of the way down, where there is room.
        let first = max(0, min(chosen - capacity / 3, count - capacity))
        shownIndices = Array(first..<min(first + capacity, count))
        let columns = max(Int(inner / (TweakPanel.rowSize * 0.61)), 12)
        let main = session.files.first
        for (position, row) in rows.enumerated() {
            guard position < shownIndices.count else {
                row.set(.hidden, true)
                continue
            }
            let literal = session.literals[shownIndices[position]]
            var text = TweakPanel.rowText(literal, source: session.sourceLine(of: literal),
                                          pending: session.isPending(literal),
                                          marked: tweaker.isMarked(file: literal.file, line: literal.line),
                                          showsFile: literal.file != main, columns: columns)
            if text.count > columns { text = String(text.prefix(columns - 1)) + "…" }
            row.set(.hidden, false)
            set(row, text, at: Point(x: pad, y: listTop + Double(position) * TweakPanel.rowHeight),
                size: Size(width: inner, height: TweakPanel.rowHeight))
            let colour = session.isPending(literal) ? TweakPanel.pendingColor : InspectorPanel.textColor
            if row.color(.foregroundColor) != colour { row.set(.foregroundColor, colour) }
        }
        if let position = shownIndices.firstIndex(of: chosen) {
            bar.set(.hidden, false)
            bar.set(.position, Point(x: pad - 4, y: listTop + Double(position) * TweakPanel.rowHeight - 1))
            bar.set(.bounds, Rect(x: 0, y: 0, width: inner + 8, height: TweakPanel.rowHeight))
        } else {
            bar.set(.hidden, true)
        }
        if count == 0 {
            rows[0].set(.hidden, false)
            set(rows[0], session.files.isEmpty ? "no script file to tweak (the built-in example has none)"
                : "no numbers, colours or timing curves in \(scriptName)", at: Point(x: pad, y: listTop),
                size: Size(width: inner, height: TweakPanel.rowHeight))
        }
        let extrasTop = listTop + Double(capacity) * TweakPanel.rowHeight + 8
        showExtras(selected, session: session, top: extrasTop, pad: pad, width: inner)
        // The whole line beside the curve, or under the list (and the picker).
        var detailTop = extrasTop
        var indent = 0.0
        if let selected, case .colour = selected.kind { detailTop += TweakPanel.barsHeight }
        if selected?.timing != nil { indent = 132 }
        let line = selected.map { "line \($0.line): " + session.sourceLine(of: $0).trimmingCharacters(in: .whitespaces) } ?? ""
        set(detail, line, at: Point(x: pad + indent, y: detailTop),
            size: Size(width: inner - indent, height: max(frame.height - detailTop - statusHeight - 8, 16)))
        let problem = session.message
        let last = problem ?? tweaker.notice ?? (session.hasPendingChange
            ? "not written yet: Enter writes it to the file, Esc drops it" : "")
        set(status, last, at: Point(x: pad, y: frame.height - statusHeight - 4), size: Size(width: inner, height: statusHeight))
        let colour = problem != nil ? TweakPanel.problemColor : session.hasPendingChange ? TweakPanel.pendingColor
            : InspectorPanel.textColor
        if status.color(.foregroundColor) != colour { status.set(.foregroundColor, colour) }
    }

    /// A colour's swatch and picker bars, or a timing function's curve with its control points.
    private func showExtras(_ literal: Literal?, session: TweakSession, top: Double, pad: Double, width: Double) {
        swatch.set(.hidden, true)
        curveBox.set(.hidden, true)
        curveFrame = Rect(x: 0, y: 0, width: 0, height: 0)
        barFrames = []
        for bar in bars {
            bar.track.set(.hidden, true)
            bar.label.set(.hidden, true)
        }
        guard let literal else { return }
        if case .colour(let text) = literal.kind, let colour = Color(parsing: text) {
            swatch.set(.hidden, false)
            swatch.set(.backgroundColor, colour)
            swatch.set(.position, Point(x: pad, y: top))
            swatch.set(.bounds, Rect(x: 0, y: 0, width: 60, height: TweakPanel.barsHeight - 10))
            let pick = ColourPick(colour)
            let left = pad + 72, labelWidth = 70.0
            let trackWidth = max(width - 72 - labelWidth, 40)
            for (channel, bar) in zip(ColourPick.Channel.allCases, bars) {
                let y = top + Double(channel.rawValue) * 18
                let track = Rect(x: left, y: y, width: trackWidth, height: 14)
                barFrames.append(track)
                bar.track.set(.hidden, false)
                bar.track.set(.position, track.origin)
                bar.track.set(.bounds, Rect(x: 0, y: 0, width: track.width, height: track.height))
                bar.fill.set(.bounds, Rect(x: 0, y: 0, width: max(track.width * pick.fraction(channel), 3), height: 14))
                bar.label.set(.hidden, false)
                let value = channel == .hue ? String(format: "%.0f°", pick.hue) : String(format: "%.2f", pick.fraction(channel))
                set(bar.label, "\(channel.letter) \(value)", at: Point(x: left + trackWidth + 8, y: y - 1),
                    size: Size(width: labelWidth - 8, height: 16))
            }
        } else if let timing = literal.timing {
            let points = session.literals.filter { $0.file == literal.file && $0.timing?.call == timing.call }
                .sorted { ($0.timing?.argument ?? 0) < ($1.timing?.argument ?? 0) }.compactMap { $0.number?.value }
            guard points.count == 4 else { return }
            let side = 100.0
            curveBox.set(.hidden, false)
            curveBox.set(.position, Point(x: pad, y: top))
            curveBox.set(.bounds, Rect(x: 0, y: 0, width: side + 20, height: side + 14))
            curveFrame = Rect(x: pad, y: top, width: side + 20, height: side + 14)
            let map = { (x: Double, y: Double) in Point(x: 10 + x * side, y: 7 + (1 - y) * side) }
            var curvePath = Path()
            curvePath.move(to: map(0, 0))
            curvePath.addCurve(to: map(1, 1), control1: map(points[0], points[1]), control2: map(points[2], points[3]))
            curve.path = curvePath
            var handlePath = Path()
            handlePath.move(to: map(0, 0))
            handlePath.addLine(to: map(points[0], points[1]))
            handlePath.move(to: map(1, 1))
            handlePath.addLine(to: map(points[2], points[3]))
            for (x, y) in [(points[0], points[1]), (points[2], points[3])] {
                let centre = map(x, y)
                handlePath.move(to: Point(x: centre.x + 4.5, y: centre.y))
                handlePath.addArc(center: centre, radius: 4.5, startAngle: 0, endAngle: 2 * .pi)
                handlePath.closeSubpath()
            }
            handles.path = handlePath
        }
    }

    /// One row: a mark (▸ the picked layer's line, • a change not written), the line number
    /// (and file, for a module), the literal, and its line of source.
    /// The source is shown from its first word, or — when the literal sits further right than
    /// the row has room for — from a little before the literal.
    static func rowText(_ literal: Literal, source: String, pending: Bool, marked: Bool, showsFile: Bool,
                        columns: Int = 80) -> String {
        let mark = pending ? "•" : marked ? "▸" : " "
        let place = (showsFile ? Tweaker.name(literal.file) + ":" : "") + String(literal.line)
        let padded = String(repeating: " ", count: max(4 - place.count, 0)) + place
        let value = literal.text.count < 8 ? literal.text + String(repeating: " ", count: 8 - literal.text.count) : literal.text
        let head = "\(mark)\(padded)  \(value)  "
        let indent = source.prefix { $0 == " " }.count
        var code = String(source.dropFirst(indent))
        // Columns count bytes; the characters before the literal, for a line that is not ASCII.
        let at = String(decoding: Array(source.utf8).prefix(max(literal.column - 1, 0)), as: UTF8.self).count - indent
        let room = columns - head.count
        if at + literal.text.count + 6 > room, at > 18 {
            code = "…" + String(code.dropFirst(at - 18)).drop { $0 == " " }
        }
        return head + code
    }

    private func set(_ text: TextLayer, _ string: String, at position: Point, size: Size) {
        if text.string != string { text.string = string }
        text.set(.position, position)
        text.set(.bounds, Rect(x: 0, y: 0, width: size.width, height: size.height))
    }
}
