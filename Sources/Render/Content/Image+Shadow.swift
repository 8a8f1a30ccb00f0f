import LayerKit

extension Image {
    /// The shadow the compositor casts under a background of `width` × `height` points with
    /// `corners` rounded by `cornerRadius` the `curve` way, blurred by `blur`: white, its alpha
    /// the shadow's, one pixel a point, larger by `padding` on every side (the size rounded up
    /// to whole pixels first, as the compositor rounds it). For exporters that draw the shadow
    /// as an image.
    public static func roundedRectShadow(width: Double, height: Double, cornerRadius: Double, corners: CornerMask,
                                         curve: CornerCurve, blur: Double) -> (image: Image, padding: Int)? {
        let blur = max(0, min(blur, 256))
        let w = TextContent.pixels(width), h = TextContent.pixels(height)
        guard w > 0, h > 0, let texture = ShadowMaker.roundedRectShadow(width: w, height: h, cornerRadius: cornerRadius,
                                                                        corners: corners, curve: curve, blur: blur) else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: texture.width * texture.height * 4)
        for i in 0..<(texture.width * texture.height) {
            let a = UInt8(texture.base[i] >> 24)
            (bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]) = (a, a, a, a)
        }
        guard let image = Image(width: texture.width, height: texture.height, premultipliedRGBA: bytes,
                                label: "shadow(\(w) × \(h), radius: \(blur))") else { return nil }
        return (image, ShadowMaker.padding(blur))
    }
}
