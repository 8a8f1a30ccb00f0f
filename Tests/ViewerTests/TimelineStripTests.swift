import LayerKit
import Playback
import Testing
@testable import Viewer

/// The strip's ruler as laid out in the overlay's layers.
struct TimelineStripTests {
    /// The x (window points) of the ruler's label reading `text`.
    func labelX(_ text: String, in scene: Scene) -> Double? {
        func find(_ layer: Layer) -> TextLayer? {
            if let label = layer as? TextLayer, label.string == text, !label.bool(.hidden) { return label }
            for sublayer in layer.sublayers { if let found = find(sublayer) { return found } }
            return nil
        }
        guard let label = find(scene.root), let panel = label.superlayer else { return nil }
        return panel.point(.position).x + label.point(.position).x
    }

    /// Found in a teacher's trial: after the window grew to 1200 points, the playhead at 5.5 s
    /// stood under "8 s", as the labels kept the old width until the ruler was pressed.
    @Test func theRulersLabelsFollowAResize() throws {
        let scene = Scene(size: Size(width: 800, height: 600))
        let strip = TimelineStrip(scene: scene)
        var timeline = Timeline()
        timeline.playhead = 5.5
        for width in [800.0, 1200.0] {
            strip.update(TimelineStrip.State(size: Size(width: width, height: 600), timeline: timeline, shownTime: 5.5,
                                             reached: 5.5, progress: nil, replayed: nil), in: scene)
            let expected = strip.rulerFrame.origin.x + 8 + 5 / strip.extent * strip.rulerFrame.width
            let x = try #require(labelX("5 s", in: scene))
            #expect(abs(x - expected) < 1, "at \(width) points wide the label of 5 s is at \(x), the ruler's 5 s at \(expected)")
        }
    }
}
