/// What a generated image draws, as shapes in one colour, in the image's pixels: an exporter
/// that draws vectors (Lottie) can draw these instead of the pixels.
public enum ImageShape: Sendable, Equatable {
    /// A disc of `radius` pixels about the image's centre, its edge sharp (softness 0) or fading to the centre (1)
    /// along a smoothstep over the outer `softness` of the radius (at least a pixel).
    case circle(radius: Double, softness: Double, color: Color)
    /// A rectangle of `width` × `height` pixels from the image's top-left corner, its corners
    /// rounded by `cornerRadius`.
    case rect(width: Double, height: Double, cornerRadius: Double, color: Color)
}
