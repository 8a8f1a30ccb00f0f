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
            panel.set(.anchorPoint, Point(x: 1, y: 0))
            panel.set(.cornerRadius, 6)
            panel.set(.hidden, true)
            text.set(.anchorPoint, Point.zero)
            text.set(.position, Point(x: RecordingBadge.padding, y: RecordingBadge.padding))
            text.set(.fontSize, RecordingBadge.fontSize)
            text.set(.foregroundColor, Color.white)
            text.font = ViewerOverlay.font
            try? panel.addSublayer(text)
            try? scene.root.addSublayer(panel)
        }
    }

    /// Shows `lines` (none hides the badge) in a window `width` points wide.
    func update(_ lines: [String], width: Double, in scene: Scene) {
        scene.perform(actionsDisabled: true) {
            panel.set(.position, Point(x: width - RecordingBadge.margin, y: RecordingBadge.margin))
            guard lines != shown else { return }
            shown = lines
            panel.set(.hidden, lines.isEmpty)
            guard !lines.isEmpty else { return }
            text.string = lines.joined(separator: "\n")
            let columns = Double(lines.map(\.count).max() ?? 0)
            let textWidth = columns * RecordingBadge.fontSize * 0.62 + 4
            let textHeight = Double(lines.count) * RecordingBadge.fontSize * 1.25 + 2
            text.set(.bounds, Rect(x: 0, y: 0, width: textWidth, height: textHeight))
            panel.set(.bounds, Rect(x: 0, y: 0, width: textWidth + 2 * RecordingBadge.padding,
                                           height: textHeight + 2 * RecordingBadge.padding))
            let recording = lines.first?.hasPrefix("●") == true
            panel.set(.backgroundColor, recording ? RecordingBadge.recordingColor : RecordingBadge.writingColor)
        }
    }
}
