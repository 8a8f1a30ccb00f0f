import Foundation
@testable import Render
import Testing

/// CIGaussianBlur's `inputRadius` is the gaussian's standard deviation: the blur is checked
/// against a gaussian computed here, on an edge and on dots, tails included.
@Suite struct GaussianBlurTests {
    /// A gaussian of standard deviation `sigma` sampled at whole pixels out to six standard
    /// deviations and normalised (what numpy's and SciPy's gaussian filters compute).
    static func kernel(_ sigma: Double) -> [Double] {
        let reach = Int((6 * sigma).rounded(.up))
        let w = (-reach...reach).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = w.reduce(0, +)
        return w.map { $0 / total }
    }

    /// `line` (0…1 a pixel, transparent outside) blurred by `sigma`.
    static func blurred(_ line: [Double], _ sigma: Double) -> [Double] {
        let k = kernel(sigma), reach = k.count / 2
        return line.indices.map { x in
            (-reach...reach).reduce(0.0) { sum, d in
                let i = x - d
                return line.indices.contains(i) ? sum + k[d + reach] * line[i] : sum
            }
        }
    }

    /// A `width` × `height` image of transparent pixels with opaque white where `lit` says.
    static func image(_ width: Int, _ height: Int, lit: (Int, Int) -> Bool) -> [UInt32] {
        (0..<(width * height)).map { lit($0 % width, $0 / width) ? 0xFFFF_FFFF : 0 }
    }

    /// The largest difference, in levels of 255, between any channel of a row's pixels and
    /// the expected coverage.
    static func worst(_ pixels: ArraySlice<UInt32>, _ expected: [Double]) -> Int {
        zip(pixels, expected).map { p, e in
            let want = Int((e * 255).rounded())
            return [p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24].map { abs(Int($0) - want) }.max() ?? 0
        }.max() ?? 0
    }

    static let radii: [Double] = [1, 1.5, 2, 3, 4, 4.5, 5, 6, 8, 12, 16, 24, 32]

    @Test(arguments: radii)
    func anEdgeFollowsTheGaussian(sigma: Double) {
        // A band 12σ wide with 6σ clear either side, and tall enough that the middle row is
        // the blur of one edge across: its right edge is checked.
        let pad = Int((6 * sigma).rounded(.up)), band = Int((12 * sigma).rounded(.up))
        let width = band + 2 * pad, height = 2 * pad + 1
        var pixels = Self.image(width, height) { x, _ in x >= pad && x < pad + band }
        GaussianBlur.blur(&pixels, width: width, height: height, sigma: sigma)
        let line = (0..<width).map { $0 >= pad && $0 < pad + band ? 1.0 : 0 }
        let expected = Self.blurred(line, sigma)
        let middle = (height / 2) * width
        let right = (pad + band / 2)..<width
        let error = Self.worst(pixels[(middle + right.lowerBound)..<(middle + right.upperBound)],
                               Array(expected[right]))
        #expect(error <= 2, "σ \(sigma): \(error) levels off")
    }

    @Test(arguments: radii)
    func aDotFollowsTheGaussian(sigma: Double) {
        // A square 2σ wide (one pixel and 2σ for small radii), every pixel of the image checked.
        let sides = sigma <= 4 ? [1, Int((2 * sigma).rounded())] : [Int((2 * sigma).rounded())]
        for side in sides {
            let pad = Int((4 * sigma).rounded(.up)) + 2
            let size = side + 2 * pad
            var pixels = Self.image(size, size) { x, y in (pad..<(pad + side)).contains(x) && (pad..<(pad + side)).contains(y) }
            GaussianBlur.blur(&pixels, width: size, height: size, sigma: sigma)
            let profile = Self.blurred((0..<size).map { (pad..<(pad + side)).contains($0) ? 1.0 : 0 }, sigma)
            var error = 0
            for y in 0..<size {
                error = max(error, Self.worst(pixels[(y * size)..<((y + 1) * size)], profile.map { $0 * profile[y] }))
            }
            #expect(error <= 2, "σ \(sigma), a dot \(side) wide: \(error) levels off")
        }
    }
}
