import Foundation
import LayerKit
import TestSupport
import Testing
@testable import LuaHost

/// Every script in Examples/ runs for ten seconds of virtual time without an error — as
/// `snowglobe check SCRIPT --duration 10` runs it — at two window sizes and seeds, and keeps
/// running when the window is resized halfway.
struct AllExamplesRunTests {
    static let runnable = Project.allExamples().filter { !Project.needsEmitters.contains($0) }

    @Test func theExamplesAreAllThere() {
        let all = Set(Project.allExamples())
        let seeds = ["snowfall.lua", "snowfall-displaylink.lua", "heart.lua", "snowfall-3d.lua", "ginkgo-3d.lua",
                     "bargraph.lua", "snow-emitter.lua"]
        for seed in seeds { #expect(all.contains(seed), "missing Examples/\(seed)") }
        #expect(all.contains("cube.lua"))
        let lessons = all.filter { $0.hasPrefix("lessons/") }.sorted()
        // Numbered in the issues' order: 01 … 12, then issue 26's 13 (masks), 14 (transitions),
        // 15 (transform layers), then issue 39's 16 (group opacity) and 17 (path morphing).
        #expect(lessons.map { String($0.dropFirst("lessons/".count).prefix(2)) }
                    == (1...17).map { String(format: "%02d", $0) })
    }

    @Test(arguments: runnable)
    func runsTenSecondsWithoutError(example: String) {
        for (size, seed) in [(Size(width: 800, height: 600), UInt64(0)), (Size(width: 320, height: 240), UInt64(7))] {
            let run = ScriptHarness(example: example, size: size, seed: seed)
            #expect(run.start() == nil, "\(example): \(run.errorReport)")
            run.run(until: 5)
            run.send(.resize(width: size.width * 1.3, height: size.height * 0.8))
            run.run(until: 10)
            #expect(run.errors.isEmpty, "\(example) at \(size.width)x\(size.height), seed \(seed): \(run.errorReport)")
        }
    }

    /// Examples follow the window: what they centre stays centred after a resize.
    @Test func examplesFollowTheWindowSize() throws {
        let snowfall = ScriptHarness(example: "snowfall.lua")
        #expect(snowfall.start() == nil)
        snowfall.run(until: 0.5)
        snowfall.send(.resize(width: 1200, height: 500))
        snowfall.run(for: 0.1)
        let button = try #require(snowfall.layer(named: "startButton"))
        #expect(abs(button.point(.position, .presentation).x - 600) < 1e-6)
        #expect(button.point(.position, .presentation).y > 400 && button.point(.position, .presentation).y < 500)

        let heart = ScriptHarness(example: "heart.lua")
        #expect(heart.start() == nil)
        heart.send(.resize(width: 1000, height: 400))
        heart.run(for: 0.1)
        let shape = try #require(heart.layer(named: "heart"))
        #expect(abs(shape.point(.position, .model).x - 500) < 1e-6)
        #expect(shape.rect(.bounds, .model).size.width == 400 * 0.45)

        let lesson = ScriptHarness(example: "lessons/03-timing-functions.lua")
        #expect(lesson.start() == nil)
        lesson.send(.resize(width: 1600, height: 600))
        lesson.run(for: 0.1)
        let stage = try #require(lesson.layer(named: "stage"))
        #expect(stage.point(.position, .model) == Point(x: 800, y: 300))
        #expect(abs(stage.transform(.transform, .model).m11 - 1) < 1e-9)   // limited by the height
    }
}
