import LayerKit

extension Image {
    /// A filled circle of `radius` pixels in `color`, its edge sharp (softness 0, antialiased)
    /// to fully blurred from the centre (softness 1, a smoothstep falloff). The image is the
    /// circle's bounding square plus a pixel of margin.
    public static func circle(radius: Double, softness: Double = 0, color: Color = .white) throws(ImageError) -> Image {
        guard radius.isFinite, radius > 0, radius <= 1024 else {
            throw .invalidArgument("circle radius must be a number in (0, 1024], got \(radius)")
        }
        guard softness.isFinite, softness >= 0, softness <= 1 else {
            throw .invalidArgument("circle softness must be a number in [0, 1], got \(softness)")
        }
        let side = Int((2 * radius).rounded(.up)) + 2
        let centre = Double(side) / 2
        let image = covered(width: side, height: side, color: color,
                            label: "circle(radius: \(radius), softness: \(softness))",
                            shape: .circle(radius: radius, softness: softness, color: color)) { x, y in
            let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
            return circleCoverage(atDistance: (dx * dx + dy * dy).squareRoot(), radius: radius, softness: softness)
        }
        guard let image else {
            throw .invalidArgument("circle radius \(radius) is too large")
        }
        return image
    }

    /// How much of a pixel whose centre is `d` pixels from the centre of `circle(radius:softness:)`
    /// the circle covers: a one-pixel ramp across a sharp edge, a smoothstep over the soft part.
    public static func circleCoverage(atDistance d: Double, radius: Double, softness: Double) -> Double {
        let ramp = max(radius * softness, 1)
        let t = min(max((radius + (softness > 0 ? 0 : 0.5) - d) / ramp, 0), 1)
        return softness > 0 ? t * t * (3 - 2 * t) : t
    }
}
