import LayerKit
@testable import Render
import Testing
import TestSupport

/// Filters as a person would check them by eye: a blur's soft edge and reach, grey from no
/// saturation, a bloom's glow.
@Suite struct FilterRenderTests {
    /// A 60 × 60 square of `color` on screen at 70…130 × 45…105 with `filters`.
    private func square(_ color: Color, _ filters: [Filter]) throws -> Scene {
        let scene = makeScene()
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                             position: Point(x: 100, y: 75), color: color)
        try layer.setFilters(filters)
        return scene
    }

    @Test func aBlurredSquaresEdgeIsSoftAndItsCentreUnchanged() throws {
        let frame = render(try square(rgb(255, 255, 255), [try Filter(kind: .gaussianBlur, inputs: [.inputRadius: 4])]))
        #expect(pixel(frame, 100, 75, is: (255, 255, 255), tolerance: 0))
        // Half way on the edge, rising inwards and falling outwards.
        let edge = Int(frame.pixel(x: 130, y: 75).r)
        #expect(abs(edge - 128) <= 16, "edge \(edge)")
        #expect(frame.pixel(x: 127, y: 75).r > frame.pixel(x: 130, y: 75).r)
        #expect(frame.pixel(x: 133, y: 75).r < frame.pixel(x: 130, y: 75).r)
        // It reaches about a radius out (a gaussian's tail there is about a sixth), not four.
        let out = Int(frame.pixel(x: 134, y: 75).r)
        #expect(out > 20 && out < 70, "a radius out \(out)")
        #expect(pixel(frame, 148, 75, is: (0, 0, 0), tolerance: 1))
    }

    @Test func aBlurIsDrawnPastTheLayersBounds() throws {
        let scene = try square(rgb(255, 255, 255), [try Filter(kind: .gaussianBlur, inputs: [.inputRadius: 6])])
        let frame = render(scene)
        #expect(frame.pixel(x: 100, y: 107 + 6).r > 0)
        let unblurred = render(try square(rgb(255, 255, 255), []))
        #expect(unblurred.pixel(x: 100, y: 107).r == 0)
    }

    /// Sublayers far off screen do not make the filtered image larger, nor therefore coarser:
    /// only what shows (and what a filter spreads into it) is drawn into it.
    @Test func contentFarOffScreenLeavesWhatShowsSharp() throws {
        let scene = makeScene()
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                             position: Point(x: 100, y: 75), color: rgb(0, 0, 0))
        addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 1, height: 60),
                 position: Point(x: 30.5, y: 30), color: rgb(255, 255, 255))
        for y in [-1_900.0, 1_900] {
            addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                     position: Point(x: 30, y: y), color: rgb(255, 255, 255))
        }
        try layer.setFilters([try Filter(kind: .colorControls, inputs: [.inputSaturation: 0])])
        let frame = render(scene)
        #expect(pixel(frame, 100, 75, is: (255, 255, 255), tolerance: 1))
        #expect(pixel(frame, 99, 75, is: (0, 0, 0), tolerance: 1))
        #expect(pixel(frame, 101, 75, is: (0, 0, 0), tolerance: 1))
    }

    @Test func noSaturationGivesGrey() throws {
        let frame = render(try square(rgb(255, 0, 0), [try Filter(kind: .colorControls, inputs: [.inputSaturation: 0])]))
        // Red's luma (Rec. 709): 0.2125.
        #expect(pixel(frame, 100, 75, is: (54, 54, 54), tolerance: 1))
    }

    @Test func brightnessAndContrastActOnTheStraightColour() throws {
        let frame = render(try square(rgb(51, 102, 204), [try Filter(kind: .colorControls, inputs: [
            .inputBrightness: 0.1, .inputContrast: 2,
        ])]))
        // ((c + 0.1) − 0.5) × 2 + 0.5 for c = 0.2, 0.4, 0.8: 0.1, 0.5, 1.3 (clamped to 1).
        #expect(pixel(frame, 100, 75, is: (26, 128, 255), tolerance: 1))
    }

    @Test func bloomBrightensAroundBrightPixels() throws {
        let scene = makeScene()
        let layer = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                             position: Point(x: 100, y: 75), color: rgb(40, 40, 40))
        addLayer(Layer(scene: scene), to: layer, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                 position: Point(x: 30, y: 30), color: rgb(255, 255, 255))
        let plain = render(scene)
        try layer.setFilters([try Filter(kind: .bloom, inputs: [.inputRadius: 4, .inputIntensity: 1])])
        let bloomed = render(scene)
        // The image plus its blurred copy: far from the bright square the dim layer doubles;
        // just beside it, the square's glow adds much more.
        #expect(plain.pixel(x: 108, y: 75).r == 40)
        #expect(pixel(bloomed, 80, 55, is: (80, 80, 80), tolerance: 2))
        #expect(bloomed.pixel(x: 108, y: 75).r > 100, "\(bloomed.pixel(x: 108, y: 75).r)")
        #expect(pixel(bloomed, 100, 75, is: (255, 255, 255), tolerance: 0))
    }

    @Test func anAnimatedBlurChangesWithTime() throws {
        let scene = try square(rgb(255, 255, 255), [try Filter(kind: .gaussianBlur, name: "blur", inputs: [.inputRadius: 0])])
        let layer = try #require(scene.root.sublayers.first)
        let grow = linear("filters.blur.inputRadius", from: 0, to: 8, duration: 2)
        grow.timingFunction = .linear
        try layer.addAnimation(grow, forKey: "blur")
        let sharp = render(scene, at: 0)
        let soft = render(scene, at: 2 - 1.0 / 60)
        #expect(sharp.pixel(x: 134, y: 75).r == 0)
        #expect(soft.pixel(x: 134, y: 75).r > 40)
    }
}
