/// What a generated image draws, as shapes in one colour, in the image's pixels: an exporter
/// that draws vectors (Lottie) can draw these instead of the pixels.
public enum ImageShape: Sendable, Equatable {
    /// One stroke of all of a `strokes` shape's lines: its width in pixels and its alpha.
    public struct StrokePass: Sendable, Equatable {
        public var width: Double
        public var alpha: Double

        public init(width: Double, alpha: Double) {
            self.width = width
            self.alpha = alpha
        }
    }

    /// A disc of `radius` pixels about the image's centre, its edge sharp (softness 0) or fading to the centre (1)
    /// along a smoothstep over the outer `softness` of the radius (at least a pixel).
    case circle(radius: Double, softness: Double, color: Color)
    /// A rectangle of `width` × `height` pixels from the image's top-left corner, its corners
    /// rounded by `cornerRadius`.
    case rect(width: Double, height: Double, cornerRadius: Double, color: Color)
    /// `lines` stroked with round caps and joins once per pass, in order (a wide faint glow
    /// beneath the sharp stroke; each pass strokes all the lines at once, so its alpha does not
    /// add up where they cross), then `fill` filled at `fillAlpha` (a snowflake).
    case strokes(lines: Path, passes: [StrokePass], fill: Path, fillAlpha: Double, color: Color)
}
