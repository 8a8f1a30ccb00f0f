extension Layer {
    /// The size the layer would like (CALayer's `preferredFrameSize()`): for a text layer the size
    /// its string needs, measured as it is drawn (its longest line unwrapped; wrapped, at the
    /// bounds' width); for other layers, and when the scene has no text measurer, the bounds'
    /// size.
    public func preferredFrameSize() -> Size {
        let bounds = rect(.bounds)
        guard let text = self as? TextLayer, let measurer = scene?.textMeasurer else { return bounds.size }
        return measurer.size(of: text.string, font: text.font, fontSize: number(.fontSize),
                             wrapWidth: bool(.wrapped) ? bounds.width : nil)
    }
}
