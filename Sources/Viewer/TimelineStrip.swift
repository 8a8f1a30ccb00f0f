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
    /// What a press on the strip does.
    enum Action: Equatable {
        /// Go to this media time (the ruler).
        case scrub(to: Double)
        /// A transport button.
        case button(Button)
    }

    /// The strip's buttons, left to right.
    enum Button: CaseIterable {
        case toStart, stepBack, playPause, stepForward, speed, markIn, markOut, loop, clear

        /// Whether the button sits at the right end.
        var isOnRight: Bool { [.markIn, .markOut, .loop, .clear].contains(self) }
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
        /// The timeline is still the one remembered from the last run (nothing has moved it).
        var resumed = false
    }

    static let height = 78.0
    static let margin = 8.0
    static let fontSize = 16.0
    static let labelSize = 13.0
    static let buttonHeight = 30.0
    static let font = "DejaVu Sans"
    static let panelColor = Color(r: 0.06, g: 0.06, b: 0.08, a: 0.94)
    static let buttonColor = Color(r: 0.24, g: 0.25, b: 0.29, a: 1)
    static let playheadColor = Color(r: 1, g: 0.62, b: 0.11, a: 1)
    static let loopColor = Color(r: 1, g: 0.82, b: 0.25, a: 1)
    static let markColor = Color(r: 0.25, g: 0.82, b: 1, a: 1)
    static let trackColor = Color(r: 0.42, g: 0.43, b: 0.48, a: 1)

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
        playhead = ShapeLayer(scene: scene)
        scene.perform(actionsDisabled: true) {
            set(panel, .anchorPoint, .point(.zero))
            set(panel, .backgroundColor, .color(TimelineStrip.panelColor))
            set(panel, .cornerRadius, .number(8))
            set(panel, .hidden, .bool(true))
            for text in [timeLabel, statusLabel] {
                text.font = TimelineStrip.font
                set(text, .anchorPoint, .point(.zero))
                set(text, .foregroundColor, .color(.white))
            }
            set(timeLabel, .fontSize, .number(TimelineStrip.fontSize + 2))
            set(statusLabel, .fontSize, .number(TimelineStrip.fontSize - 1))
            set(statusLabel, .foregroundColor, .color(Color(r: 0.85, g: 0.86, b: 0.9, a: 1)))
            for layer in [track, loopBand, progressBar] {
                set(layer, .anchorPoint, .point(.zero))
                set(layer, .cornerRadius, .number(3))
            }
            set(track, .backgroundColor, .color(TimelineStrip.trackColor))
            set(loopBand, .backgroundColor, .color(Color(r: 1, g: 0.82, b: 0.25, a: 0.55)))
            set(progressBar, .backgroundColor, .color(TimelineStrip.markColor))
            for shape in [ticks, marks, playhead] {
                set(shape, .anchorPoint, .point(.zero))
                set(shape, .lineWidth, .number(2))
                set(shape, .fillColor, .color(.clear))
            }
            set(ticks, .strokeColor, .color(TimelineStrip.trackColor))
            set(marks, .strokeColor, .color(TimelineStrip.markColor))
            set(marks, .lineWidth, .number(3))
            set(playhead, .strokeColor, .color(TimelineStrip.playheadColor))
            set(playhead, .fillColor, .color(TimelineStrip.playheadColor))
            set(playhead, .lineWidth, .number(3))
            for button in Button.allCases {
                let layer = Layer(scene: scene)
                let label = TextLayer(scene: scene)
                set(layer, .anchorPoint, .point(.zero))
                set(layer, .cornerRadius, .number(5))
                label.font = TimelineStrip.font
                set(label, .anchorPoint, .point(.zero))
                set(label, .fontSize, .number(TimelineStrip.fontSize))
                set(label, .alignmentMode, .choice(TextAlignment.center.rawValue))
                try? layer.addSublayer(label)
                try? panel.addSublayer(layer)
                buttons.append((button, layer, label))
            }
            for layer in [timeLabel, statusLabel, track, loopBand, progressBar, ticks, marks, playhead] as [Layer] {
                try? panel.addSublayer(layer)
            }
            try? scene.root.addSublayer(panel)
        }
    }

    /// Shows the strip with `state`, or hides it (nil).
    func update(_ state: State?, in scene: Scene) {
        guard let state else {
            if isVisible { scene.perform(actionsDisabled: true) { set(panel, .hidden, .bool(true)) } }
            isVisible = false
            shown = nil
            return
        }
        isVisible = true
        guard state != shown else { return }
        let relayout = shown?.size != state.size || shown?.timeline.isPaused != state.timeline.isPaused
            || shown?.timeline.speed != state.timeline.speed || shown?.timeline.loops != state.timeline.loops
        shown = state
        scene.perform(actionsDisabled: true) {
            set(panel, .hidden, .bool(false))
            if relayout { layout(state) }
            showRuler(state, in: scene)
            showTime(state)
        }
    }

    /// What a press at `point` (window points) does, or nil when it is not on the strip.
    func action(at point: Point) -> Action? {
        guard isVisible, let frame = panelFrame, frame.contains(point) else { return nil }
        let local = Point(x: point.x - frame.origin.x, y: point.y - frame.origin.y)
        for (button, rect) in buttonFrames where rect.contains(local) { return .button(button) }
        return rulerHit(local.x, strict: local.y >= rulerFrame.origin.y - 8).map { .scrub(to: $0) }
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
        set(panel, .position, .point(frame.origin))
        set(panel, .bounds, .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height)))
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
        for (entry, placed) in zip(buttons, buttonFrames) {
            let rect = placed.1
            // Too narrow a window: the buttons that do not fit are hidden.
            let fits = rect.origin.x >= left - 6 || !entry.button.isOnRight
            set(entry.layer, .hidden, .bool(!fits))
            set(entry.layer, .position, .point(rect.origin))
            set(entry.layer, .bounds, .rect(Rect(x: 0, y: 0, width: rect.width, height: rect.height)))
            let active = entry.button == .loop && state.timeline.loopRange != nil
            set(entry.layer, .backgroundColor, .color(active ? TimelineStrip.loopColor : TimelineStrip.buttonColor))
            set(entry.label, .foregroundColor, .color(active ? .black : .white))
            let textHeight = TimelineStrip.fontSize * 1.25
            set(entry.label, .position, .point(Point(x: 0, y: (rect.height - textHeight) / 2)))
            set(entry.label, .bounds, .rect(Rect(x: 0, y: 0, width: rect.width, height: textHeight)))
        }
        if !buttonFrames.filter({ $0.0.isOnRight }).allSatisfy({ $0.1.origin.x >= left - 6 }) {
            buttonFrames.removeAll { $0.0.isOnRight && $0.1.origin.x < left - 6 }
        }
        set(timeLabel, .position, .point(Point(x: left + 8, y: y + 3)))
        set(timeLabel, .bounds, .rect(Rect(x: 0, y: 0, width: 110, height: 26)))
        let statusX = left + 120
        let statusWidth = max((buttonFrames.filter { $0.0.isOnRight }.map { $0.1.origin.x }.min() ?? right) - statusX - 8, 0)
        set(statusLabel, .position, .point(Point(x: statusX, y: y + 6)))
        set(statusLabel, .bounds, .rect(Rect(x: 0, y: 0, width: statusWidth, height: 22)))
        rulerFrame = Rect(x: pad + 6, y: 48, width: max(frame.width - 2 * pad - 12, 1), height: 24)
        set(track, .position, .point(Point(x: rulerFrame.origin.x, y: rulerFrame.origin.y)))
        set(track, .bounds, .rect(Rect(x: 0, y: 0, width: rulerFrame.width, height: 6)))
        for shape in [ticks, marks, playhead] {
            set(shape, .position, .point(Point(x: rulerFrame.origin.x, y: rulerFrame.origin.y)))
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

    private func showRuler(_ state: State, in scene: Scene) {
        let needed = max(state.reached, state.shownTime, state.timeline.outPoint ?? 0, state.timeline.playhead)
        let newExtent = TimelineStrip.extent(for: needed)
        let width = rulerFrame.width
        if newExtent != extent || tickLabels.isEmpty || shown?.size != state.size {
            extent = newExtent
            drawTicks(width: width, in: scene)
        }
        let x = { (time: Double) in min(max(time / self.extent, 0), 1) * width }
        if let range = state.timeline.loopRange {
            set(loopBand, .hidden, .bool(false))
            set(loopBand, .position, .point(Point(x: rulerFrame.origin.x + x(range.lowerBound), y: rulerFrame.origin.y - 2)))
            set(loopBand, .bounds, .rect(Rect(x: 0, y: 0, width: max(x(range.upperBound) - x(range.lowerBound), 2), height: 10)))
        } else {
            set(loopBand, .hidden, .bool(true))
        }
        if let replayed = state.replayed {
            set(progressBar, .hidden, .bool(false))
            set(progressBar, .position, .point(Point(x: rulerFrame.origin.x, y: rulerFrame.origin.y)))
            set(progressBar, .bounds, .rect(Rect(x: 0, y: 0, width: max(x(replayed), 1), height: 6)))
        } else {
            set(progressBar, .hidden, .bool(true))
        }
        var markPath = Path()
        for time in [state.timeline.inPoint, state.timeline.outPoint].compactMap({ $0 }) {
            markPath.move(to: Point(x: x(time), y: -6))
            markPath.addLine(to: Point(x: x(time), y: 14))
        }
        marks.path = markPath
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
            set(text, .anchorPoint, .point(Point(x: 0.5, y: 0)))
            set(text, .fontSize, .number(TimelineStrip.labelSize))
            set(text, .foregroundColor, .color(Color(r: 0.8, g: 0.81, b: 0.85, a: 1)))
            set(text, .alignmentMode, .choice(TextAlignment.center.rawValue))
            set(text, .bounds, .rect(Rect(x: 0, y: 0, width: 64, height: 16)))
            try? panel.insertSublayer(text, at: 0)
            tickLabels.append(text)
        }
        for (index, text) in tickLabels.enumerated() {
            set(text, .hidden, .bool(index >= labels.count))
            guard index < labels.count else { continue }
            text.string = labels[index].1
            let x = min(max(labels[index].0, 20), width - 20)
            set(text, .position, .point(Point(x: rulerFrame.origin.x + x, y: rulerFrame.origin.y + 11)))
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

