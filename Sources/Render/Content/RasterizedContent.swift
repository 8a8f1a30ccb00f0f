import LayerKit

/// Content drawn on the CPU for one layer: the texture and the rectangle of the layer's bounds
/// coordinates it covers.
struct RasterizedContent {
    let texture: RenderTexture
    let rect: Rect
}
