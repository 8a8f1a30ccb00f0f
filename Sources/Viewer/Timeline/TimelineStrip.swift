import Foundation
import LayerKit
import Playback

/// The timeline strip along the window's bottom edge (F3, and always while paused): transport
/// buttons, the time shown, a ruler with the playhead, the in and out marks and the loop range,
/// and the progress of a replay. Drawn with layers of the overlay's scene; the mouse on it
/// belongs to the viewer (a press on the ruler scrubs, a press on a button acts).
///
/// Sized for a projector: 16-point labels, white on near-black, the playhead in orange and the
/// loop in yellow.
final class TimelineStrip {
    /// The strip's buttons, left to right.
    enum Button: CaseIterable {
        case toStart, stepBack, playPause, stepForward, speed, markIn, markOut, loop, clear

        /// Whether the button sits at the right end.
        var isOnRight: Bool { [.markIn, .markOut, .loop, .clear].contains(self) }

        /// What a press on it asks of the viewer.
        var command: ViewerCommand {
            switch self {
            case .toStart: return .backToStart
            case .stepBack: return .stepBack
            case .playPause: return .togglePause
            case .stepForward: return .step
            case .speed: return .cycleSpeed
            case .markIn: return .markIn
            case .markOut: return .markOut
            case .loop: return .toggleLoop
            case .clear: return .clearMarks
            }
        }
    }

    /// What the strip shows; it is drawn again only when this changes.
    struct State: Equatable {
        var size: Size
        var timeline: Timeline
        var shownTime: Double
        /// The furthest time the scene has been made to, for the ruler's extent.
        var reached: Double
        var progress: Double?
        /// How far the replay in progress has come, in media time.
        var replayed: Double?
        /// The media times of the presses (keys, clicks) the run was given, marked under the
        /// ruler: what a replay gives the scene again, and what a new press would replace.
        var inputTimes: [Double] = []
        /// The timeline is still the one remembered from the last run (nothing has moved it).
        var resumed = false
    }

    static let height = 78.0
    static let margin = 8.0
    static let fontSize = 16.0
    static let labelSize = 13.0
    static let buttonHeight = 30.0
    /// The width kept for the time shown ("1234.56 s").
    static let timeWidth = 100.0
    static let font = "DejaVu Sans"
    static let panelColor = Color(r: 0.06, g: 0.06, b: 0.08, a: 0.94)
    static let buttonColor = Color(r: 0.24, g: 0.25, b: 0.29, a: 1)
    static let playheadColor = Color(r: 1, g: 0.62, b: 0.11, a: 1)
    static let loopColor = Color(r: 1, g: 0.82, b: 0.25, a: 1)
    static let markColor = Color(r: 0.25, g: 0.82, b: 1, a: 1)
    static let trackColor = Color(r: 0.42, g: 0.43, b: 0.48, a: 1)
    static let inputColor = Color(r: 0.45, g: 0.95, b: 0.55, a: 1)

    private let panel: Layer
    private var buttons: [(button: Button, layer: Layer, label: TextLayer)] = []
    private let timeLabel: TextLayer
    private let statusLabel: TextLayer
    private let track: Layer
    private let loopBand: Layer
    private let progressBar: Layer
    private let ticks: ShapeLayer
    private var tickLabels: [TextLayer] = []
    private let marks: ShapeLayer
    private let inputMarks: ShapeLayer
    private let playhead: ShapeLayer
    private var shown: State?
    private(set) var isVisible = false
    /// The ruler's extent in seconds, and where it is on screen.
    private(set) var extent = 10.0
    private(set) var rulerFrame = Rect(x: 0, y: 0, width: 0, height: 0)
    private var buttonFrames: [(Button, Rect)] = []

    /// A strip whose layers live in `scene` (the overlay's), hidden until shown.
    init(scene: Scene) {
        panel = Layer(scene: scene)
        timeLabel = TextLayer(scene: scene)
        statusLabel = TextLayer(scene: scene)
        track = Layer(scene: scene)
        loopBand = Layer(scene: scene)
        progressBar = Layer(scene: scene)
        ticks = ShapeLayer(scene: scene)
        marks = ShapeLayer(scene: scene)
        inputMarks = ShapeLayer(scene: scene)
        playhead = ShapeLayer(scene: scene)
        scene.perform(actionsDisabled: true) {
            panel.set(.anchorPoint, Point.zero)
            panel.set(.backgroundColor, TimelineStrip.panelColor)
            panel.set(.cornerRadius, 8)
            panel.set(.hidden, true)
            for text in [timeLabel, statusLabel] {
                text.font = TimelineStrip.font
                text.set(.anchorPoint, Point.zero)
                text.set(.foregroundColor, Color.white)
            }
            timeLabel.set(.fontSize, TimelineStrip.fontSize + 2)
            statusLabel.set(.fontSize, TimelineStrip.fontSize - 1)
            statusLabel.set(.foregroundColor, Color(r: 0.85, g: 0.86, b: 0.9, a: 1))
            for layer in [track, loopBand, progressBar] {
                layer.set(.anchorPoint, Point.zero)
                layer.set(.cornerRadius, 3)
            }
            track.set(.backgroundColor, TimelineStrip.trackColor)
            loopBand.set(.backgroundColor, Color(r: 1, g: 0.82, b: 0.25, a: 0.55))
            progressBar.set(.backgroundColor, TimelineStrip.markColor)
            for shape in [ticks, marks, inputMarks, playhead] {
                shape.set(.anchorPoint, Point.zero)
                shape.set(.lineWidth, 2)
                shape.set(.fillColor, Color.clear)
            }
            inputMarks.set(.fillColor, TimelineStrip.inputColor)
            ticks.set(.strokeColor, TimelineStrip.trackColor)
            marks.set(.strokeColor, TimelineStrip.markColor)
            marks.set(.lineWidth, 3)
            playhead.set(.strokeColor, TimelineStrip.playheadColor)
            playhead.set(.fillColor, TimelineStrip.playheadColor)
            playhead.set(.lineWidth, 3)
            for button in Button.allCases {
                let layer = Layer(scene: scene)
                let label = TextLayer(scene: scene)
                layer.set(.anchorPoint, Point.zero)
                layer.set(.cornerRadius, 5)
                label.font = TimelineStrip.font
                label.set(.anchorPoint, Point.zero)
                label.set(.fontSize, TimelineStrip.fontSize)
                label.set(.alignmentMode, TextAlignment.center.rawValue)
                try? layer.addSublayer(label)
                try? panel.addSublayer(layer)
                buttons.append((button, layer, label))
            }
            for layer in [timeLabel, statusLabel, track, loopBand, progressBar, ticks, marks, inputMarks, playhead] as [Layer] {
                try? panel.addSublayer(layer)
            }
            try? scene.root.addSublayer(panel)
        }
    }

    /// Shows the strip with `state`, or hides it (nil).
    func update(_ state: State?, in scene: Scene) {
        guard let state else {
            if isVisible { scene.perform(actionsDisabled: true) { panel.set(.hidden, true) } }
            isVisible = false
            shown = nil
            return
        }
        isVisible = true
        guard state != shown else { return }
        let resized = shown?.size != state.size
        let relayout = resized || shown?.timeline.isPaused != state.timeline.isPaused
            || shown?.timeline.speed != state.timeline.speed || shown?.timeline.loops != state.timeline.loops
        shown = state
        scene.perform(actionsDisabled: true) {
            panel.set(.hidden, false)
            if relayout { layout(state) }
            showRuler(state, resized: resized, in: scene)
            showTime(state)
        }
    }

    /// What a press at `point` (window points) does, or nil when it is not on the strip.
    func command(at point: Point) -> ViewerCommand? {
        guard isVisible, let frame = panelFrame, frame.contains(point) else { return nil }
        let local = Point(x: point.x - frame.origin.x, y: point.y - frame.origin.y)
        for (button, rect) in buttonFrames where rect.contains(local) { return button.command }
        return rulerHit(local.x, strict: local.y >= rulerFrame.origin.y - 8).map { .seek(to: $0) }
    }

    /// The time under `x` (window points) on the ruler, clamped to its ends; for dragging.
    func time(atWindowX x: Double) -> Double {
        let local = x - (panelFrame?.origin.x ?? 0)
        return rulerHit(local, strict: false) ?? 0
    }

    /// Whether `point` (window points) is on the strip.
    func contains(_ point: Point) -> Bool {
        isVisible && (panelFrame?.contains(point) ?? false)
    }

    private var panelFrame: Rect? {
        guard let size = shown?.size else { return nil }
        let m = TimelineStrip.margin
        return Rect(x: m, y: size.height - TimelineStrip.height - m, width: max(size.width - 2 * m, 0),
                    height: TimelineStrip.height)
    }

    private func rulerHit(_ x: Double, strict: Bool) -> Double? {
        guard rulerFrame.width > 0 else { return nil }
        let fraction = (x - rulerFrame.origin.x) / rulerFrame.width
        if strict && (fraction < -0.02 || fraction > 1.02) { return nil }
        return min(max(fraction, 0), 1) * extent
    }

    // MARK: Drawing

    private func layout(_ state: State) {
        guard let frame = panelFrame else { return }
        panel.set(.position, frame.origin)
        panel.set(.bounds, Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        let pad = 10.0
        let y = 8.0
        var left = pad
        var right = frame.width - pad
        buttonFrames = []
        for entry in buttons {
            let title = label(entry.button, state.timeline)
            let width = max(Double(title.count) * TimelineStrip.fontSize * 0.62 + 18, 40)
            let x: Double
            if entry.button.isOnRight {
                x = 0  // placed below, right to left
            } else {
                x = left
                left += width + 6
            }
            buttonFrames.append((entry.button, Rect(x: x, y: y, width: width, height: TimelineStrip.buttonHeight)))
            entry.label.string = title
        }
        for index in buttonFrames.indices.reversed() where buttonFrames[index].0.isOnRight {
            let width = buttonFrames[index].1.width
            right -= width
            buttonFrames[index].1 = Rect(x: right, y: y, width: width, height: TimelineStrip.buttonHeight)
            right -= 6
        }
        // The time shown keeps its place after the left buttons; too narrow a window (or too
        // large a UI scale) hides the right buttons that would cover it.
        let timeEnd = left + 8 + TimelineStrip.timeWidth
        for (entry, placed) in zip(buttons, buttonFrames) {
            let rect = placed.1
            let fits = rect.origin.x >= timeEnd || !entry.button.isOnRight
            entry.layer.set(.hidden, !fits)
            entry.layer.set(.position, rect.origin)
            entry.layer.set(.bounds, Rect(x: 0, y: 0, width: rect.width, height: rect.height))
            let active = entry.button == .loop && state.timeline.loopRange != nil
            entry.layer.set(.backgroundColor, active ? TimelineStrip.loopColor : TimelineStrip.buttonColor)
            entry.label.set(.foregroundColor, active ? .black : .white)
            let textHeight = TimelineStrip.fontSize * 1.25
            entry.label.set(.position, Point(x: 0, y: (rect.height - textHeight) / 2))
            entry.label.set(.bounds, Rect(x: 0, y: 0, width: rect.width, height: textHeight))
        }
        buttonFrames.removeAll { $0.0.isOnRight && $0.1.origin.x < timeEnd }
        timeLabel.set(.position, Point(x: left + 8, y: y + 3))
        timeLabel.set(.bounds, Rect(x: 0, y: 0, width: TimelineStrip.timeWidth, height: 26))
        let statusX = timeEnd + 10
        let statusWidth = max((buttonFrames.filter { $0.0.isOnRight }.map { $0.1.origin.x }.min() ?? right) - statusX - 8, 0)
        statusLabel.set(.position, Point(x: statusX, y: y + 6))
        statusLabel.set(.bounds, Rect(x: 0, y: 0, width: statusWidth, height: 22))
        // Cut to a letter or two it would say nothing: hidden instead.
        statusLabel.set(.hidden, statusWidth < 60)
        rulerFrame = Rect(x: pad + 6, y: 48, width: max(frame.width - 2 * pad - 12, 1), height: 24)
        track.set(.position, Point(x: rulerFrame.origin.x, y: rulerFrame.origin.y))
        track.set(.bounds, Rect(x: 0, y: 0, width: rulerFrame.width, height: 6))
        for shape in [ticks, marks, inputMarks, playhead] {
            shape.set(.position, Point(x: rulerFrame.origin.x, y: rulerFrame.origin.y))
        }
    }

    private func label(_ button: Button, _ timeline: Timeline) -> String {
        switch button {
        case .toStart: return "|◀◀"
        case .stepBack: return "◀|"
        case .playPause: return timeline.isPaused ? "▶" : "❚❚"
        case .stepForward: return "|▶"
        case .speed: return TimelineStrip.speedText(timeline.speed)
        case .markIn: return "in"
        case .markOut: return "out"
        case .loop: return "loop"
        case .clear: return "clear"
        }
    }

    /// Draws the ruler's marks and playhead; its ticks and their labels again when the extent or
    /// the window's size changed (the labels must stand where the playhead's times are).
    private func showRuler(_ state: State, resized: Bool, in scene: Scene) {
        let needed = max(state.reached, state.shownTime, state.timeline.outPoint ?? 0, state.timeline.playhead)
        let newExtent = TimelineStrip.extent(for: needed)
        let width = rulerFrame.width
        if newExtent != extent || tickLabels.isEmpty || resized {
            extent = newExtent
            drawTicks(width: width, in: scene)
        }
        let x = { (time: Double) in min(max(time / self.extent, 0), 1) * width }
        if let range = state.timeline.loopRange {
            loopBand.set(.hidden, false)
            loopBand.set(.position, Point(x: rulerFrame.origin.x + x(range.lowerBound), y: rulerFrame.origin.y - 2))
            loopBand.set(.bounds, Rect(x: 0, y: 0, width: max(x(range.upperBound) - x(range.lowerBound), 2), height: 10))
        } else {
            loopBand.set(.hidden, true)
        }
        if let replayed = state.replayed {
            progressBar.set(.hidden, false)
            progressBar.set(.position, Point(x: rulerFrame.origin.x, y: rulerFrame.origin.y))
            progressBar.set(.bounds, Rect(x: 0, y: 0, width: max(x(replayed), 1), height: 6))
        } else {
            progressBar.set(.hidden, true)
        }
        var markPath = Path()
        for time in [state.timeline.inPoint, state.timeline.outPoint].compactMap({ $0 }) {
            markPath.move(to: Point(x: x(time), y: -6))
            markPath.addLine(to: Point(x: x(time), y: 14))
        }
        marks.path = markPath
        // Each logged press: a small triangle on the track, pointing up at its moment.
        var inputPath = Path()
        for time in state.inputTimes {
            inputPath.move(to: Point(x: x(time), y: 0))
            inputPath.addLine(to: Point(x: x(time) + 5, y: 9))
            inputPath.addLine(to: Point(x: x(time) - 5, y: 9))
            inputPath.closeSubpath()
        }
        inputMarks.path = inputPath
        var head = Path()
        let px = x(state.shownTime)
        head.move(to: Point(x: px, y: -8))
        head.addLine(to: Point(x: px, y: 16))
        head.addArc(center: Point(x: px, y: 3), radius: 6, startAngle: 0, endAngle: 2 * .pi)
        playhead.path = head
    }

    private func drawTicks(width: Double, in scene: Scene) {
        let step = TimelineStrip.tickStep(extent: extent, width: width)
        var path = Path()
        var labels: [(Double, String)] = []
        var time = 0.0
        while time <= extent + 1e-9 {
            let x = time / extent * width
            path.move(to: Point(x: x, y: 6))
            path.addLine(to: Point(x: x, y: 11))
            labels.append((x, TimelineStrip.rulerText(time)))
            time += step
        }
        ticks.path = path
        while tickLabels.count < labels.count {
            let text = TextLayer(scene: scene)
            text.font = TimelineStrip.font
            text.set(.anchorPoint, Point(x: 0.5, y: 0))
            text.set(.fontSize, TimelineStrip.labelSize)
            text.set(.foregroundColor, Color(r: 0.8, g: 0.81, b: 0.85, a: 1))
            text.set(.alignmentMode, TextAlignment.center.rawValue)
            text.set(.bounds, Rect(x: 0, y: 0, width: 64, height: 16))
            try? panel.insertSublayer(text, at: 0)
            tickLabels.append(text)
        }
        for (index, text) in tickLabels.enumerated() {
            text.set(.hidden, index >= labels.count)
            guard index < labels.count else { continue }
            text.string = labels[index].1
            let x = min(max(labels[index].0, 20), width - 20)
            text.set(.position, Point(x: rulerFrame.origin.x + x, y: rulerFrame.origin.y + 11))
        }
    }

    private func showTime(_ state: State) {
        timeLabel.string = String(format: "%.2f s", state.shownTime)
        statusLabel.string = TimelineStrip.status(state)
    }

    /// The words beside the time: that the timeline was resumed from the last run, a replay's
    /// progress or the pause, the speed, and the loop or marks.
    static func status(_ state: State) -> String {
        var parts: [String] = []
        if state.resumed { parts.append("resumed") }
        if let progress = state.progress {
            parts.append(String(format: "replaying %d%% · Esc", Int(progress * 100)))
        } else if state.timeline.isPaused {
            parts.append("paused")
        }
        if state.timeline.speed != 1 { parts.append(TimelineStrip.speedText(state.timeline.speed)) }
        if let range = state.timeline.loopRange {
            parts.append(String(format: "loop %.2f–%.2f s", range.lowerBound, range.upperBound))
        } else if state.timeline.inPoint != nil || state.timeline.outPoint != nil {
            let start = state.timeline.inPoint.map { String(format: "%.2f", $0) } ?? "–"
            let end = state.timeline.outPoint.map { String(format: "%.2f", $0) } ?? "–"
            parts.append("in \(start)  out \(end)")
        }
        return parts.joined(separator: "   ")
    }

    // MARK: Scales

    /// The ruler's length for a scene that has reached `time`: a round number of seconds with
    /// room to spare, so that it changes seldom while playing.
    static func extent(for time: Double) -> Double {
        let candidates: [Double] = [10, 20, 30, 60, 120, 180, 300, 600, 1200, 1800, 3600, 7200, 14_400, 43_200, 86_400]
        return candidates.first { $0 >= time * 1.1 } ?? 86_400
    }

    /// Seconds between labelled ticks, so that labels are at least 70 points apart.
    static func tickStep(extent: Double, width: Double) -> Double {
        let steps: [Double] = [0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14_400]
        let perPoint = extent / max(width, 1)
        return steps.first { $0 / perPoint >= 70 } ?? 14_400
    }

    static func rulerText(_ time: Double) -> String {
        if time >= 60 {
            let minutes = Int(time) / 60, seconds = Int(time) % 60
            return String(format: "%d:%02d", minutes, seconds)
        }
        return time == time.rounded() ? "\(Int(time)) s" : String(format: "%.1f s", time)
    }

    static func speedText(_ speed: Double) -> String {
        "×" + (speed == speed.rounded() ? "\(Int(speed))" : String(format: "%g", speed))
    }
}

