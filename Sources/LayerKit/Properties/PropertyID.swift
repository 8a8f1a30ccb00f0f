/// Every value property of every kind of layer, declared once.
///
/// Each case's declaration (name, default value and so kind, whether it animates, which layer kind
/// owns it, what it is) drives storage layout, key-path resolution, implicit actions, per-frame evaluation,
/// the Lua binding, its "did you mean" suggestions and its docs. Adding a property is one case
/// here, one line in `declaration`, and one test.
public enum PropertyID: Int, CaseIterable, Sendable {
    // Layer
    case bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform
    case opacity, hidden, backgroundColor, borderColor, borderWidth, cornerRadius
    case masksToBounds, doubleSided, contentsRect, contentsGravity
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius
    case speed, timeOffset, beginTime
    // Layer: nine-slice contents, contents scale, texture filters
    case contentsCenter, contentsScale
    case minificationFilter, magnificationFilter
    // Layer: opacity applied to the subtree as one
    case allowsGroupOpacity
    // Layer: the shadow's shape; ShapeLayer: the shape
    case shadowPath, path
    // TextLayer
    case fontSize, foregroundColor, alignmentMode, wrapped
    // CATextLayer's truncationMode.
    case truncationMode
    // ShapeLayer
    case fillColor, strokeColor, lineWidth, strokeStart, strokeEnd, lineDashPhase, miterLimit
    case lineCap, lineJoin, fillRule, lineDashPattern
    // GradientLayer
    case colors, locations, startPoint, endPoint, gradientType
    // ReplicatorLayer
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // EmitterLayer
    case emitterPosition, emitterZPosition, emitterSize, emitterDepth, emitterShape, emitterMode
    case renderMode, birthRate, lifetime, velocity, scale, spin, seed

    /// This property's declaration, with Core Animation's default values and what the property
    /// is, with its unit, for the reference.
    var declaration: PropertyDeclaration {
        switch self {
        case .bounds: return .init("bounds", .rect(.zero), about: "the layer's own coordinate space: the origin its top-left corner shows, and its size, in points")
        case .position: return .init("position", .point(.zero), about: "where the anchor point sits, in the superlayer's coordinates (points, y down)")
        case .anchorPoint: return .init("anchorPoint", .point(Point(x: 0.5, y: 0.5)), about: "the point of the bounds that `position` places and the transform turns about, in units of the bounds ({0, 0} top-left, {0.5, 0.5} the middle)")
        case .anchorPointZ: return .init("anchorPointZ", .number(0), about: "the anchor point's z, in points")
        case .zPosition: return .init("zPosition", .number(0), about: "the layer's z, in points: a higher one is drawn in front of its siblings")
        case .transform: return .init("transform", .transform(.identity), about: "scales, turns (radians) and moves the layer about its anchor point")
        case .sublayerTransform: return .init("sublayerTransform", .transform(.identity), about: "applied to the sublayers as they are drawn (set its m34 for perspective)")
        case .opacity: return .init("opacity", .number(1), about: "0 (invisible) to 1 (opaque), for the layer and its sublayers")
        case .hidden: return .init("hidden", .bool(false), about: "hides the layer and its sublayers")
        case .backgroundColor: return .init("backgroundColor", .color(.clear), about: "fills the bounds, rounded by cornerRadius")
        case .borderColor: return .init("borderColor", .color(.black), about: "the border's colour")
        case .borderWidth: return .init("borderWidth", .number(0), about: "the border's width in points, inside the bounds")
        case .cornerRadius: return .init("cornerRadius", .number(0), about: "rounds the background, the border and (with masksToBounds) the clip, in points")
        case .masksToBounds: return .init("masksToBounds", .bool(false), animatable: false, about: "clips the contents and the sublayers to the (rounded) bounds")
        case .doubleSided: return .init("doubleSided", .bool(true), animatable: false, about: "false: the layer is not drawn while its back faces the viewer")
        case .contentsRect: return .init("contentsRect", .rect(Rect(x: 0, y: 0, width: 1, height: 1)), about: "the part of the contents image shown, in units of the image (0…1)")
        case .contentsGravity: return .init("contentsGravity", ContentsGravity.resize, animatable: false, about: "how the contents image is fitted into the bounds")
        case .shadowColor: return .init("shadowColor", .color(.black), about: "the shadow's colour")
        case .shadowOpacity: return .init("shadowOpacity", .number(0), about: "0 (no shadow) to 1")
        case .shadowOffset: return .init("shadowOffset", .size(Size(width: 0, height: -3)), about: "how far the shadow is moved from the layer, in points")
        case .shadowRadius: return .init("shadowRadius", .number(3), about: "the shadow's blur radius, in points")
        case .speed: return .init("speed", .number(1), animatable: false, about: "how fast the layer's time runs against its superlayer's (0 stops it: the pause idiom)")
        case .timeOffset: return .init("timeOffset", .number(0), animatable: false, about: "seconds added to the layer's local time")
        case .beginTime: return .init("beginTime", .number(0), animatable: false, about: "when the layer's time starts, in its superlayer's time (seconds)")
        case .contentsCenter: return .init("contentsCenter", .rect(Rect(x: 0, y: 0, width: 1, height: 1)), about: "the part of the contents image that stretches, in units of the image (0…1): outside it the corners keep their size and the edges stretch one way (nine-slice)")
        case .contentsScale: return .init("contentsScale", .number(1), animatable: false, about: "pixels of the contents image per point: an image of scale 2 is drawn half as big")
        case .minificationFilter: return .init("minificationFilter", TextureFilter.linear, animatable: false, about: "how the contents image is read when drawn smaller than its pixels")
        case .magnificationFilter: return .init("magnificationFilter", TextureFilter.linear, animatable: false, about: "how the contents image is read when drawn larger than its pixels (\"nearest\": crisp pixel art)")
        case .shadowPath: return .init("shadowPath", .path(Path()), about: "the shape the shadow takes, in the layer's coordinates, instead of what the layer draws (none: what it draws); morphs point by point when animated")
        case .path: return .init("path", .path(Path()), on: .shape, about: "the shape to fill and stroke, in the layer's coordinates; morphs point by point when animated (the paths must have the same elements)")
        case .allowsGroupOpacity: return .init("allowsGroupOpacity", .bool(true), animatable: false, about: "true: an opacity below 1 fades the layer and its sublayers drawn together, so overlapping sublayers do not show through one another; false: each layer is faded on its own (a transform layer's sublayers always are)")

        case .fontSize: return .init("fontSize", .number(36), on: .text, about: "the text's size, in points")
        case .foregroundColor: return .init("foregroundColor", .color(.white), on: .text, about: "the text's colour")
        case .alignmentMode: return .init("alignmentMode", TextAlignment.natural, on: .text, animatable: false, about: "where each line sits across the bounds")
        case .wrapped: return .init("wrapped", .bool(false), on: .text, animatable: false, about: "breaks lines that are wider than the bounds")
        case .truncationMode: return .init("truncationMode", TruncationMode.none, on: .text, animatable: false, about: "where an ellipsis \"…\" cuts the text that does not fit the bounds: \"end\", \"start\", \"middle\" (of the line, or when wrapped of the last line that fits); \"none\" clips it")

        case .fillColor: return .init("fillColor", .color(.black), on: .shape, about: "fills the path (clear: no fill)")
        case .strokeColor: return .init("strokeColor", .color(.clear), on: .shape, about: "strokes the path (clear: no stroke)")
        case .lineWidth: return .init("lineWidth", .number(1), on: .shape, about: "the stroke's width, in points")
        case .strokeStart: return .init("strokeStart", .number(0), on: .shape, about: "where the stroke starts along the path, 0…1")
        case .strokeEnd: return .init("strokeEnd", .number(1), on: .shape, about: "where the stroke ends along the path, 0…1 (animate it from 0 to draw the path)")
        case .lineDashPhase: return .init("lineDashPhase", .number(0), on: .shape, about: "how far into the dash pattern the stroke starts, in points")
        case .miterLimit: return .init("miterLimit", .number(10), on: .shape, about: "beyond this many line widths a mitred corner is bevelled")
        case .lineCap: return .init("lineCap", LineCap.butt, on: .shape, animatable: false, about: "how the stroke's open ends look")
        case .lineJoin: return .init("lineJoin", LineJoin.miter, on: .shape, animatable: false, about: "how the stroke's corners look")
        case .fillRule: return .init("fillRule", FillRule.nonZero, on: .shape, animatable: false, about: "which parts of a path that crosses itself are filled")
        case .lineDashPattern: return .init("lineDashPattern", .numbers([]), on: .shape, about: "dash and gap lengths in turn, in points (none: a solid line); animates entry by entry")

        case .colors: return .init("colors", .colors([]), on: .gradient, about: "the gradient's colours, in order")
        case .locations: return .init("locations", .numbers([]), on: .gradient, about: "where each colour is, 0…1 along the gradient (none: spread evenly)")
        case .startPoint: return .init("startPoint", .point(Point(x: 0.5, y: 0)), on: .gradient, about: "where the gradient starts, in units of the bounds")
        case .endPoint: return .init("endPoint", .point(Point(x: 0.5, y: 1)), on: .gradient, about: "where the gradient ends, in units of the bounds")
        case .gradientType: return .init("type", GradientType.axial, on: .gradient, animatable: false, about: "axial: along the line from start to end; radial: circles around start reaching end; conic: around start")

        case .instanceCount: return .init("instanceCount", .number(1), on: .replicator, animatable: false, about: "how many times the sublayers are drawn (the first is them as they are)")
        case .instanceDelay: return .init("instanceDelay", .number(0), on: .replicator, about: "seconds each copy's animations run behind the copy before")
        case .instanceTransform: return .init("instanceTransform", .transform(.identity), on: .replicator, about: "each copy is drawn with this once more than the copy before")
        case .instanceColor: return .init("instanceColor", .color(.white), on: .replicator, about: "multiplies the first copy's colours")
        case .instanceRedOffset: return .init("instanceRedOffset", .number(0), on: .replicator, about: "added to the red multiplier at each copy after the first")
        case .instanceGreenOffset: return .init("instanceGreenOffset", .number(0), on: .replicator, about: "added to the green multiplier at each copy after the first")
        case .instanceBlueOffset: return .init("instanceBlueOffset", .number(0), on: .replicator, about: "added to the blue multiplier at each copy after the first")
        case .instanceAlphaOffset: return .init("instanceAlphaOffset", .number(0), on: .replicator, about: "added to the alpha multiplier at each copy after the first")

        case .emitterPosition: return .init("emitterPosition", .point(.zero), on: .emitter, about: "the middle of the emitter's shape, in the layer's coordinates (points)")
        case .emitterZPosition: return .init("emitterZPosition", .number(0), on: .emitter, about: "the emitter shape's z, in points")
        case .emitterSize: return .init("emitterSize", .size(.zero), on: .emitter, about: "the emitter shape's width and height, in points")
        case .emitterDepth: return .init("emitterDepth", .number(0), on: .emitter, about: "the emitter shape's depth (cuboid, sphere), in points")
        case .emitterShape: return .init("emitterShape", EmitterShape.point, on: .emitter, animatable: false, about: "the shape particles are born on")
        case .emitterMode: return .init("emitterMode", EmitterMode.volume, on: .emitter, animatable: false, about: "where on the shape: its points, outline, surface or volume")
        case .renderMode: return .init("renderMode", EmitterRenderMode.unordered, on: .emitter, animatable: false, about: "the order particles are drawn in; additive adds their colours")
        case .birthRate: return .init("birthRate", .number(1), on: .emitter, about: "multiplies every cell's birthRate")
        case .lifetime: return .init("lifetime", .number(1), on: .emitter, about: "multiplies every cell's lifetime")
        case .velocity: return .init("velocity", .number(1), on: .emitter, about: "multiplies every cell's velocity")
        case .scale: return .init("scale", .number(1), on: .emitter, about: "multiplies every cell's scale")
        case .spin: return .init("spin", .number(1), on: .emitter, about: "multiplies every cell's spin")
        case .seed: return .init("seed", .number(0), on: .emitter, animatable: false, about: "seeds the particles' random numbers: the same seed, the same particles")
        }
    }

    /// What the property is, with its unit, for the reference and the LuaLS definitions.
    public var about: String { declaration.about }

    /// Whether the property is part of the layer's own timing (its local time depends on it).
    var isTiming: Bool { self == .speed || self == .timeOffset || self == .beginTime }
}

/// The facts one line of `PropertyID.declaration` states.
struct PropertyDeclaration {
    let name: String
    let defaultValue: AnimationValue
    let kind: ValueKind
    let owner: LayerKind
    let isAnimatable: Bool
    let about: String

    init(_ name: String, _ defaultValue: AnimationValue, on owner: LayerKind = .layer, animatable: Bool = true,
         about: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.kind = defaultValue.kind
        self.owner = owner
        self.isAnimatable = animatable
        self.about = about
    }

    init<C: ChoiceValue>(_ name: String, _ defaultValue: C, on owner: LayerKind = .layer, animatable: Bool = true,
                         about: String) {
        self.name = name
        self.defaultValue = defaultValue.animationValue
        self.kind = C.valueKind
        self.owner = owner
        self.isAnimatable = animatable
        self.about = about
    }
}
