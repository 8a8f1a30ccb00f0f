import Foundation
import LayerKit
import Render
import TestSupport
import Testing

/// A few lessons whose point can be checked: what they say happens, happens.
struct LessonTests {
    /// The lesson's three rows of animations, in order: the paused one, half and double speed.
    func rows(_ run: ScriptHarness) throws -> [Layer] {
        let stage = try #require(run.layer(named: "stage"))
        return stage.sublayers.filter { $0.sublayers.count == 2 && !($0 is TextLayer) }
    }

    @Test func layerTimePausesAndResumesWhereItWas() throws {
        let run = ScriptHarness(example: "lessons/09-layer-time.lua")
        #expect(run.start() == nil)
        let rows = try rows(run)
        try #require(rows.count == 3)
        let paused = rows[0], ball = rows[0].sublayers[1]
        // The timer pauses the top row at 2 s and resumes it at 4 s.
        run.run(until: 2.5)
        let x = ball.point(.position, .presentation).x
        run.run(until: 3.9)
        #expect(paused.number(.speed, .model) == 0)
        #expect(ball.point(.position, .presentation).x == x)   // held while paused
        // Resumed at 4 s, it carries on from where it stopped: at 4.25 s its clock says 2.25 s,
        // halfway back on its second swing (470 → 140, ease-in-ease-out): x = 305. Without the
        // pause it would be well into the third swing.
        run.run(until: 4.25)
        #expect(abs(paused.localTime(mediaTime: run.time) - 2.25) < 1e-9)
        #expect(abs(ball.point(.position, .presentation).x - 305) < 1e-6)
        // The other two rows run at half and at double speed.
        #expect(rows[1].number(.speed, .model) == 0.5 && rows[2].number(.speed, .model) == 2)
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func aCompletionBlockWaitsForItsAnimations() throws {
        let run = ScriptHarness(example: "lessons/07-transactions.lua")
        #expect(run.start() == nil)
        run.run(until: 3)
        let stage = try #require(run.layer(named: "stage"))
        let log = stage.sublayers.compactMap { $0 as? TextLayer }.map(\.string).first { $0.contains("1 commit") } ?? ""
        // The log's lines are "seconds  event"; when did each event happen?
        var when: [String: Double] = [:]
        for line in log.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            if parts.count == 2, let t = Double(parts[0]) { when[parts[1].trimmingCharacters(in: .whitespaces)] = t }
        }
        let frame = 1.0 / 60 + 0.005
        let commit = try #require(when["1 commit"])
        let first = try #require(when["1 completion block"])
        let second = try #require(when["2 completion block"])
        // Not at commit: once its 1 s animation is over; the chained one 0.6 s after that.
        #expect(first - commit >= 1.0 - 0.005 && first - commit <= 1.0 + frame)
        #expect(second - first >= 0.6 - 0.005 && second - first <= 0.6 + frame)
        #expect(when["3 task ends"] != nil)
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    /// In a window much smaller than the stage, every caption grows so that its text is drawn at
    /// least 10 pixels high, and its frame with it.
    @Test(arguments: ["lessons/02-basic-animation-fill-modes.lua", "lessons/07-transactions.lua", "lessons/10-3d-transforms.lua"])
    func captionsStayLegibleInASmallWindow(example: String) throws {
        let small = ScriptHarness(example: example, size: Size(width: 480, height: 360))
        let large = ScriptHarness(example: example)
        #expect(small.start() == nil && large.start() == nil)
        small.run(until: 0.1)
        large.run(until: 0.1)
        let scale = 0.6
        let smallCaptions = try captions(small), largeCaptions = try captions(large)
        try #require(smallCaptions.count == largeCaptions.count && !smallCaptions.isEmpty)
        for (shrunk, design) in zip(smallCaptions, largeCaptions) {
            let onScreen = shrunk.number(.fontSize) * scale
            #expect(onScreen >= 10 - 1e-9, "'\(shrunk.string)' is drawn \(onScreen) pixels high")
            // The frame grows with the text, wider or taller, down to the stage's bottom at most.
            let grown = shrunk.number(.fontSize) / design.number(.fontSize)
            let (before, after) = (design.frame(.model), shrunk.frame(.model))
            let bottom = max(600, before.origin.y + before.size.height)
            #expect(after.origin.y == before.origin.y && after.size.width >= before.size.width)
            #expect(after.size.height >= min(before.size.height * grown, bottom - before.origin.y) - 1e-9)
            #expect(after.origin.y + after.size.height <= bottom + 1e-9 || shrunk.superlayer?.name != "stage")
        }
        #expect(small.errors.isEmpty && large.errors.isEmpty)
    }

    /// With the viewer's `--ui-scale 2`, the small captions (12–14 points) grow towards 24 points
    /// on screen, each as far as still fits its frame when it fitted before; titles stay.
    @Test(arguments: ["lessons/01-model-vs-presentation.lua", "lessons/03-timing-functions.lua", "lessons/07-transactions.lua", "lessons/09-layer-time.lua"])
    func captionsGrowWithTheUIScale(example: String) throws {
        let scaled = ScriptHarness(example: example, uiScale: 2)
        let plain = ScriptHarness(example: example)
        #expect(scaled.start() == nil && plain.start() == nil)
        scaled.run(until: 0.1)
        plain.run(until: 0.1)
        let grown = try captions(scaled), design = try captions(plain)
        try #require(grown.count == design.count && !grown.isEmpty)
        var small = 0, larger = 0
        for (after, before) in zip(grown, design) where before.number(.fontSize) < 16 {
            small += 1
            if after.number(.fontSize) > before.number(.fontSize) * 1.3 { larger += 1 }
            #expect(after.number(.fontSize) <= 24 + 1e-9)
        }
        for (after, before) in zip(grown, design) where before.number(.fontSize) >= 16 {
            #expect(after.number(.fontSize) == before.number(.fontSize), "'\(after.string)' is a title")
        }
        #expect(small > 0 && larger * 2 >= small, "\(larger) of \(small) small captions grew")
        #expect(scaled.errors.isEmpty && plain.errors.isEmpty)
    }

    /// The lesson's captions, depth first.
    func captions(_ run: ScriptHarness) throws -> [TextLayer] {
        var found: [TextLayer] = []
        func walk(_ layer: Layer) {
            if let text = layer as? TextLayer { found.append(text) }
            layer.sublayers.forEach(walk)
        }
        walk(try #require(run.layer(named: "stage")))
        return found
    }

    /// Lesson 13's wipe: the "after" card shows where its sliding mask is, none of it at first
    /// and all of it once the mask has crossed.
    @Test func theWipeRevealsTheCardBehindItsMask() throws {
        let run = ScriptHarness(example: "lessons/13-masks.lua")
        #expect(run.start() == nil)
        run.run(until: 0)
        let start = run.render(width: 800, height: 600)
        run.run(until: 1.6)
        let end = run.render(width: 800, height: 600)
        // The cards span 40…360 × 140…270 on the stage (at the window's origin, scale 1):
        // "before" is #2c303c, "after" #4ea5d9.
        for x in [60, 200, 340] {
            let a = start.pixel(x: x, y: 160), b = end.pixel(x: x, y: 160)
            #expect((a.r, a.g, a.b) == (0x2C, 0x30, 0x3C), "start at \(x): \(a)")
            #expect((b.r, b.g, b.b) == (0x4E, 0xA5, 0xD9), "end at \(x): \(b)")
        }
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    /// Lesson 12's equalizer staggers its bars with instanceDelay: each bar is drawn 0.12 s later
    /// in its bounce than the one before, so the bars stand at different heights.
    @Test func replicatorInstancesAreStaggeredByInstanceDelay() throws {
        let run = ScriptHarness(example: "lessons/12-replicators.lua")
        #expect(run.start() == nil)
        run.run(until: 1.3)
        let frame = run.render(width: 800, height: 600)
        // The equalizer's eight bars: x = 480 + 26 i + 13 (stage at the window's origin, scale 1),
        // standing on y = 270; measure how tall each is drawn.
        var heights: [Int] = []
        for i in 0..<8 {
            let x = 480 + 26 * i + 13
            var top = 270
            while top > 140 {
                let p = frame.pixel(x: x, y: top - 1)
                if p.r < 200 { break }
                top -= 1
            }
            heights.append(270 - top)
        }
        #expect(Set(heights).count > 4, "bar heights \(heights)")
    }

    /// Lesson 14's "push" tile halfway through its first transition (added at 0.5 s, 0.8 s
    /// long): the new colour has pushed the old one halfway out to the right.
    @Test func theLessonsPushTileShowsBothColoursHalfway() throws {
        let run = ScriptHarness(example: "lessons/14-transitions.lua")
        #expect(run.start() == nil)
        run.run(until: 0.9)
        let frame = run.render(width: 800, height: 600)
        // The tile is 420…580 × 260…420 (stage at the window's origin, scale 1).
        let left = frame.pixel(x: 440, y: 275), right = frame.pixel(x: 560, y: 275)
        #expect(abs(Int(left.r) - 0x7b) <= 3 && abs(Int(left.g) - 0xd3) <= 3 && abs(Int(left.b) - 0x89) <= 3, "\(left)")
        #expect(abs(Int(right.r) - 0xf3) <= 3 && abs(Int(right.g) - 0xc1) <= 3 && abs(Int(right.b) - 0x3a) <= 3, "\(right)")
    }
}
