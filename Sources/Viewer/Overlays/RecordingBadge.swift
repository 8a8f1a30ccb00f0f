import LayerKit

/// The badge in the window's top-right corner while F9 records or a recording is being
/// written: "● REC 3.2 s · F9 stops" on red, "writing snowglobe-0003.mp4 45%" on dark grey.
/// Large enough to read on a projector; never part of a recording (those are rendered headless).
final class RecordingBadge {
    private let panel: Layer
    private let text: TextLayer
    private var shown: [String] = []

    static let fontSize = 16.0
    static let margin = 10.0
    static let padding = 8.0
    static let recordingColor = Color(r: 0.78, g: 0.08, b: 0.1, a: 0.95)
    static let writingColor = Color(r: 0.1, g: 0.1, b: 0.12, a: 0.92)

    init(scene: Scene) {
        panel = Layer(scene: scene)
        text = TextLayer(scene: scene)
        scene.perform(actionsDisabled: true) {
            set(panel, .anchorPoint, .point(Point(x: 1, y: 0)))
            set(panel, .cornerRadius, .number(6))
            set(panel, .hidden, .bool(true))
            set(text, .anchorPoint, .point(.zero))
            set(text, .position, .point(Point(x: RecordingBadge.padding, y: RecordingBadge.padding)))
            set(text, .fontSize, .number(RecordingBadge.fontSize))
            set(text, .foregroundColor, .color(.white))
            text.font = ViewerOverlay.font
            try? panel.addSublayer(text)
            try? scene.root.addSublayer(panel)
        }
    }

    /// Shows `lines` (none hides the badge) in a window `width` points wide.
    func update(_ lines: [String], width: Double, in scene: Scene) {
        scene.perform(actionsDisabled: true) {
            set(panel, .position, .point(Point(x: width - RecordingBadge.margin, y: RecordingBadge.margin)))
            guard lines != shown else { return }
            shown = lines
            set(panel, .hidden, .bool(lines.isEmpty))
            guard !lines.isEmpty else { return }
            text.string = lines.joined(separator: "\n")
            let columns = Double(lines.map(\.count).max() ?? 0)
            let textWidth = columns * RecordingBadge.fontSize * 0.62 + 4
            let textHeight = Double(lines.count) * RecordingBadge.fontSize * 1.25 + 2
            set(text, .bounds, .rect(Rect(x: 0, y: 0, width: textWidth, height: textHeight)))
            set(panel, .bounds, .rect(Rect(x: 0, y: 0, width: textWidth + 2 * RecordingBadge.padding,
                                           height: textHeight + 2 * RecordingBadge.padding)))
            let recording = lines.first?.hasPrefix("●") == true
            set(panel, .backgroundColor, .color(recording ? RecordingBadge.recordingColor : RecordingBadge.writingColor))
        }
    }
}
