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
        let shape = SnowflakeDesign(seed: seed, arms: arms).shape(side: size, color: color)
        guard let canvas = CairoCanvas(width: size, height: size),
              let image = SnowflakeDesign.draw(shape, on: canvas)
                  .image(label: "snowflake(size: \(size), arms: \(arms), seed: \(seed))", shape: shape) else {
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

    /// The crystal `side` pixels square in `color`, as the lines and the core it is drawn from:
    /// its arms and its core's outline stroked three times (a wide faint glow, a narrower one,
    /// then the sharp stroke), then, unless the core is hollow, the core filled.
    func shape(side: Int, color: Color) -> ImageShape {
        let radius = Double(side) / 2 * 0.9
        let centre = Point(x: Double(side) / 2, y: Double(side) / 2)
        var lines = Path()
        for arm in 0..<arms {
            let angle = Double(arm) * 2 * Double.pi / Double(arms) - Double.pi / 2
            let c = cos(angle), s = sin(angle)
            armPath(into: &lines, radius: radius) { x, y in Point(x: centre.x + x * c - y * s, y: centre.y + x * s + y * c) }
        }
        hexagon(into: &lines, centre: centre, radius: radius * coreRadius)
        let passes = [(3.2, 0.12), (1.9, 0.22), (1.0, 1.0)].map { scale, alpha in
            ImageShape.StrokePass(width: max(1, radius * spineWidth * scale), alpha: alpha)
        }
        var fill = Path()
        if !hollowCore { hexagon(into: &fill, centre: centre, radius: radius * coreRadius * 0.75) }
        return .strokes(lines: lines, passes: passes, fill: fill, fillAlpha: 0.85, color: color)
    }

    /// Draws a `strokes` shape as it says, round caps and joins, and returns the canvas.
    static func draw(_ shape: ImageShape, on canvas: CairoCanvas) -> CairoCanvas {
        guard case let .strokes(lines, passes, fill, fillAlpha, color) = shape else { return canvas }
        let cr = canvas.context
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for pass in passes {
            cairo_new_path(cr)
            canvas.addPath(lines)
            cairo_set_line_width(cr, pass.width)
            canvas.setColor(color, alpha: pass.alpha)
            cairo_stroke(cr)
        }
        if !fill.isEmpty {
            cairo_new_path(cr)
            canvas.addPath(fill)
            canvas.setColor(color, alpha: fillAlpha)
            cairo_fill(cr)
        }
        return canvas
    }

    /// One arm along +x, put in place by `place`: the spine, then each branch mirrored about it.
    private func armPath(into path: inout Path, radius: Double, place: (Double, Double) -> Point) {
        path.move(to: place(radius * coreRadius * 0.5, 0))
        path.addLine(to: place(radius, 0))
        for branch in branches {
            let x = branch.at * radius, length = branch.length * radius
            let dx = cos(branch.angle) * length, dy = sin(branch.angle) * length
            // Both sides as one line through the spine (with round joins, the same as two lines
            // from it), so an exported crystal has fewer paths.
            path.move(to: place(x + dx, -dy))
            path.addLine(to: place(x, 0))
            path.addLine(to: place(x + dx, dy))
            if branch.twigs {
                // Twigs leave the branch halfway, parallel to the spine's outward direction.
                for side in [-1.0, 1.0] {
                    let mx = x + dx * 0.5, my = dy * 0.5 * side
                    path.move(to: place(mx, my))
                    path.addLine(to: place(mx + length * 0.35, my))
                }
            }
        }
        if tipPlate > 0 {
            let r = tipPlate * radius
            for k in 0...6 {
                let a = Double(k) * Double.pi / 3
                let p = place(radius - r + r * cos(a), r * sin(a))
                if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
        }
    }

    private func hexagon(into path: inout Path, centre: Point, radius r: Double) {
        for k in 0...6 {
            let a = Double(k) * Double.pi / 3 + Double.pi / 6
            let p = Point(x: centre.x + r * cos(a), y: centre.y + r * sin(a))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
    }
}
