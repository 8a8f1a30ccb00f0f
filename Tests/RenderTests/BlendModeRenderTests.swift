import LayerKit
@testable import Render
import Testing
import TestSupport

/// Each compositing filter's pixel against the W3C formula, over a known backdrop.
@Suite struct BlendModeRenderTests {
    /// Backdrop and source colour channels in 0…1.
    static let backdrop = (0.2, 0.5, 0.8), source = (0.6, 0.3, 0.9)

    /// Each mode with its blend function B(backdrop, source), as the W3C spec writes it.
    static let modes: [(CompositingFilter, @Sendable (Double, Double) -> Double)] = [
        (.multiplyBlendMode, { b, s in b * s }),
        (.screenBlendMode, { b, s in b + s - b * s }),
        (.overlayBlendMode, { b, s in b <= 0.5 ? s * 2 * b : 1 - 2 * (1 - s) * (1 - b) }),
        (.darkenBlendMode, { b, s in min(b, s) }),
        (.lightenBlendMode, { b, s in max(b, s) }),
        (.colorDodgeBlendMode, { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }),
        (.colorBurnBlendMode, { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }),
        (.softLightBlendMode, { b, s in
            s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * ((b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()) - b)
        }),
        (.hardLightBlendMode, { b, s in s <= 0.5 ? b * 2 * s : 1 - 2 * (1 - b) * (1 - s) }),
        (.differenceBlendMode, { b, s in abs(b - s) }),
    ]

    private func frame(_ filter: CompositingFilter, opacity: Double) -> FrameBuffer {
        let scene = makeScene()
        let b = Self.backdrop, s = Self.source
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                 position: Point(x: 100, y: 75), color: Color(r: b.0, g: b.1, b: b.2, a: 1))
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                 position: Point(x: 100, y: 75), color: Color(r: s.0, g: s.1, b: s.2, a: 1)) {
            $0.compositingFilter = filter
            $0.set(.opacity, opacity)
        }
        return render(scene)
    }

    @Test(arguments: modes.indices)
    func eachModeFollowsTheFormula(index: Int) {
        let (filter, blend) = Self.modes[index]
        let b = Self.backdrop, s = Self.source
        for opacity in [1.0, 0.5] {
            let frame = frame(filter, opacity: opacity)
            // Over an opaque backdrop: (1 − αs) Cb + αs B(Cb, Cs).
            func expected(_ cb: Double, _ cs: Double) -> Int {
                Int((((1 - opacity) * cb + opacity * blend(cb, cs)) * 255).rounded())
            }
            let want = (expected(b.0, s.0), expected(b.1, s.1), expected(b.2, s.2))
            #expect(pixel(frame, 100, 75, is: want, tolerance: 2), "\(filter) at \(opacity): \(frame.pixel(x: 100, y: 75)) vs \(want)")
            // Outside the layer, the backdrop.
            #expect(pixel(frame, 20, 20, is: (51, 128, 204), tolerance: 1))
        }
    }

    @Test func additionAddsThePremultipliedSource() {
        // CIAdditionCompositing: source plus backdrop, each channel saturating.
        let full = frame(.additionCompositing, opacity: 1)
        #expect(pixel(full, 100, 75, is: (204, 204, 255), tolerance: 1))
        let half = frame(.additionCompositing, opacity: 0.5)
        #expect(pixel(half, 100, 75, is: (128, 166, 255), tolerance: 2))
    }

    @Test func aGroupBlendsAsOneWithItsSublayers() {
        // A multiplying layer whose white sublayer covers it: the group is white, and white
        // multiplies to the backdrop, even where the sublayer overlaps the layer's own colour.
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                 position: Point(x: 100, y: 75), color: rgb(51, 128, 204))
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                             position: Point(x: 100, y: 75), color: rgb(0, 0, 0)) {
            $0.compositingFilter = .multiplyBlendMode
        }
        addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 50, height: 100),
                 position: Point(x: 25, y: 50), color: rgb(255, 255, 255))
        let frame = render(scene)
        #expect(pixel(frame, 75, 75, is: (51, 128, 204), tolerance: 1))
        #expect(pixel(frame, 125, 75, is: (0, 0, 0), tolerance: 1))
    }
}
