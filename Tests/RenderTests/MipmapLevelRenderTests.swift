import LayerKit
@testable import Render
import Testing
import TestSupport

/// An image drawn smaller than its pixels is read through a mipmap level; a level of a side of
/// odd length must still show the whole image, at its place and size.
struct MipmapLevelRenderTests {
    /// The drawn disc's area (pixels of full coverage) and its centre, from the red channel.
    func measure(_ frame: FrameBuffer) -> (area: Double, x: Double, y: Double) {
        var sum = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let v = Double(frame.pixel(x: x, y: y).r) / 255
                sum += v
                sx += v * (Double(x) + 0.5)
                sy += v * (Double(y) + 0.5)
            }
        }
        return (sum, sx / max(sum, 1e-9), sy / max(sum, 1e-9))
    }

    @Test(arguments: [0.3, 0.2, 0.12])
    func aDiscDrawnSmallKeepsItsSizeAndPlace(_ scale: Double) throws {
        // 50 × 50 pixels: its levels are 25, 12, 6 and 3 pixels wide, the first of them odd.
        let disc = try Image.circle(radius: 24)
        let scene = makeScene()
        let side = 50 * scale
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: side, height: side),
                 position: Point(x: 100, y: 75)) {
            $0.contents = disc
        }
        let drawn = measure(render(scene))
        let area = Double.pi * 24 * scale * 24 * scale
        #expect(abs(drawn.area / area - 1) < 0.02, "area \(drawn.area), the disc's \(area)")
        #expect(abs(drawn.x - 100) < 0.25 && abs(drawn.y - 75) < 0.25, "centre (\(drawn.x), \(drawn.y))")
    }
}
