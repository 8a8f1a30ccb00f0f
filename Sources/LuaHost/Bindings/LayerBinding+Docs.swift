import LayerKit
import LuaBridge

/// The reference's words for layers: what `ca` gains, what each kind is, a few lines using each,
/// and the notes of registry properties.
extension LayerBinding {
    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: LayerKind.allCases.map { kind in
                           CaFunctionDoc.Call("ca.\(kind.rawValue){…}", returns: kind.rawValue,
                                              "a new \(kind.rawValue), not yet in the tree, with the table's properties set "
                                                  + "(any of \(kind.rawValue)'s, `sublayers` last)")
                       } + [
                           CaFunctionDoc.Call("ca.Layer.defaultAction(key)", returns: "BasicAnimation or nil",
                                              "the animation a change of `key` (a property or key path) gets when the "
                                                  + "layer's `actions` give none: a BasicAnimation on `key` with the "
                                                  + "transaction's duration and timing function, which starts from the "
                                                  + "value on screen; nil for a key that does not animate"),
                       ],
                       fields: LayerKind.allCases.map {
                           ($0.rawValue, $0 == .layer ? "ca.LayerLib" : "fun(props?: \($0.rawValue)Props): \($0.rawValue)")
                       },
                       types: """
                           ---@class ca.LayerLib
                           ---@overload fun(props?: LayerProps): Layer
                           ---@field new fun(props?: LayerProps): Layer
                           ---@field defaultAction fun(key: string): BasicAnimation?

                           """)]
    }

    /// What the reference says of a kind, after its name and constructor.
    static func note(_ kind: LayerKind) -> String? {
        switch kind {
        case .layer: "A rectangle with a background, border, corners, shadow and an image, holding sublayers"
        case .emitter: "How emitters behave where Core Animation leaves it open: [emitters.md](emitters.md)"
        case .transform:
            "Its sublayers keep their 3D places, drawn nearest last; it draws nothing of its own "
                + "(background, border, contents, shadow and masksToBounds are ignored) and its opacity "
                + "applies to each sublayer. `hitTest` passes over it to its sublayers"
        default: nil
        }
    }

    /// A registry property's note: its meaning, what to beware of, whether it animates, its default.
    static func note(_ spec: PropertySpec) -> String {
        spec.id.about + (pitfalls[spec.id].map { ". \($0)" } ?? "") + "; "
            + (spec.isAnimatable ? "animatable" : "not animatable") + "; default " + LuaTypes.literal(spec.defaultValue)
    }

    /// What the reference warns of, beside a property's meaning.
    static let pitfalls: [PropertyID: String] = [
        .emitterPosition: "Setting it on a layer in the tree animates it implicitly, so particles born in the next "
            + "0.25 s (a burst from `emit` too) come from between the old place and the new: move it inside "
            + "`ca.transaction(fn, { disableActions = true })` first",
    ]

    /// A few lines using a kind of layer, for the reference (each runs as a script, in a test).
    static func example(_ kind: LayerKind) -> String {
        switch kind {
        case .layer:
            return """
                local card = ca.Layer{
                  bounds = { 0, 0, 160, 100 },      -- points
                  position = { 200, 150 },          -- the middle (anchorPoint {0.5, 0.5}) goes here
                  backgroundColor = "#2d6cdf",
                  cornerRadius = 12,
                  shadowOpacity = 0.4,
                }
                ca.root:addSublayer(card)
                card.onTap = function(layer, point) layer.opacity = 0.5 end   -- animates over 0.25 s
                """
        case .text:
            return """
                local label = ca.TextLayer{
                  string = "Hello, snow",
                  fontSize = 28,
                  foregroundColor = "white",
                  alignmentMode = "center",
                  frame = { 0, 40, ca.screen.width, 40 },
                }
                ca.root:addSublayer(label)
                """
        case .shape:
            return """
                local ring = ca.ShapeLayer{
                  path = ca.Path.ellipse{ 0, 0, 120, 120 },
                  frame = { 100, 100, 120, 120 },
                  fillColor = "transparent",
                  strokeColor = "orange",
                  lineWidth = 6,
                  strokeEnd = 0,
                }
                ca.root:addSublayer(ring)
                ring:addAnimation(ca.BasicAnimation{ keyPath = "strokeEnd", fromValue = 0, toValue = 1, duration = 2,
                                                     fillMode = "forwards", removedOnCompletion = false }, "draw")
                """
        case .gradient:
            return """
                local sky = ca.GradientLayer{
                  frame = ca.root.bounds,
                  colors = { "#0b1a33", "#2d4f7c", "#f3a712" },
                  locations = { 0, 0.7, 1 },
                }
                ca.root:addSublayer(sky)
                """
        case .replicator:
            return """
                local dots = ca.ReplicatorLayer{ frame = { 100, 100, 300, 40 }, instanceCount = 8,
                                                 instanceTransform = ca.Transform3D.translation(36, 0),
                                                 instanceDelay = 0.1 }
                local dot = ca.Layer{ frame = { 0, 0, 24, 24 }, cornerRadius = 12, backgroundColor = "white" }
                dots:addSublayer(dot)
                ca.root:addSublayer(dots)
                dot:addAnimation(ca.BasicAnimation{ keyPath = "opacity", fromValue = 1, toValue = 0.1, duration = 0.8,
                                                    autoreverses = true, repeatCount = math.huge }, "pulse")
                """
        case .emitter:
            return """
                local sparks = ca.EmitterLayer{
                  frame = ca.root.bounds,
                  emitterPosition = { 200, 150 },
                  emitterCells = { ca.EmitterCell{
                    name = "spark", contents = ca.Image.circle{ radius = 4 }, color = "gold",
                    birthRate = 40, lifetime = 1.5, velocity = 120, emissionRange = 2 * math.pi,
                  } },
                }
                ca.root:addSublayer(sparks)
                ca.on("mousedown", function(x, y)
                  ca.transaction(function() sparks.emitterPosition = { x, y } end, { disableActions = true })
                  sparks:emit(50)
                end)
                """
        case .transform:
            return """
                local stage = ca.Layer{ frame = ca.root.bounds }
                local t = ca.Transform3D.identity
                t.m34 = -1 / 500                   -- one perspective for everything on the stage
                stage.sublayerTransform = t
                ca.root:addSublayer(stage)
                local cube = ca.TransformLayer{ bounds = { 0, 0, 100, 100 }, position = { 200, 150 } }
                local function face(color, turn)   -- each face 50 points out from the centre, then turned
                  cube:addSublayer(ca.Layer{ bounds = { 0, 0, 100, 100 }, position = { 50, 50 },
                                             backgroundColor = color, transform = turn:translated(0, 0, 50) })
                end
                face("tomato", ca.Transform3D.identity)
                face("gold", ca.Transform3D.rotation(math.pi / 2, 0, 1, 0))
                face("seagreen", ca.Transform3D.rotation(math.pi, 0, 1, 0))
                face("royalblue", ca.Transform3D.rotation(-math.pi / 2, 0, 1, 0))
                stage:addSublayer(cube)
                cube:addAnimation(ca.BasicAnimation{ keyPath = "transform.rotation.y", fromValue = 0,
                                                     toValue = 2 * math.pi, duration = 4, repeatCount = math.huge })
                """
        }
    }
}
