import LayerKit
import Render

/// One thing drawn (a background, a path, text, an image, a border, a particle) as one frame
/// shows it: its outlines in its own coordinates, the map that puts them on the screen, how
/// it is painted, its opacity and the clips around it.
struct LottieSample {
    /// How the outlines are painted.
    enum Paint {
        case shape(LottieShapeStyle)
        /// An image asset (by index) drawn over `rect` of the item's coordinates.
        case image(asset: Int, rect: Rect)
    }

    /// The layer's name or place, for the Lottie layer's name.
    var name: String
    var paths: [LottieBezier]
    var paint: Paint
    /// Item coordinates → screen pixels.
    var map: ProjectiveMap
    var opacity: Double
    /// Screen-space outlines the item is clipped to (masksToBounds of its ancestors), outermost first.
    var clips: [LottieClip]
    /// The animations of its layer and of the layers above it.
    var animations: [ObjectIdentifier] = []
    /// The script line that made its layer, for the report.
    var site: SourceSite?
    /// What the mask layer of an ancestor draws, when it is one thing but not an opaque shape
    /// (a soft disc, an image): its alpha is the item's track matte.
    var matte: Matte?

    /// One thing a mask layer draws, as the track matte of each item it masks.
    final class Matte {
        let sample: LottieSample

        init(_ sample: LottieSample) {
            self.sample = sample
        }
    }

    /// What must stay the same for two frames' samples to be one Lottie layer: the kind of
    /// paint, the asset, how many dash entries, subpaths, vertices and clips there are.
    var signature: String {
        var text: String
        switch paint {
        case .shape(let style):
            text = "s\(style.fill == nil ? 0 : 1)" + (style.gradient.map { "g\($0.type)/\($0.stopCount)" } ?? "")
                + (style.stroke.map { "1d\($0.dashes.count)" } ?? "0") + (style.glows.isEmpty ? "" : "w\(style.glows.count)")
                + (style.trim == nil ? "0" : "1")
        case .image(let asset, _): text = "i\(asset)"
        }
        for path in paths { text += ".\(path.vertices.count)\(path.closed ? "c" : "o")" }
        for clip in clips { text += "|\(clip.mode)\(clip.outline.vertices.count)" }
        if let matte { text += "^" + matte.sample.signature }
        return text
    }
}

/// How a shape item is painted: fill, stroke and the stroke's trim.
struct LottieShapeStyle: Equatable {
    struct Stroke: Equatable {
        var color: Color
        var width: Double
        /// Lottie's codes: cap 1 butt, 2 round, 3 square; join 1 miter, 2 round, 3 bevel.
        var cap: Int
        var join: Int
        var miterLimit: Double
        var dashes: [Double]
        var dashPhase: Double
    }

    /// A gradient layer's paint.
    struct Gradient: Equatable {
        /// 1 linear, 2 radial.
        var type: Int
        /// In the item's coordinates; a radial gradient's ellipse has radii `radii`.
        var start: Point
        var end: Point
        var radii: Size
        /// Offset, red, green, blue per colour stop, then offset, alpha per stop.
        var stops: [Double]
        var stopCount: Int
    }

    var fill: Color?
    var gradient: Gradient?
    /// 1 non-zero, 2 even-odd.
    var fillRule: Int
    var stroke: Stroke?
    /// Wider strokes of the same paths beneath `stroke`, bottom first (a glow), when it has any.
    var glows: [Stroke] = []
    /// strokeStart and strokeEnd, 0…1, when they cut anything.
    var trim: (start: Double, end: Double)?

    static func == (a: LottieShapeStyle, b: LottieShapeStyle) -> Bool {
        a.fill == b.fill && a.gradient == b.gradient && a.fillRule == b.fillRule && a.stroke == b.stroke && a.glows == b.glows && a.trim?.start == b.trim?.start
            && a.trim?.end == b.trim?.end
    }
}
