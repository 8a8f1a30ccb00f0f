/// Every value property of every kind of layer, declared once.
///
/// Each case's declaration (name, default value and so kind, whether it animates, which layer kind
/// owns it) drives storage layout, key-path resolution, implicit actions, per-frame evaluation,
/// the Lua binding and its "did you mean" suggestions. Adding a property is one case here, one
/// line in `declaration`, and one test.
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

    /// This property's declaration, with Core Animation's default values.
    var declaration: PropertyDeclaration {
        switch self {
        case .bounds: return .init("bounds", .rect(.zero))
        case .position: return .init("position", .point(.zero))
        case .anchorPoint: return .init("anchorPoint", .point(Point(x: 0.5, y: 0.5)))
        case .anchorPointZ: return .init("anchorPointZ", .number(0))
        case .zPosition: return .init("zPosition", .number(0))
        case .transform: return .init("transform", .transform(.identity))
        case .sublayerTransform: return .init("sublayerTransform", .transform(.identity))
        case .opacity: return .init("opacity", .number(1))
        case .hidden: return .init("hidden", .bool(false))
        case .backgroundColor: return .init("backgroundColor", .color(.clear))
        case .borderColor: return .init("borderColor", .color(.black))
        case .borderWidth: return .init("borderWidth", .number(0))
        case .cornerRadius: return .init("cornerRadius", .number(0))
        case .masksToBounds: return .init("masksToBounds", .bool(false), animatable: false)
        case .doubleSided: return .init("doubleSided", .bool(true), animatable: false)
        case .contentsRect: return .init("contentsRect", .rect(Rect(x: 0, y: 0, width: 1, height: 1)))
        case .contentsGravity: return .init("contentsGravity", ContentsGravity.resize, animatable: false)
        case .shadowColor: return .init("shadowColor", .color(.black))
        case .shadowOpacity: return .init("shadowOpacity", .number(0))
        case .shadowOffset: return .init("shadowOffset", .size(Size(width: 0, height: -3)))
        case .shadowRadius: return .init("shadowRadius", .number(3))
        case .speed: return .init("speed", .number(1), animatable: false)
        case .timeOffset: return .init("timeOffset", .number(0), animatable: false)
        case .beginTime: return .init("beginTime", .number(0), animatable: false)
        case .contentsCenter: return .init("contentsCenter", .rect(Rect(x: 0, y: 0, width: 1, height: 1)))
        case .contentsScale: return .init("contentsScale", .number(1), animatable: false)
        case .minificationFilter: return .init("minificationFilter", TextureFilter.linear, animatable: false)
        case .magnificationFilter: return .init("magnificationFilter", TextureFilter.linear, animatable: false)

        case .fontSize: return .init("fontSize", .number(36), on: .text)
        case .foregroundColor: return .init("foregroundColor", .color(.white), on: .text)
        case .alignmentMode: return .init("alignmentMode", TextAlignment.natural, on: .text, animatable: false)
        case .wrapped: return .init("wrapped", .bool(false), on: .text, animatable: false)
        case .truncationMode: return .init("truncationMode", TruncationMode.none, on: .text, animatable: false)

        case .fillColor: return .init("fillColor", .color(.black), on: .shape)
        case .strokeColor: return .init("strokeColor", .color(.clear), on: .shape)
        case .lineWidth: return .init("lineWidth", .number(1), on: .shape)
        case .strokeStart: return .init("strokeStart", .number(0), on: .shape)
        case .strokeEnd: return .init("strokeEnd", .number(1), on: .shape)
        case .lineDashPhase: return .init("lineDashPhase", .number(0), on: .shape)
        case .miterLimit: return .init("miterLimit", .number(10), on: .shape)
        case .lineCap: return .init("lineCap", LineCap.butt, on: .shape, animatable: false)
        case .lineJoin: return .init("lineJoin", LineJoin.miter, on: .shape, animatable: false)
        case .fillRule: return .init("fillRule", FillRule.nonZero, on: .shape, animatable: false)
        case .lineDashPattern: return .init("lineDashPattern", .numbers([]), on: .shape, animatable: false)

        case .colors: return .init("colors", .colors([]), on: .gradient)
        case .locations: return .init("locations", .numbers([]), on: .gradient)
        case .startPoint: return .init("startPoint", .point(Point(x: 0.5, y: 0)), on: .gradient)
        case .endPoint: return .init("endPoint", .point(Point(x: 0.5, y: 1)), on: .gradient)
        case .gradientType: return .init("type", GradientType.axial, on: .gradient, animatable: false)

        case .instanceCount: return .init("instanceCount", .number(1), on: .replicator, animatable: false)
        case .instanceDelay: return .init("instanceDelay", .number(0), on: .replicator)
        case .instanceTransform: return .init("instanceTransform", .transform(.identity), on: .replicator)
        case .instanceColor: return .init("instanceColor", .color(.white), on: .replicator)
        case .instanceRedOffset: return .init("instanceRedOffset", .number(0), on: .replicator)
        case .instanceGreenOffset: return .init("instanceGreenOffset", .number(0), on: .replicator)
        case .instanceBlueOffset: return .init("instanceBlueOffset", .number(0), on: .replicator)
        case .instanceAlphaOffset: return .init("instanceAlphaOffset", .number(0), on: .replicator)

        case .emitterPosition: return .init("emitterPosition", .point(.zero), on: .emitter)
        case .emitterZPosition: return .init("emitterZPosition", .number(0), on: .emitter)
        case .emitterSize: return .init("emitterSize", .size(.zero), on: .emitter)
        case .emitterDepth: return .init("emitterDepth", .number(0), on: .emitter)
        case .emitterShape: return .init("emitterShape", EmitterShape.point, on: .emitter, animatable: false)
        case .emitterMode: return .init("emitterMode", EmitterMode.volume, on: .emitter, animatable: false)
        case .renderMode: return .init("renderMode", EmitterRenderMode.unordered, on: .emitter, animatable: false)
        case .birthRate: return .init("birthRate", .number(1), on: .emitter)
        case .lifetime: return .init("lifetime", .number(1), on: .emitter)
        case .velocity: return .init("velocity", .number(1), on: .emitter)
        case .scale: return .init("scale", .number(1), on: .emitter)
        case .spin: return .init("spin", .number(1), on: .emitter)
        case .seed: return .init("seed", .number(0), on: .emitter, animatable: false)
        }
    }

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

    init(_ name: String, _ defaultValue: AnimationValue, on owner: LayerKind = .layer, animatable: Bool = true) {
        self.name = name
        self.defaultValue = defaultValue
        self.kind = defaultValue.kind
        self.owner = owner
        self.isAnimatable = animatable
    }

    init<C: ChoiceValue>(_ name: String, _ defaultValue: C, on owner: LayerKind = .layer, animatable: Bool = true) {
        self.name = name
        self.defaultValue = defaultValue.animationValue
        self.kind = C.valueKind
        self.owner = owner
        self.isAnimatable = animatable
    }
}
