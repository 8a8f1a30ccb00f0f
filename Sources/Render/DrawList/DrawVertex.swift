/// One corner of a drawn triangle: where it lands on screen (pixels, y down), where it samples
/// its texture (0...1 across the texture) and the colour it multiplies the sample by.
public struct DrawVertex: Sendable {
    public var x: Float
    public var y: Float
    public var u: Float
    public var v: Float
    public var color: VertexColor

    public init(x: Float, y: Float, u: Float, v: Float, color: VertexColor) {
        self.x = x
        self.y = y
        self.u = u
        self.v = v
        self.color = color
    }
}
