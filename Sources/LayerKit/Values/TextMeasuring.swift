/// Measures text exactly as the drawing module lays it out, so that a script can size layers to
/// their text (`ca.measureText`, `preferredFrameSize`). LayerKit draws nothing: the drawing module
/// provides one and the script host hands it to the scene.
public protocol TextMeasuring: AnyObject {
    /// The size, in points, that `string` in `font` (nil: the default) at `fontSize` takes:
    /// unwrapped, its longest line by its lines; wrapped at `wrapWidth`, the widest wrapped line
    /// by the wrapped lines.
    func size(of string: String, font: String?, fontSize: Double, wrapWidth: Double?) -> Size
}
