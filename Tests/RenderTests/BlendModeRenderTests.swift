import LayerKit
@testable import Render
import Testing
import TestSupport

/// Each compositing filter's pixel against the W3C formula, over a known backdrop.
@Suite struct BlendModeRenderTests {
    /// Backdrop and source colour channels in 0…1.
    static let backdrop: RGB = (0.2, 0.5, 0.8), source: RGB = (0.6, 0.3, 0.9)

    /// A straight colour, three channels in 0…1.
    typealias RGB = (r: Double, g: Double, b: Double)

    /// A separable blend function B(backdrop, source) applied channel by channel.
    static func separable(_ f: @escaping @Sendable (Double, Double) -> Double) -> @Sendable (RGB, RGB) -> RGB {
        { b, s in (f(b.r, s.r), f(b.g, s.g), f(b.b, s.b)) }
    }

    // The specification's non-separable helpers, written out as it writes them.
    static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }
    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
        var c = c
        if n < 0 { c = (l + (c.r - l) * l / (l - n), l + (c.g - l) * l / (l - n), l + (c.b - l) * l / (l - n)) }
        if x > 1 {
            c = (l + (c.r - l) * (1 - l) / (x - l), l + (c.g - l) * (1 - l) / (x - l), l + (c.b - l) * (1 - l) / (x - l))
        }
        return c
    }
    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.r + d, c.g + d, c.b + d))
    }
    static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        // Cmax becomes s, Cmin 0, Cmid (Cmid − Cmin)·s / (Cmax − Cmin); grey becomes black.
        var channels = [c.r, c.g, c.b]
        let order = channels.indices.sorted { channels[$0] < channels[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if channels[hi] > channels[lo] {
            channels[mid] = (channels[mid] - channels[lo]) * s / (channels[hi] - channels[lo])
            channels[hi] = s
        } else {
            channels[mid] = 0
            channels[hi] = 0
        }
        channels[lo] = 0
        return (channels[0], channels[1], channels[2])
    }

    /// Each mode with its blend function B(backdrop, source), as the W3C spec writes it.
    static let modes: [(CompositingFilter, @Sendable (RGB, RGB) -> RGB)] = [
        (.multiplyBlendMode, separable { b, s in b * s }),
        (.screenBlendMode, separable { b, s in b + s - b * s }),
        (.overlayBlendMode, separable { b, s in b <= 0.5 ? s * 2 * b : 1 - 2 * (1 - s) * (1 - b) }),
        (.darkenBlendMode, separable { b, s in min(b, s) }),
        (.lightenBlendMode, separable { b, s in max(b, s) }),
        (.colorDodgeBlendMode, separable { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }),
        (.colorBurnBlendMode, separable { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }),
        (.softLightBlendMode, separable { b, s in
            s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * ((b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()) - b)
        }),
        (.hardLightBlendMode, separable { b, s in s <= 0.5 ? b * 2 * s : 1 - 2 * (1 - b) * (1 - s) }),
        (.differenceBlendMode, separable { b, s in abs(b - s) }),
        (.exclusionBlendMode, separable { b, s in b + s - 2 * b * s }),
        (.hueBlendMode, { b, s in setLum(setSat(s, sat(b)), lum(b)) }),
        (.saturationBlendMode, { b, s in setLum(setSat(b, sat(s)), lum(b)) }),
        (.colorBlendMode, { b, s in setLum(s, lum(b)) }),
        (.luminosityBlendMode, { b, s in setLum(b, lum(s)) }),
    ]

    /// Backdrop and source pairs: the first keeps every mode in range, the second makes the
    /// non-separable modes clip (hue below 0, luminosity above 1).
    static let pairs: [(backdrop: RGB, source: RGB)] = [
        ((51 / 255, 128 / 255, 204 / 255), (153 / 255, 77 / 255, 230 / 255)),
        ((230 / 255, 26 / 255, 0), (204 / 255, 204 / 255, 179 / 255)),
    ]

    private func frame(_ filter: CompositingFilter, opacity: Double, backdrop: RGB = backdrop, source: RGB = source,
                       backdropAlpha: Double = 1) -> FrameBuffer {
        let scene = makeScene()
        let b = backdrop, s = source
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                 position: Point(x: 100, y: 75), color: Color(r: b.r, g: b.g, b: b.b, a: backdropAlpha))
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                 position: Point(x: 100, y: 75), color: Color(r: s.r, g: s.g, b: s.b, a: 1)) {
            $0.compositingFilter = filter
            $0.set(.opacity, opacity)
        }
        return render(scene, background: Color(r: 0, g: 0, b: 0, a: 0))
    }

    /// Whether the premultiplied pixel at (x, y) is within `tolerance` of `want` (0…1 each).
    private func premultiplied(_ frame: FrameBuffer, _ x: Int, _ y: Int, is want: (RGB, Double),
                               tolerance: Int) -> Bool {
        let p = frame.pixel(x: x, y: y)
        let got = [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
        let wanted = [want.0.r, want.0.g, want.0.b, want.1].map { Int(($0 * 255).rounded()) }
        return zip(got, wanted).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: modes.indices)
    func eachModeFollowsTheFormula(index: Int) {
        let (filter, blend) = Self.modes[index]
        for (b, s) in Self.pairs {
            for (opacity, backdropAlpha) in [(1.0, 1.0), (0.5, 1.0), (0.5, 0.6), (1.0, 0.4)] {
                let frame = frame(filter, opacity: opacity, backdrop: b, source: s, backdropAlpha: backdropAlpha)
                // co = cs(1 − αb) + cb(1 − αs) + αs αb B(Cb, Cs), on premultiplied cs, cb.
                let (sa, ba) = (opacity, backdropAlpha)
                let mixed = blend(b, s)
                func channel(_ cb: Double, _ cs: Double, _ m: Double) -> Double {
                    sa * cs * (1 - ba) + ba * cb * (1 - sa) + sa * ba * m
                }
                let want: (RGB, Double) = ((channel(b.r, s.r, mixed.r), channel(b.g, s.g, mixed.g),
                                            channel(b.b, s.b, mixed.b)), sa + ba - sa * ba)
                #expect(premultiplied(frame, 100, 75, is: want, tolerance: 2),
                        "\(filter) at \(opacity) over \(backdropAlpha): \(frame.pixel(x: 100, y: 75)) vs \(want)")
                // Outside the layer, the backdrop.
                #expect(premultiplied(frame, 20, 20, is: ((b.r * ba, b.g * ba, b.b * ba), ba), tolerance: 1))
            }
        }
    }

    /// Porter and Duff's operators, each with the share of source and backdrop it keeps
    /// (Fs, Fb) for the source's and backdrop's alphas.
    static let operators: [(CompositingFilter, @Sendable (Double, Double) -> (Double, Double))] = [
        (.sourceOverCompositing, { _, sa in (1, 1 - sa) }),
        (.sourceInCompositing, { ba, _ in (ba, 0) }),
        (.sourceOutCompositing, { ba, _ in (1 - ba, 0) }),
        (.sourceAtopCompositing, { ba, sa in (ba, 1 - sa) }),
    ]

    @Test(arguments: operators.indices)
    func eachCompositingOperatorWeighsSourceAndBackdrop(index: Int) {
        let (filter, weights) = Self.operators[index]
        let b = Self.pairs[0].backdrop, s = Self.pairs[0].source
        for (opacity, backdropAlpha) in [(1.0, 1.0), (0.5, 0.6), (0.75, 0.4)] {
            let frame = frame(filter, opacity: opacity, backdrop: b, source: s, backdropAlpha: backdropAlpha)
            let (fs, fb) = weights(backdropAlpha, opacity)
            // co = Fs·cs + Fb·cb, αo = Fs·αs + Fb·αb.
            func channel(_ cb: Double, _ cs: Double) -> Double { fs * opacity * cs + fb * backdropAlpha * cb }
            let want: (RGB, Double) = ((channel(b.r, s.r), channel(b.g, s.g), channel(b.b, s.b)),
                                       fs * opacity + fb * backdropAlpha)
            #expect(premultiplied(frame, 100, 75, is: want, tolerance: 2),
                    "\(filter) at \(opacity) over \(backdropAlpha): \(frame.pixel(x: 100, y: 75)) vs \(want)")
            // Outside the layer's image, the backdrop is untouched.
            let ba = backdropAlpha
            #expect(premultiplied(frame, 20, 20, is: ((b.r * ba, b.g * ba, b.b * ba), ba), tolerance: 1))
        }
    }

    @Test func sourceInClearsTheBackdropWhereTheLayersImageIsTransparent() {
        // A layer drawing nothing itself, its two sublayers at opposite corners: its image
        // spans both, and between them, where the image is clear, source in keeps nothing.
        let scene = makeScene()
        addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: 150),
                 position: Point(x: 100, y: 75), color: rgb(51, 128, 204))
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                             position: Point(x: 100, y: 75)) {
            $0.compositingFilter = .sourceInCompositing
        }
        for corner in [Point(x: 10, y: 10), Point(x: 90, y: 90)] {
            addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 20, height: 20),
                     position: corner, color: rgb(255, 0, 0))
        }
        let frame = render(scene, background: Color(r: 0, g: 0, b: 0, a: 0))
        #expect(premultiplied(frame, 60, 35, is: ((1, 0, 0), 1), tolerance: 1))
        #expect(premultiplied(frame, 100, 75, is: ((0, 0, 0), 0), tolerance: 0), "\(frame.pixel(x: 100, y: 75))")
        #expect(premultiplied(frame, 20, 20, is: ((0.2, 0.5, 0.8), 1), tolerance: 1))
    }

    @Test func coreImageNamesNameTheSameFilters() {
        #expect(CompositingFilter(name: "CIMultiplyBlendMode") == .multiplyBlendMode)
        #expect(CompositingFilter(name: "CILuminosityBlendMode") == .luminosityBlendMode)
        #expect(CompositingFilter(name: "CISourceAtopCompositing") == .sourceAtopCompositing)
        #expect(CompositingFilter(name: "CIAdditionCompositing") == .additionCompositing)
        #expect(CompositingFilter(name: "hueBlendMode") == .hueBlendMode)
        #expect(CompositingFilter(name: "CIhueBlendMode") == nil)
        #expect(CompositingFilter(name: "CIDestinationOverCompositing") == nil)
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
