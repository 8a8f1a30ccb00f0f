/// How a layer's contents image fills its bounds (CALayerContentsGravity).
public enum ContentsGravity: String, ChoiceValue {
    case resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
    public static var fallback: ContentsGravity { .resize }
}

/// The end of an open stroked path (CAShapeLayerLineCap).
public enum LineCap: String, ChoiceValue {
    case butt, round, square
    public static var fallback: LineCap { .butt }
}

/// The corner between two stroked segments (CAShapeLayerLineJoin).
public enum LineJoin: String, ChoiceValue {
    case miter, round, bevel
    public static var fallback: LineJoin { .miter }
}

/// How a shape's interior is decided (CAShapeLayerFillRule).
public enum FillRule: String, ChoiceValue {
    case nonZero, evenOdd
    public static var fallback: FillRule { .nonZero }
}

/// Horizontal alignment of a text layer's lines (CATextLayerAlignmentMode).
public enum TextAlignment: String, ChoiceValue {
    case natural, left, center, right, justified
    public static var fallback: TextAlignment { .natural }
}

/// The geometry of a gradient layer (CAGradientLayerType).
public enum GradientType: String, ChoiceValue {
    case axial, radial, conic
    public static var fallback: GradientType { .axial }
}

/// The shape particles are born on (CAEmitterLayerEmitterShape).
public enum EmitterShape: String, ChoiceValue {
    case point, line, rectangle, circle, cuboid, sphere
    public static var fallback: EmitterShape { .point }
}

/// Where on the emitter shape particles are born (CAEmitterLayerEmitterMode).
public enum EmitterMode: String, ChoiceValue {
    case points, outline, surface, volume
    public static var fallback: EmitterMode { .volume }
}

/// The order and blending particles are drawn with (CAEmitterLayerRenderMode).
public enum EmitterRenderMode: String, ChoiceValue {
    case unordered, oldestFirst, oldestLast, backToFront, additive
    public static var fallback: EmitterRenderMode { .unordered }
}

/// How a layer's or an emitter cell's image is read when drawn smaller (`minificationFilter`)
/// or larger (`magnificationFilter`) than its pixels (CALayerContentsFilter).
public enum TextureFilter: String, ChoiceValue {
    case linear, nearest, trilinear
    public static var fallback: TextureFilter { .linear }
}

/// Where a text layer's string is cut, with an ellipsis, when it does not fit its bounds
/// (CATextLayerTruncationMode).
public enum TruncationMode: String, ChoiceValue {
    case none, start, middle, end
    public static var fallback: TruncationMode { .none }
}

/// The curve of a layer's rounded corners (CALayerCornerCurve): a quarter circle, or the
/// continuous curve iOS draws its own corners with, whose curvature grows gradually from the
/// straight edge (no kink where the edge meets the arc).
public enum CornerCurve: String, ChoiceValue {
    case circular, continuous
    public static var fallback: CornerCurve { .circular }
}
