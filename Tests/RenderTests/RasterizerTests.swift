import LayerKit
@testable import Render
import Testing
import TestSupport

@Suite struct RasterizerTests {
    /// A draw list of one solid quad per entry, drawn over `background`.
    private func draw(_ quads: [(x: Float, y: Float, w: Float, h: Float, color: VertexColor, blend: BlendMode)],
                      background: Color = .black, threads: Int = 1) -> FrameBuffer {
        var list = DrawList(width: 20, height: 20)
        let white = RenderTexture.solidWhite()
        for q in quads {
            list.begin(white, blend: q.blend)
            list.quad(DrawVertex(x: q.x, y: q.y, u: 0.5, v: 0.5, color: q.color),
                      DrawVertex(x: q.x + q.w, y: q.y, u: 0.5, v: 0.5, color: q.color),
                      DrawVertex(x: q.x + q.w, y: q.y + q.h, u: 0.5, v: 0.5, color: q.color),
                      DrawVertex(x: q.x, y: q.y + q.h, u: 0.5, v: 0.5, color: q.color))
        }
        let frame = FrameBuffer(width: 20, height: 20)
        HeadlessBackend(threads: threads).draw(list, into: frame, background: background)
        return frame
    }

    @Test func additiveBlendingAddsAndSaturates() {
        let c = VertexColor(r: 200, g: 100, b: 0, a: 255)
        let frame = draw([(0, 0, 10, 10, c, .additive), (5, 0, 10, 10, c, .additive)])
        #expect(pixel(frame, 2, 2, is: (200, 100, 0), tolerance: 0))
        #expect(pixel(frame, 7, 2, is: (255, 200, 0), tolerance: 0))
    }

    @Test func sharedEdgesAreDrawnOnce() {
        // Two half-transparent quads meeting at x = 10 (and a diagonal inside each): no pixel
        // is covered twice, so every covered pixel has the same colour.
        let c = VertexColor(r: 255, g: 255, b: 255, a: 128)
        let frame = draw([(2.5, 2.5, 7.5, 10, c, .normal), (10, 2.5, 7.5, 10, c, .normal)])
        var values = Set<UInt32>()
        for y in 0..<20 { for x in 0..<20 where frame.pixels[y * 20 + x] != 0xFF00_0000 { values.insert(frame.pixels[y * 20 + x]) } }
        #expect(values.count == 1)
    }

    @Test func coverageFollowsPixelCentres() {
        // x from 2.5 to 7.5 covers the centres 2.5 … 6.5: pixels 2 through 6.
        let frame = draw([(2.5, 0, 5, 20, .white, .normal)])
        #expect((0..<20).filter { frame.pixel(x: $0, y: 5).r == 255 } == [2, 3, 4, 5, 6])
    }

    @Test func aListCanBeDrawnOverAnother() {
        var list = DrawList(width: 20, height: 20)
        let white = RenderTexture.solidWhite()
        list.begin(white, blend: .normal)
        let c = VertexColor(r: 0, g: 0, b: 255, a: 255)
        list.quad(DrawVertex(x: 0, y: 0, u: 0.5, v: 0.5, color: c), DrawVertex(x: 5, y: 0, u: 0.5, v: 0.5, color: c),
                  DrawVertex(x: 5, y: 5, u: 0.5, v: 0.5, color: c), DrawVertex(x: 0, y: 5, u: 0.5, v: 0.5, color: c))
        let frame = FrameBuffer(width: 20, height: 20)
        frame.clear(to: rgb(255, 0, 0))
        HeadlessBackend(threads: 1).draw(list, into: frame, background: nil)
        #expect(pixel(frame, 2, 2, is: (0, 0, 255), tolerance: 0))
        #expect(pixel(frame, 10, 10, is: (255, 0, 0), tolerance: 0))
    }

    @Test func degenerateAndFarAwayGeometryIsSafe() {
        let frame = draw([(1e30, -1e30, 5, 5, .white, .normal), (.nan, 0, 5, 5, .white, .normal),
                          (0, 0, 0, 0, .white, .normal), (-1e9, -1e9, 2e9, 2e9, .white, .normal)])
        #expect(pixel(frame, 10, 10, is: (255, 255, 255), tolerance: 0))
    }
}
