import Foundation
import LayerKit
@testable import LuaHost
import Render
import Testing
import TestSupport

/// docs/tutorial.md's code: each `lua` block runs as a whole script, headless, for a few
/// seconds without an error, and does what its step says (one value checked per step).
struct TutorialTests {
    /// The text of every ```lua block in the tutorial, in order.
    static let blocks: [String] = {
        let text = (try? String(contentsOfFile: Project.docs + "/tutorial.md", encoding: .utf8)) ?? ""
        var blocks: [String] = [], current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```lua" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }()

    /// What each step's block must do, checked after it has run for a while.
    static let checks: [(step: String, check: @Sendable (ScriptHarness) throws -> Void)] = [
        ("a square", { run in
            let square = try #require(run.layer(named: "square"))
            #expect(square.point(.position, .model) == Point(x: 400, y: 300))
            #expect(square.rect(.bounds, .model).size == Size(width: 100, height: 100))
        }),
        ("an animation", { run in
            run.run(until: 2.5)   // half-way through the third quarter turn: eased, so exactly half of it
            let square = try #require(run.layer(named: "square"))
            let t = square.transform(.transform, .presentation)
            #expect(abs(atan2(t.m12, t.m11) - .pi / 4) < 1e-6)
            #expect(square.transform(.transform, .model).isIdentity)
        }),
        ("a sequence", { run in
            run.run(until: 0.9)   // resting (0.5 s), half-way through the move right (0.8 s)
            let moving = try #require(run.layer(named: "square")).point(.position, .presentation).x
            #expect(moving > 420 && moving < 580)
            run.run(until: 1.6)   // moved right and turned blue, now resting again
            let square = try #require(run.layer(named: "square"))
            #expect(square.point(.position, .model) == Point(x: 600, y: 300))
            #expect(square.point(.position, .presentation) == Point(x: 600, y: 300))
        }),
        ("confetti on a click", { run in
            run.run(until: 0.5)
            run.send(.mouseDown(x: 200, y: 150, button: 1))
            run.send(.mouseUp(x: 200, y: 150, button: 1))
            run.run(until: 0.6)
            let confetti = try #require(run.layer(named: "confetti") as? EmitterLayer)
            #expect(confetti.particleCount == 100)
            #expect(confetti.point(.emitterPosition, .presentation) == Point(x: 200, y: 150))
        }),
    ]

    /// "Where next" counts the lessons that are there, in words.
    @Test func theTutorialCountsTheLessons() throws {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                     "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
        let lessons = Project.allExamples().filter { $0.hasPrefix("lessons/") }.count
        let count = try #require(lessons < words.count ? words[lessons] : nil, "\(lessons) lessons")
        let text = try String(contentsOfFile: Project.docs + "/tutorial.md", encoding: .utf8)
        #expect(text.contains("lists the examples and \(count) lessons"), "docs/tutorial.md should say \(count) lessons")
    }

    @Test func everyBlockHasACheck() {
        #expect(Self.blocks.count == Self.checks.count)
    }

    @Test(arguments: 0..<checks.count)
    func theStepRunsAndDoesWhatItSays(step: Int) throws {
        let source = try #require(step < Self.blocks.count ? Self.blocks[step] : nil, "no block for step \(step + 1)")
        var options = ScriptOptions()
        options.libraryPath = Project.scripts
        let run = ScriptHarness(source, options: options)
        run.host.images = RenderImages()
        #expect(run.start() == nil, "step \(step + 1): \(run.errorReport)")
        try Self.checks[step].check(run)
        run.run(until: max(run.time, 4))
        #expect(run.errors.isEmpty, "step \(step + 1), \(Self.checks[step].step): \(run.errorReport)")
    }
}
