import Foundation
import Render

/// How far two frames of one size are apart: how many pixels differ, by how much at most, and
/// the peak signal-to-noise ratio over the colour channels (infinite when they are equal).
public struct FrameDifference: Equatable, Sendable, CustomStringConvertible {
    /// Pixels whose premultiplied RGBA differs at all.
    public var differingPixels: Int
    /// Pixels compared.
    public var totalPixels: Int
    /// The largest difference in one channel, 0…255.
    public var largestChannelDifference: Int
    /// PSNR in decibels over R, G, B and A (`.infinity` for equal frames).
    public var psnr: Double

    /// Whether the frames are equal, pixel for pixel.
    public var isZero: Bool { differingPixels == 0 }

    /// Compares `a` with `b` (of the same size; a different size counts every pixel as differing).
    public init(_ a: FrameBuffer, _ b: FrameBuffer) {
        totalPixels = max(a.pixels.count, b.pixels.count)
        guard a.width == b.width, a.height == b.height else {
            differingPixels = totalPixels
            largestChannelDifference = 255
            psnr = 0
            return
        }
        var differing = 0, largest = 0
        var squares = 0.0
        for i in 0..<a.pixels.count where a.pixels[i] != b.pixels[i] {
            differing += 1
            let p = a.pixels[i], q = b.pixels[i]
            for shift in stride(from: 0, through: 24, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                largest = max(largest, d)
                squares += Double(d * d)
            }
        }
        differingPixels = differing
        largestChannelDifference = largest
        let meanSquare = squares / Double(max(totalPixels * 4, 1))
        psnr = meanSquare == 0 ? .infinity : 10 * log10(255 * 255 / meanSquare)
    }

    public var description: String {
        if isZero { return "identical" }
        let share = Double(differingPixels) / Double(max(totalPixels, 1)) * 100
        return "\(differingPixels) of \(totalPixels) pixels differ (\(String(format: "%.1f", share))%), "
            + "by up to \(largestChannelDifference)/255 in a channel, PSNR \(String(format: "%.1f", psnr)) dB"
    }
}
