import LayerKit

/// The panel along the window's top edge that `snowglobe learn` fills: the exercise's goal and
/// the last check's verdict and findings, read from a file the learn session writes. Green after
/// a pass, amber after a fail, red after an error; large enough to read on a projector.
final class CaptionPanel {
    /// How the panel is coloured, from its first line.
    enum Tone: Equatable {
        case neutral, pass, fail, error

        init(firstLine: String) {
            if firstLine.hasPrefix("pass") || firstLine.hasPrefix("✓") {
                self = .pass
            } else if firstLine.hasPrefix("fail") {
                self = .fail
            } else if firstLine.hasPrefix("error") {
                self = .error
            } else {
                self = .neutral
            }
        }

        var color: Color {
            switch self {
            case .neutral: return Color(r: 0.08, g: 0.09, b: 0.12, a: 0.8)
            case .pass: return Color(r: 0.05, g: 0.38, b: 0.16, a: 0.82)
            case .fail: return Color(r: 0.48, g: 0.28, b: 0.02, a: 0.8)
            case .error: return Color(r: 0.45, g: 0.04, b: 0.06, a: 0.82)
            }
        }
    }

    private let panel: Layer
    private let text: TextLayer
    private var shown: (lines: [String], width: Double) = ([], 0)

    static let fontSize = 16.0
    static let margin = 10.0
    static let padding = 10.0
    /// The most lines shown; the rest are cut (the terminal has them all).
    static let maxLines = 14

    init(scene: Scene) {
        panel = Layer(scene: scene)
        text = TextLayer(scene: scene)
        scene.perform(actionsDisabled: true) {
            panel.set(.anchorPoint, Point.zero)
            panel.set(.position, Point(x: CaptionPanel.margin, y: CaptionPanel.margin))
            panel.set(.cornerRadius, 8)
            panel.set(.hidden, true)
            text.set(.anchorPoint, Point.zero)
            text.set(.position, Point(x: CaptionPanel.padding, y: CaptionPanel.padding))
            text.set(.fontSize, CaptionPanel.fontSize)
            text.set(.foregroundColor, Color.white)
            text.set(.wrapped, true)
            text.font = ViewerOverlay.font
            try? panel.addSublayer(text)
            try? scene.root.addSublayer(panel)
        }
    }

    /// Shows the text's lines in a window `width` points wide (empty text hides the panel).
    func update(_ caption: String, width: Double, in scene: Scene) {
        let lines = Array(caption.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .prefix(CaptionPanel.maxLines))
        guard lines != shown.lines || width != shown.width else { return }
        shown = (lines, width)
        scene.perform(actionsDisabled: true) {
            let visible = lines.contains { !$0.isEmpty }
            panel.set(.hidden, !visible)
            guard visible else { return }
            let panelWidth = max(width - 2 * CaptionPanel.margin, 100)
            let textWidth = panelWidth - 2 * CaptionPanel.padding
            text.string = lines.joined(separator: "\n")
            // Monospaced: each line takes as many rows as its characters need at this width.
            let columns = max(Int(textWidth / (CaptionPanel.fontSize * 0.62)), 10)
            let rows = lines.reduce(0) { $0 + max(1, ($1.count + columns - 1) / columns) }
            let height = Double(rows) * CaptionPanel.fontSize * 1.25 + 2
            text.set(.bounds, Rect(x: 0, y: 0, width: textWidth, height: height))
            panel.set(.bounds, Rect(x: 0, y: 0, width: panelWidth, height: height + 2 * CaptionPanel.padding))
            panel.set(.backgroundColor, Tone(firstLine: lines.first { !$0.isEmpty } ?? "").color)
        }
    }
}
