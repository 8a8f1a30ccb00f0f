import LayerKit

extension FrameBuffer {
    /// Applies `filter` (its inputs as set) to the frame's pixels, which are taken to show
    /// `scale` pixels a point: what a layer's offscreen image goes through, for a whole frame.
    public func apply(_ filter: Filter, scale: Double = 1) {
        FilterSetting(filter, .model).apply(&pixels, width: width, height: height, scale: scale)
    }
}
