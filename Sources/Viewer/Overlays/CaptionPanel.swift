import LayerKit

/// The panel along the window's top edge that `snowglobe learn` fills: the exercise's goal and
/// the last check's verdict and findings, read from a file the learn session writes. Green after
/// a pass, amber after a fail, red after an error; large enough to read on a projector. After
/// a fail, the chart of the learner's curves against the target's sits in the bottom right-hand
/// corner, where it covers least of a scene laid out from the top left.
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
    private let chart: Layer
    private var shown: (lines: [String], size: Size, bottom: Double, chart: ObjectIdentifier?) = ([], .zero, 0, nil)
    /// The most of the window's width the chart takes.
    static let chartShare = 0.5

    static let fontSize = 16.0
    static let margin = 10.0
    static let padding = 10.0
    /// The most lines shown; the rest are cut (the terminal has them all).
    static let maxLines = 14

    init(scene: Scene) {
        panel = Layer(scene: scene)
        text = TextLayer(scene: scene)
        chart = Layer(scene: scene)
        scene.perform(actionsDisabled: true) {
            chart.set(.anchorPoint, Point.zero)
            chart.set(.hidden, true)
            chart.set(.cornerRadius, 6)
            chart.set(.masksToBounds, true)
            try? scene.root.addSublayer(chart)
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

    /// Shows the text's lines in a window of `size` (empty text hides the panel), and `curves`,
    /// the chart of the last check (nil: none), above the bottom `bottom` points other
    /// overlays use.
    func update(_ caption: String, curves: Image? = nil, size: Size, bottom: Double = 0, in scene: Scene) {
        let lines = Array(caption.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .prefix(CaptionPanel.maxLines))
        let chartID = curves.map(ObjectIdentifier.init)
        guard lines != shown.lines || size != shown.size || bottom != shown.bottom || chartID != shown.chart else { return }
        shown = (lines, size, bottom, chartID)
        let width = size.width
        scene.perform(actionsDisabled: true) {
            let visible = lines.contains { !$0.isEmpty }
            panel.set(.hidden, !visible)
            chart.set(.hidden, !visible || curves == nil)
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
            if let curves, curves.width > 0 {
                // As wide as it was drawn, or half the window if that is less.
                let chartWidth = min(Double(curves.width), width * CaptionPanel.chartShare)
                let chartHeight = chartWidth * Double(curves.height) / Double(curves.width)
                let below = CaptionPanel.margin + height + 2 * CaptionPanel.padding + 6
                chart.contents = curves
                chart.set(.position, Point(x: width - chartWidth - CaptionPanel.margin,
                                           y: max(size.height - bottom - chartHeight - CaptionPanel.margin, below)))
                chart.set(.bounds, Rect(x: 0, y: 0, width: chartWidth, height: chartHeight))
            }
        }
    }
}
