import LayerKit

/// Onion-skin ghosts as pixels: of each ghost frame only what differs from the scene's
/// background (keyed out), tinted by the side of the present it lies on and faded with its
/// distance, gathered into one layer that is then laid *under* the present frame's own layers,
/// which keep every pixel they had. Animation tools draw onion skins this way so that "now" is
/// never mistaken for a ghost.
public final class OnionGhosts {
    /// Earlier moments are warm, later ones cool, as in Blender's and After Effects' onion skins.
    public static let earlierTint = Color(r: 1, g: 0.42, b: 0.16)
    public static let laterTint = Color(r: 0.2, g: 0.62, b: 1)
    /// How far a channel may stray from the background and still count as background.
    static let keyTolerance = 3
    /// The channel difference at which a ghost pixel counts as fully covered by a layer.
    static let fullCoverage = 48.0
    /// How much of a ghost's own colour shows through its tint.
    static let ownColour = 0.35

    /// The background colour the frames were drawn on: the root layer's colour over black, as
    /// the window clears to black before drawing the scene.
    public let key: (r: Int, g: Int, b: Int)
    /// The gathered ghosts, premultiplied.
    public let layer: FrameBuffer

    /// An empty layer of `width`×`height` for a scene whose root is `background`.
    public init(width: Int, height: Int, background: Color) {
        let a = background.a
        key = (Int(VertexColor.byte(background.r * a)), Int(VertexColor.byte(background.g * a)),
               Int(VertexColor.byte(background.b * a)))
        layer = FrameBuffer(width: width, height: height)
    }

    /// Adds a ghost frame (opaque, drawn on black like the present one) over those added before:
    /// add the furthest first. Pixels that match the background add nothing.
    public func add(_ ghost: FrameBuffer, tint: Color, opacity: Double) {
        guard ghost.width == layer.width, ghost.height == layer.height else { return }
        let fade = min(max(opacity.isFinite ? opacity : 0, 0), 1)
        let key = self.key
        layer.pixels.withUnsafeMutableBufferPointer { out in
            ghost.pixels.withUnsafeBufferPointer { source in
                for i in 0..<out.count {
                    let p = source[i]
                    let r = Int(p & 0xFF), g = Int((p >> 8) & 0xFF), b = Int((p >> 16) & 0xFF)
                    let difference = max(abs(r - key.r), abs(g - key.g), abs(b - key.b))
                    guard difference > OnionGhosts.keyTolerance else { continue }
                    let alpha = fade * min(Double(difference) / OnionGhosts.fullCoverage, 1)
                    let own = OnionGhosts.ownColour
                    let colour = (tint.r * (1 - own) + Double(r) / 255 * own,
                                  tint.g * (1 - own) + Double(g) / 255 * own,
                                  tint.b * (1 - own) + Double(b) / 255 * own)
                    out[i] = OnionGhosts.over(colour, alpha: alpha, out[i])
                }
            }
        }
    }

    /// Shows the gathered ghosts in `present` wherever it shows the background; every pixel a
    /// layer of the present frame covers stays exactly as it was drawn.
    public func lay(under present: FrameBuffer) {
        guard present.width == layer.width, present.height == layer.height else { return }
        let key = self.key
        present.pixels.withUnsafeMutableBufferPointer { out in
            layer.pixels.withUnsafeBufferPointer { ghosts in
                for i in 0..<out.count where ghosts[i] >> 24 != 0 {
                    let p = out[i]
                    let r = Int(p & 0xFF), g = Int((p >> 8) & 0xFF), b = Int((p >> 16) & 0xFF)
                    let tolerance = OnionGhosts.keyTolerance
                    guard abs(r - key.r) <= tolerance, abs(g - key.g) <= tolerance, abs(b - key.b) <= tolerance else { continue }
                    out[i] = OnionGhosts.over(premultiplied: ghosts[i], p)
                }
            }
        }
    }

    /// `colour` at `alpha` over the premultiplied pixel `below`.
    private static func over(_ colour: (Double, Double, Double), alpha: Double, _ below: UInt32) -> UInt32 {
        let top = UInt32(VertexColor.byte(colour.0 * alpha)) | UInt32(VertexColor.byte(colour.1 * alpha)) << 8
            | UInt32(VertexColor.byte(colour.2 * alpha)) << 16 | UInt32(VertexColor.byte(alpha)) << 24
        return over(premultiplied: top, below)
    }

    /// The premultiplied pixel `top` over the premultiplied pixel `below`.
    private static func over(premultiplied top: UInt32, _ below: UInt32) -> UInt32 {
        let keep = 255 - Int(top >> 24)
        var result: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let t = Int((top >> UInt32(shift)) & 0xFF), b = Int((below >> UInt32(shift)) & 0xFF)
            let channel = min(t + (b * keep + 127) / 255, 255)
            result |= UInt32(channel) << UInt32(shift)
        }
        return result
    }
}
