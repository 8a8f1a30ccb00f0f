import LayerKit
@testable import Render
import Testing
import TestSupport

/// Text cut with an ellipsis (`truncationMode`), and text measured as it is drawn.
@Suite struct TextTruncationTests {
    private static let long = "The quick brown fox jumps over the lazy dog"

    /// A 200 × 30 text layer at x 50 in a 300 × 80 frame, drawn white on black.
    private func draw(_ string: String = long, truncation: TruncationMode, wrapped: Bool = false,
                      height: Double = 30) -> FrameBuffer {
        let scene = makeScene(width: 300, height: 80)
        addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 200, height: height),
                 position: Point(x: 150, y: height / 2)) {
            $0.string = string
            $0.set(.fontSize, 20)
            $0.set(.wrapped, wrapped)
            $0[.truncationMode] = truncation.animationValue
        }
        return render(scene, width: 300, height: 80)
    }

    private func inked(_ frame: FrameBuffer, _ x: Int, _ y: Int) -> Bool {
        !pixel(frame, x, y, is: (0, 0, 0), tolerance: 8)
    }

    /// The inked columns, left to right.
    private func inkedColumns(_ frame: FrameBuffer, rows: Range<Int>) -> [Int] {
        (0..<frame.width).filter { x in rows.contains { inked(frame, x, $0) } }
    }

    /// The highest inked row among `columns`.
    private func topInk(_ frame: FrameBuffer, columns: some Sequence<Int>, rows: Range<Int>) -> Int? {
        rows.first { y in columns.contains { inked(frame, $0, y) } }
    }

    @Test func anEndTruncatedLineEndsInAnEllipsisInsideTheBounds() {
        let frame = draw(truncation: .end)
        let columns = inkedColumns(frame, rows: 0..<30)
        let last = columns.last ?? 0
        #expect(last < 250)
        #expect(last > 220)
        // The last glyph is "…": its dots sit low on the line, with nothing at letter height.
        let dotsTop = topInk(frame, columns: (last - 12)...last, rows: 0..<30) ?? 0
        #expect(dotsTop >= 12)
        #expect(inkedColumns(frame, rows: 30..<80).isEmpty)
    }

    @Test func aStartTruncatedLineBeginsWithTheEllipsis() {
        let frame = draw(truncation: .start)
        let columns = inkedColumns(frame, rows: 0..<30)
        let first = columns.first ?? 0
        #expect(first >= 50 && first < 60)
        #expect((topInk(frame, columns: first...(first + 12), rows: 0..<30) ?? 0) >= 12)
        #expect((columns.last ?? 300) < 250)
    }

    @Test func aMiddleTruncatedLineKeepsBothEnds() {
        let start = draw(truncation: .start), end = draw(truncation: .end), middle = draw(truncation: .middle)
        // "The" at the start as the end-truncated line has it, "dog" at the end as the
        // start-truncated line has it.
        for x in 50..<80 { for y in 0..<30 { #expect(inked(middle, x, y) == inked(end, x, y)) } }
        let last = inkedColumns(start, rows: 0..<30).last ?? 0
        for x in (last - 25)...last { for y in 0..<30 { #expect(inked(middle, x, y) == inked(start, x, y)) } }
    }

    @Test func withoutTruncationTheLineIsClippedAtTheBounds() {
        let frame = draw(truncation: .none)
        let last = inkedColumns(frame, rows: 0..<30).last ?? 0
        #expect(last >= 245 && last < 250)
        // Cut through letters: ink at letter height right at the edge.
        #expect((topInk(frame, columns: (last - 12)...last, rows: 0..<30) ?? 30) < 12)
    }

    @Test func wrappedTextIsCutOnItsLastVisibleLine() {
        let frame = draw(Self.long + " " + Self.long, truncation: .end, wrapped: true, height: 50)
        // Two lines fit in 50 points; nothing below them, and the second ends in the ellipsis.
        #expect(inkedColumns(frame, rows: 50..<80).isEmpty)
        let second = inkedColumns(frame, rows: 26..<50)
        let last = second.last ?? 0
        #expect(last < 250)
        #expect((topInk(frame, columns: (last - 12)...last, rows: 26..<50) ?? 0) >= 38)
    }

    /// A text layer `width` wide at the frame's left edge with `string`, cut at its end.
    private func drawAtLeft(_ string: String, size: Double, width: Double) -> FrameBuffer {
        let scene = makeScene(width: 600, height: 80)
        addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: width, height: 80),
                 position: Point(x: width / 2, y: 40)) {
            $0.string = string
            $0.set(.fontSize, size)
            $0[.truncationMode] = TruncationMode.end.animationValue
        }
        return render(scene, width: 600, height: 80)
    }

    @Test(arguments: [("Snowglobe", 32.0), ("すのうふれいく", 24), ("a wide line of text, with commas", 16)])
    func measuredWidthIsTheDrawnWidth(string: String, size: Double) {
        let measured = PangoTextMeasurer().size(of: string, font: nil, fontSize: size, wrapWidth: nil).width
        let wide = drawAtLeft(string, size: size, width: 600)
        let columns = inkedColumns(wide, rows: 0..<80)
        // The ink lies inside the measured width, short of it by no more than the glyphs' side
        // bearings (the measurement is the layout's advance, as Core Animation's is).
        let first = columns.first ?? -1, last = columns.last ?? 600
        #expect(first >= 0 && Double(last) < measured)
        #expect(measured - Double(last - first + 1) <= size / 3)
        // Agreement to the pixel: a layer exactly that wide draws the whole line, one a pixel
        // narrower already needs the ellipsis.
        let exact = drawAtLeft(string, size: size, width: measured)
        let narrower = drawAtLeft(string, size: size, width: measured - 1)
        // (Compared by inked columns: the textures differ in size, so a few antialiased pixels
        // inside the glyphs may differ by a shade.)
        #expect(inkedColumns(exact, rows: 0..<80) == columns)
        #expect(inkedColumns(narrower, rows: 0..<80) != columns)
    }

    @Test func wrappedMeasurementIsTheWrappedHeight() {
        let measurer = PangoTextMeasurer()
        let one = measurer.size(of: "snow", font: nil, fontSize: 20, wrapWidth: nil)
        let wrapped = measurer.size(of: Self.long, font: nil, fontSize: 20, wrapWidth: 120)
        #expect(wrapped.width <= 120)
        #expect(wrapped.height >= 3 * one.height)
        // A text layer asks for the same size.
        let scene = makeScene()
        scene.textMeasurer = measurer
        let layer = addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 120, height: 10),
                             position: Point(x: 60, y: 5)) {
            $0.string = Self.long
            $0.set(.fontSize, 20)
            $0.set(.wrapped, true)
        }
        #expect(layer.preferredFrameSize() == wrapped)
    }
}
