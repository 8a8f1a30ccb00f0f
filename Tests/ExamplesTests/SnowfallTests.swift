import Foundation
import LayerKit
import Render
import TestSupport
import Testing
@testable import LuaHost

/// Seed 000: snowfall.lua (Core Animation does the in-betweens) and snowfall-displaylink.lua
/// (computed by hand each frame). Nothing falls until the 「すのうふれいく」 button is tapped; then
/// 80 flakes fall (their translation.y grows, ease-in sine) and turn (rotation.z, ease-in sine)
/// while their opacity goes 0 → 1 → 1 → 0 at the article's key times.
struct SnowfallTests {
    /// The flakes in the example's "snow" layer.
    func flakes(_ run: ScriptHarness) throws -> [Layer] {
        try #require(run.layer(named: "snow")).sublayers
    }

    @Test func nothingFallsUntilTheButtonIsTapped() throws {
        let run = ScriptHarness(example: "snowfall.lua")
        #expect(run.start() == nil)
        run.run(until: 3)
        #expect(try flakes(run).isEmpty)
        #expect(run.tap("startButton"))
        #expect(try flakes(run).count == 80)
        // A tap beside the button does nothing.
        #expect(!run.tap(at: Point(x: 20, y: 20)))
        #expect(try flakes(run).count == 80)
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func flakesFallTurnAndFadeAsTheArticleSays() throws {
        let run = ScriptHarness(example: "snowfall.lua")
        #expect(run.start() == nil)
        run.run(until: 1)
        let tapped = run.time
        #expect(run.tap("startButton"))
        let flakes = try flakes(run)
        try #require(flakes.count == 80)

        struct Plan {
            let layer: Layer
            let duration: Double
            let fall: Double
            let turn: Double
            let keyTimes: [Double]
            var peak = 0.0
        }
        var plans: [Plan] = []
        for layer in flakes {
            let fall = try #require(layer.animation(forKey: "transform.translation.y") as? BasicAnimation)
            let turn = try #require(layer.animation(forKey: "transform.rotation.z") as? BasicAnimation)
            let fade = try #require(layer.animation(forKey: "opacity") as? KeyframeAnimation)
            // The article's ranges: 6 … 14 s; 0 … 199 points; one to four half turns; key times
            // 0, (2…5)/10, (3…7)/10, 1 for the values 0, 1, 1, 0.
            #expect([6.0, 8, 10, 12, 14].contains(fall.duration))
            #expect(turn.duration == fall.duration && fade.duration == fall.duration)
            let to = try #require(fall.toValue?.number)
            #expect(to >= 0 && to < 200 && to == to.rounded())
            let angle = try #require(turn.toValue?.number)
            #expect([1.0, 2, 3, 4].contains((abs(angle) / .pi).rounded()))
            #expect(fade.values.map(\.number) == [0, 1, 1, 0])
            let keyTimes = try #require(fade.keyTimes)
            #expect(keyTimes.count == 4 && keyTimes[0] == 0 && keyTimes[3] == 1)
            #expect(keyTimes[1] >= 0.2 && keyTimes[1] <= 0.5 && keyTimes[2] >= keyTimes[1] + 0.1 - 1e-9 && keyTimes[2] <= 0.7 + 1e-9)
            plans.append(Plan(layer: layer, duration: fall.duration, fall: to, turn: angle, keyTimes: keyTimes))
        }
        // Even flakes turn clockwise, odd ones counter-clockwise (sequence % 2).
        #expect(plans.enumerated().allSatisfy { i, plan in (plan.turn > 0) == (i % 2 == 0) })

        // Frame by frame: where each flake is drawn matches the article's curves.
        var checked = 0
        while run.time < tapped + 13.9 {
            run.run(for: 0.25)
            let elapsed = run.time - tapped
            for i in plans.indices where elapsed < plans[i].duration {
                let plan = plans[i]
                let p = elapsed / plan.duration
                let shown = plan.layer.transform(.transform, .presentation)
                #expect(abs(shown.m42 - plan.fall * easeInSine(p)) < 1e-3, "flake \(i) y at \(elapsed)")
                let opacity = plan.layer.number(.opacity, .presentation)
                #expect(abs(opacity - interpolate([0, 1, 1, 0], at: plan.keyTimes, easeInOutSine(p))) < 1e-3,
                        "flake \(i) opacity at \(elapsed)")
                plans[i].peak = max(plans[i].peak, opacity)
                let scale = hypot(shown.m11, shown.m12)
                if scale > 0.01 {
                    let expected = plan.turn * easeInSine(p)
                    let drawn = atan2(shown.m12, shown.m11)
                    let difference = remainder(drawn - expected, 2 * .pi)
                    #expect(abs(difference) < 1e-3, "flake \(i) angle at \(elapsed)")
                }
                checked += 1
            }
        }
        #expect(checked > 2000)
        // Every flake was fully visible at some point, and none is left once all have fallen.
        #expect(plans.allSatisfy { $0.peak > 0.99 })
        run.run(until: tapped + 15)
        #expect(try self.flakes(run).isEmpty)
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func theRenderShowsSnowOnlyAfterTheTap() throws {
        let run = ScriptHarness(example: "snowfall.lua", size: Size(width: 320, height: 240))
        #expect(run.start() == nil)
        run.run(until: 2)
        // Bright pixels above the button (the button and its label are below y = 170).
        func snowPixels() -> Int {
            let frame = run.render(width: 320, height: 240)
            var n = 0
            for y in 0..<150 {
                for x in 0..<320 {
                    let p = frame.pixel(x: x, y: y)
                    if p.r > 150 && p.g > 150 && p.b > 150 { n += 1 }
                }
            }
            return n
        }
        #expect(snowPixels() == 0)
        #expect(run.tap("startButton"))
        run.run(for: 4)
        #expect(snowPixels() > 300)
    }

    @Test func theGalleryWrapperTapsTheButton() throws {
        let run = ScriptHarness(example: "gallery-snowfall.lua")
        #expect(run.start() == nil)
        run.run(until: 0.4)
        #expect(try flakes(run).isEmpty)
        run.run(until: 0.6)
        #expect(try flakes(run).count == 80)
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func theDisplayLinkVersionFallsAndFadesByHand() throws {
        let run = ScriptHarness(example: "snowfall-displaylink.lua")
        #expect(run.start() == nil)
        run.run(until: 2)
        let flakes = try flakes(run)
        #expect(flakes.count == 80)
        // Made at once, invisible, and not moving: the display link is paused.
        #expect(flakes.allSatisfy { $0.number(.opacity, .model) == 0 && $0.transform(.transform, .model).isIdentity })

        #expect(run.tap("startButton"))
        var lastY = flakes.map { _ in -Double.infinity }
        var peak = flakes.map { _ in 0.0 }
        let tapped = run.time
        while run.time < tapped + 14.5 {
            run.run(for: 0.2)
            for (i, flake) in flakes.enumerated() {
                let y = flake.transform(.transform, .model).m42
                #expect(y >= lastY[i] - 1e-9, "flake \(i) went up at \(run.time - tapped)")
                lastY[i] = y
                peak[i] = max(peak[i], flake.number(.opacity, .model))
            }
        }
        // Each came into view fully, and all have faded out by the longest duration (14 s).
        #expect(peak.allSatisfy { $0 > 0.99 })
        #expect(flakes.allSatisfy { $0.number(.opacity, .model) == 0 })
        // The display link computes by hand: there are no Core Animation animations at all.
        #expect(flakes.allSatisfy { $0.animationCount == 0 })
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }
}
