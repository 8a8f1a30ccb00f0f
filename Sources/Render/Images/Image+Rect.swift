import LayerKit

extension Image {
    /// A filled rectangle of `width` × `height` pixels in `color`, its corners rounded by
    /// `cornerRadius` (at most half the shorter side), edges antialiased: confetti, bars,
    /// pills. The image is the rectangle's bounds, rounded up to whole pixels.
    public static func rect(width: Double, height: Double, cornerRadius: Double = 0,
                            color: Color = .white) throws(ImageError) -> Image {
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 4096, height <= 4096 else {
            throw .invalidArgument("rect size must be numbers in (0, 4096], got \(width) × \(height)")
        }
        guard cornerRadius.isFinite, cornerRadius >= 0 else {
            throw .invalidArgument("rect cornerRadius must be a number >= 0, got \(cornerRadius)")
        }
        let columns = Int(width.rounded(.up)), rows = Int(height.rounded(.up))
        let radius = min(cornerRadius, width / 2, height / 2)
        let half = (x: width / 2, y: height / 2)
        let image = covered(width: columns, height: rows, color: color,
                            label: "rect(width: \(width), height: \(height), cornerRadius: \(cornerRadius))",
                            shape: .rect(width: width, height: height, cornerRadius: radius, color: color)) { x, y in
            // The signed distance from the pixel's centre to the rounded rectangle's edge
            // (negative inside); a pixel is covered by the part of it within the edge.
            let qx = abs(Double(x) + 0.5 - half.x) - (half.x - radius)
            let qy = abs(Double(y) + 0.5 - half.y) - (half.y - radius)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return min(max(0.5 - (outside + min(max(qx, qy), 0) - radius), 0), 1)
        }
        guard let image else {
            throw .invalidArgument("rect \(width) × \(height) is too large")
        }
        return image
    }
}
