extension DrawList {
    /// The same drawing with every vertex's opacity multiplied by `opacity` (0…1): how a ghost
    /// of another moment is drawn over the frame.
    public func faded(by opacity: Double) -> DrawList {
        var copy = self
        let factor = min(max(opacity.isFinite ? opacity : 0, 0), 1)
        for index in copy.vertices.indices {
            let a = Double(copy.vertices[index].color.a) * factor
            copy.vertices[index].color.a = UInt8(min(max(a.rounded(), 0), 255))
        }
        return copy
    }
}
