import CPangoCairo
import Foundation
import LayerKit

extension Image {
    /// A procedural ice crystal `size` pixels square: `arms` identical arms (6 for real snow),
    /// each a spine with mirrored side branches, sub-branches and plates, on a small hexagonal
    /// core, with a faint glow. Everything random comes from `seed`: the same seed gives the
    /// same bytes, different seeds different crystals.
    public static func snowflake(size: Int, arms: Int = 6, seed: UInt64 = 0, color: Color = .white) throws(ImageError) -> Image {
        guard size >= 8, size <= 2048 else {
            throw .invalidArgument("snowflake size must be an integer in [8, 2048], got \(size)")
        }
        guard arms >= 2, arms <= 16 else {
            throw .invalidArgument("snowflake arms must be an integer in [2, 16], got \(arms)")
        }
        guard let canvas = CairoCanvas(width: size, height: size),
              let image = SnowflakeDesign(seed: seed, arms: arms).draw(on: canvas, color: color)
                  .image(label: "snowflake(size: \(size), arms: \(arms), seed: \(seed))") else {
            throw .invalidArgument("snowflake of size \(size) could not be drawn")
        }
        return image
    }
}

/// The random choices that make one snowflake, and how to draw them.
struct SnowflakeDesign {
    /// A side branch: where on the spine (0...1), how long (fraction of the spine), its angle
    /// from the spine, and whether it carries twigs.
    struct Branch {
        var at: Double, length: Double, angle: Double, twigs: Bool
    }

    let arms: Int
    let spineWidth: Double
    let branches: [Branch]
    let coreRadius: Double
    let tipPlate: Double
    let hollowCore: Bool

    init(seed: UInt64, arms: Int) {
        var random = SeededRandom(seed: seed &* 0x9E37_79B9 &+ 0x5EED)
        func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * random.nextUnit() }
        self.arms = arms
        spineWidth = uniform(0.035, 0.06)
        let count = 2 + Int(random.nextUnit() * 3)
        var list: [Branch] = []
        for k in 0..<count {
            let along = (Double(k) + uniform(0.25, 0.75)) / Double(count)
            list.append(Branch(at: 0.22 + 0.62 * along, length: uniform(0.18, 0.42) * (1.1 - along * 0.6),
                               angle: uniform(0.85, 1.2), twigs: random.nextUnit() < 0.45))
        }
        branches = list
        coreRadius = uniform(0.08, 0.2)
        tipPlate = random.nextUnit() < 0.4 ? uniform(0.05, 0.1) : 0
        hollowCore = random.nextUnit() < 0.5
    }

    /// Draws the crystal in `color` and returns the canvas.
    func draw(on canvas: CairoCanvas, color: Color) -> CairoCanvas {
        let cr = canvas.context
        let side = Double(min(canvas.width, canvas.height))
        let radius = side / 2 * 0.9
        cairo_translate(cr, Double(canvas.width) / 2, Double(canvas.height) / 2)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // Glow first: the same strokes, wide and faint.
        for (widthScale, alpha) in [(3.2, 0.12), (1.9, 0.22), (1.0, 1.0)] {
            cairo_new_path(cr)
            for arm in 0..<arms {
                cairo_save(cr)
                cairo_rotate(cr, Double(arm) * 2 * Double.pi / Double(arms) - Double.pi / 2)
                armPath(cr, radius: radius)
                cairo_restore(cr)
            }
            hexagon(cr, radius: radius * coreRadius)
            cairo_set_line_width(cr, max(1, radius * spineWidth * widthScale))
            canvas.setColor(color, alpha: alpha)
            cairo_stroke(cr)
        }
        if !hollowCore {
            hexagon(cr, radius: radius * coreRadius * 0.75)
            canvas.setColor(color, alpha: 0.85)
            cairo_fill(cr)
        }
        return canvas
    }

    /// One arm along +x: the spine, then each branch mirrored about it.
    private func armPath(_ cr: OpaquePointer, radius: Double) {
        cairo_move_to(cr, radius * coreRadius * 0.5, 0)
        cairo_line_to(cr, radius, 0)
        for branch in branches {
            let x = branch.at * radius, length = branch.length * radius
            for side in [-1.0, 1.0] {
                let dx = cos(branch.angle) * length, dy = sin(branch.angle) * length * side
                cairo_move_to(cr, x, 0)
                cairo_line_to(cr, x + dx, dy)
                if branch.twigs {
                    // Twigs leave the branch halfway, parallel to the spine's outward direction.
                    let mx = x + dx * 0.5, my = dy * 0.5
                    cairo_move_to(cr, mx, my)
                    cairo_line_to(cr, mx + length * 0.35, my)
                }
            }
        }
        if tipPlate > 0 {
            let r = tipPlate * radius
            cairo_new_sub_path(cr)
            for k in 0...6 {
                let a = Double(k) * Double.pi / 3
                let px = radius - r + r * cos(a), py = r * sin(a)
                if k == 0 { cairo_move_to(cr, px, py) } else { cairo_line_to(cr, px, py) }
            }
        }
    }

    private func hexagon(_ cr: OpaquePointer, radius r: Double) {
        cairo_new_sub_path(cr)
        for k in 0...6 {
            let a = Double(k) * Double.pi / 3 + Double.pi / 6
            if k == 0 { cairo_move_to(cr, r * cos(a), r * sin(a)) } else { cairo_line_to(cr, r * cos(a), r * sin(a)) }
        }
        cairo_close_path(cr)
    }
}
