import LayerKit

/// A frame's pixels in memory: premultiplied RGBA, one `UInt32` a pixel (bytes R, G, B, A),
/// rows top to bottom. What the headless backend draws into and the frame sinks encode.
public final class FrameBuffer {
    public let width: Int
    public let height: Int
    /// `width * height` premultiplied pixels.
    public var pixels: [UInt32]

    /// A transparent frame (sizes below 0 count as 0).
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        pixels = [UInt32](repeating: 0, count: self.width * self.height)
    }

    /// A frame with the same pixels (its own memory).
    public func copy() -> FrameBuffer {
        let copy = FrameBuffer(width: width, height: height)
        copy.pixels = pixels
        return copy
    }

    /// The premultiplied colour at (x, y); transparent outside the frame.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let p = pixels[y * width + x]
        return (UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24))
    }

    /// Fills the frame with a straight-alpha colour.
    public func clear(to color: Color) {
        let a = color.a
        let word = UInt32(VertexColor.byte(color.r * a)) | UInt32(VertexColor.byte(color.g * a)) << 8
            | UInt32(VertexColor.byte(color.b * a)) << 16 | UInt32(VertexColor.byte(a)) << 24
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: word) }
    }

    /// The pixels as premultiplied RGBA bytes.
    public var premultipliedBytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: pixels.count * 4)
        bytes.withUnsafeMutableBytes { raw in
            pixels.withUnsafeBytes { src in raw.copyMemory(from: src) }
        }
        #if _endian(big)
        for i in 0..<pixels.count { bytes[4 * i..<4 * i + 4].reverse() }
        #endif
        return bytes
    }

    /// The pixels as straight (not premultiplied) RGBA bytes, as PNG and GIF want them.
    public var straightBytes: [UInt8] {
        var bytes = premultipliedBytes
        var i = 0
        while i < bytes.count {
            let a = Int(bytes[i + 3])
            if a != 0 && a != 255 {
                for c in 0..<3 { bytes[i + c] = UInt8(min(255, (Int(bytes[i + c]) * 255 + a / 2) / a)) }
            }
            i += 4
        }
        return bytes
    }

    /// The frame as a LayerKit image (premultiplied), e.g. to show a render as a layer's contents.
    public func image(label: String = "frame") -> Image? {
        Image(width: width, height: height, premultipliedRGBA: premultipliedBytes, label: label)
    }
}
