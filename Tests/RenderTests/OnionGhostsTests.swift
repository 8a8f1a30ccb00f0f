import LayerKit
import Render
import Testing

/// Onion-skin ghosts keyed against the background and laid under the present frame.
@Suite struct OnionGhostsTests {
    static let background = Color(r: 0.2, g: 0.2, b: 0.4)

    /// A frame of the background with a block of `colour` at columns `columns`.
    static func frame(_ colour: Color?, columns: Range<Int>) -> FrameBuffer {
        let frame = FrameBuffer(width: 8, height: 1)
        frame.clear(to: background)
        let block = FrameBuffer(width: 1, height: 1)
        block.clear(to: colour ?? background)
        for x in columns { frame.pixels[x] = block.pixels[0] }
        return frame
    }

    @Test func thePresentLayersKeepTheirPixelsAndGhostsFillTheBackground() {
        let present = Self.frame(Color(r: 1, g: 1, b: 1), columns: 0..<3)
        let drawn = present.pixels
        let ghosts = OnionGhosts(width: 8, height: 1, background: Self.background)
        ghosts.add(Self.frame(Color(r: 1, g: 1, b: 1), columns: 2..<5), tint: OnionGhosts.earlierTint, opacity: 0.6)
        ghosts.lay(under: present)
        #expect(Array(present.pixels[0..<3]) == Array(drawn[0..<3]), "the present block is untouched")
        let ghost = present.pixel(x: 3, y: 0)
        #expect(ghost.r > ghost.b + 60, "the earlier ghost is warm: \(ghost)")
        #expect(present.pixels[5] == drawn[5], "the background where no ghost lies is untouched")
    }

    @Test func aGhostOfTheBackgroundAddsNothing() {
        let ghosts = OnionGhosts(width: 8, height: 1, background: Self.background)
        ghosts.add(Self.frame(nil, columns: 0..<8), tint: OnionGhosts.laterTint, opacity: 1)
        #expect(ghosts.layer.pixels.allSatisfy { $0 == 0 })
    }

    @Test func nearerGhostsShowStrongerAndLaterOnesCool() {
        let present = Self.frame(nil, columns: 0..<0)
        let ghosts = OnionGhosts(width: 8, height: 1, background: Self.background)
        ghosts.add(Self.frame(Color(r: 1, g: 1, b: 1), columns: 0..<2), tint: OnionGhosts.laterTint, opacity: 0.2)
        ghosts.add(Self.frame(Color(r: 1, g: 1, b: 1), columns: 4..<6), tint: OnionGhosts.laterTint, opacity: 0.6)
        ghosts.lay(under: present)
        let far = present.pixel(x: 0, y: 0), near = present.pixel(x: 4, y: 0)
        #expect(near.b > far.b && far.b > 102, "\(near) \(far)")
        #expect(near.b > near.r + 60)
    }
}
