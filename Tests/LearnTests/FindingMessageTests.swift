import Foundation
import Learn
import Testing
import TestSupport

/// What a learner reads: the findings' sentences, word for word, for the exercises' own starts.
struct FindingMessageTests {
    @Test(arguments: [
        ("03-ease-out", "wrongEasing", "position.x: yours is linear; the target slows down at the end: easeOut"),
        ("09-half-speed", "fast", "position.x takes 1 s, the target 2 s: too fast (duration 1 s, the target's 2 s)"),
        ("07-chain-completion", "early", "position.y starts moving at 0 s, the target at 1 s: early by 1 s"),
        ("04-keyframe-bounce", "missingAnimation",
         "'ball' needs a KeyframeAnimation on position.y; it had: BasicAnimation on position.y"),
        ("02-fill-backwards", "wrongStart", "opacity starts at 1, the target at 0"),
        ("01-stay-put", "snapsBack",
         "position.x snaps back to 100 at 2 s: the animation was removed at its end and the model value was never set (set position.x to 500 as you add the animation, or keep it with fillMode = \"forwards\" and removedOnCompletion = false)"),
    ])
    func startSays(exercise: String, code: String, message: String) throws {
        let checker = try ExerciseFolders.checker(exercise)
        let report = try checker.check(submission: checker.exercise.startPath)
        #expect(report.findings.contains(Finding(Finding.Code(rawValue: code) ?? .different, message)),
                "\(report.findings.map { "\($0.code.rawValue): \($0.message)" })")
    }

    @Test func missingLayerNamesTheLayersFound() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("named.lua", """
            ca.root:addSublayer(ca.Layer{ name = "Box", bounds = { 0, 0, 10, 10 } })
            ca.root:addSublayer(ca.Layer{ name = "label", bounds = { 0, 0, 10, 10 } })
            """)
        let report = try ExerciseFolders.checker("01-stay-put").check(submission: script, file: "named.lua")
        #expect(report.verdict == .fail)
        #expect(report.findings == [Finding(.missingLayer, "no layer named 'box' (set name = \"box\" on it); the names found: 'Box', 'label'")])
    }

    @Test(arguments: [
        ("error('nope')", Finding.Code.scriptError, "nope"),
        ("while true do end", .timeout, "too long"),
        ("local s = 'x' while true do s = s .. s end", .memory, "memory"),
        ("ca.after(0.5, function() ca.transaction(function() end, { completion = function() error('in completion') end }) end)",
         .scriptError, "in completion"),
    ])
    func runErrorsAreErrors(source: String, code: Finding.Code, fragment: String) throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("bad.lua", source)
        var checker = try ExerciseFolders.checker("01-stay-put")
        checker.budget = .init(timeLimit: 0.5, memoryLimit: 64 << 20)
        let report = try checker.check(submission: script, file: "bad.lua")
        #expect(report.verdict == .error)
        #expect(report.findings.first?.code == code)
        #expect(report.findings.first?.message.contains(fragment) == true, "\(report.findings)")
        #expect(report.maxError == nil)
    }
}
